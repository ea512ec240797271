import { defineSingleton } from '../define.ts';
import { markdown, text } from '../textFields.ts';

export const homePage = defineSingleton({
  name: 'homePage',
  label: 'Home page',
  file: 'site/home',
  body: 'content',
  fields: {
    banner_text: markdown('Banner heading', { translatable: true }),
    banner_image_alt: text('Banner image description', {
      translatable: true,
      help: 'Read aloud by screen readers.',
    }),
    heading: markdown('Section 1 heading', { translatable: true }),
    content: markdown('Section 1 text', { translatable: true }),
    heading1: markdown('Statistics heading', { translatable: true }),
    content1: markdown('Statistics sub-heading', { translatable: true }),
    heading2: markdown('Statistics second heading', { translatable: true }),
    largeNumber1: markdown('First large number', { translatable: true }),
    largeNumber1context: markdown('First number context', { translatable: true }),
    largeNumber2: markdown('Second large number', { translatable: true }),
    largeNumber2context: markdown('Second number context', { translatable: true }),
    asteriskText: markdown('Footnote (marked with *)', { translatable: true }),
    quote: markdown('Quote', { translatable: true }),
    quoteAttribution: text('Quote attribution', { translatable: true }),
    doe: markdown('Section 3 text', { translatable: true }),
  },
  legacy: { endpoint: 'homepage.php' },
  admin: { route: '/HomePageAdminPage', description: 'Every text on the home page.' },
});
