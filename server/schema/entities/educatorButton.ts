import { defineSingleton } from '../define.ts';
import { link } from '../linkFields.ts';
import { text } from '../textFields.ts';

export const educatorButton = defineSingleton({
  name: 'educatorButton',
  label: 'Educator button',
  file: 'site/educator-button',
  fields: {
    text: text('Button text', { translatable: true, required: true }),
    link: link('Button link', {
      required: true,
      help: 'A page of this site starts with /, e.g. /summerOfCS.',
    }),
  },
  legacy: { endpoint: 'resources_button.php' },
  admin: { route: '/ResourcesAdminPage', description: 'The main button on the educators page.' },
});
