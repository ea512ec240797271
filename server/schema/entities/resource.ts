import { byNumericId, defineCollection } from '../define.ts';
import { link } from '../linkFields.ts';
import { image } from '../mediaFields.ts';
import { text } from '../textFields.ts';

export const resource = defineCollection({
  name: 'resources',
  label: 'Educator resources',
  folder: 'resources',
  itemNoun: 'this Resource',
  fields: {
    resource_name: text('Resource name', { translatable: true, required: true }),
    url_link: link('Link', { required: true }),
    logo: image('Logo', { alt: 'decorative' }),
  },
  order: byNumericId,
  legacy: { endpoint: 'resources.php' },
  admin: {
    route: '/ResourcesAdminPage',
    description: 'Texts, main button and resource links on the educators page.',
    titleField: 'resource_name',
  },
});
