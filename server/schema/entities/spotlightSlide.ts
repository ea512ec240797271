import { byNumericId, defineCollection } from '../define.ts';
import { image } from '../mediaFields.ts';
import { markdown, text } from '../textFields.ts';

export const spotlightSlide = defineCollection({
  name: 'spotlights',
  label: 'Teacher spotlight',
  folder: 'spotlight',
  itemNoun: 'this Spotlight Profile',
  body: 'text',
  fields: {
    title: text('Title', { translatable: true, required: true }),
    text: markdown('Text', { translatable: true, required: true }),
    image: image('Image', { alt: { from: 'title' } }),
  },
  order: byNumericId,
  legacy: { endpoint: 'spotlight.php' },
  admin: {
    route: '/SpotlightAdminPage',
    description: 'The teacher spotlight slides on the About page.',
    titleField: 'title',
  },
});
