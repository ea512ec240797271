import { byLastWordOfName, defineCollection } from '../define.ts';
import { image } from '../mediaFields.ts';
import { markdown, text } from '../textFields.ts';

export const profile = defineCollection({
  name: 'profiles',
  label: 'Staff profiles',
  folder: 'profiles',
  itemNoun: 'this Profile',
  body: 'title',
  fields: {
    name: text('Name', { required: true }),
    title: markdown('Title', { translatable: true, help: 'Role and a short line about the person.' }),
    headshot: image('Headshot', { alt: { from: 'name' } }),
  },
  order: byLastWordOfName,
  legacy: { endpoint: 'about_us.php' },
  admin: {
    route: '/AboutUsAdminPage',
    description: 'Mission, values and staff profiles.',
    titleField: 'name',
  },
});
