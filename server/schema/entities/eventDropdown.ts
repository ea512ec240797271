import { byNumericId, defineCollection } from '../define.ts';
import { image } from '../mediaFields.ts';
import { markdown, text } from '../textFields.ts';

export const eventDropdown = defineCollection({
  name: 'eventDropdowns',
  label: 'Summer symposium dropdowns',
  folder: 'event-dropdowns',
  itemNoun: 'this Dropdown Event',
  body: 'content',
  fields: {
    title: text('Title', { translatable: true, required: true }),
    content: markdown('Content', { translatable: true, required: true }),
    image_icon: image('Icon', { help: 'Optional. Without one, a built-in icon is used.', alt: 'decorative' }),
  },
  order: byNumericId,
  legacy: { endpoint: 'event_dropdowns.php' },
  admin: {
    route: '/DropDownEventsAdminPage',
    description: 'The expandable details on the summer symposium page, and its workshop schedule image.',
    titleField: 'title',
  },
});
