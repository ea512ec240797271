import { defineSingleton } from '../define.ts';
import { markdown, text } from '../textFields.ts';

export const homePage = defineSingleton({
  name: 'homePage',
  label: 'Home page',
  file: 'site/home',
  body: 'content',
  fields: {
    banner_text: markdown('Banner heading'),
    banner_image_alt: text('Banner image description', { help: 'Read aloud by screen readers.' }),
    heading: markdown('Section 1 heading'),
    content: markdown('Section 1 text'),
    heading1: markdown('Statistics heading'),
    content1: markdown('Statistics sub-heading'),
    heading2: markdown('Statistics second heading'),
    largeNumber1: markdown('First large number'),
    largeNumber1context: markdown('First number context'),
    largeNumber2: markdown('Second large number'),
    largeNumber2context: markdown('Second number context'),
    asteriskText: markdown('Footnote (marked with *)'),
    quote: markdown('Quote'),
    quoteAttribution: text('Quote attribution'),
    doe: markdown('Section 3 text'),
  },
  legacy: { endpoint: 'homepage.php' },
  admin: { route: '/HomePageAdminPage', description: 'Every text on the home page.' },
});
