import { defineSingleton } from '../define.ts';
import { markdown } from '../textFields.ts';

export const educatorTexts = defineSingleton({
  name: 'educatorTexts',
  label: 'Educator texts',
  file: 'site/educators',
  body: 'proDevAbove',
  fields: {
    proDevAbove: markdown('Professional development (above the button)', { required: true }),
    proDevBelow: markdown('Professional development (below the button)', { required: true }),
    credentialing: markdown('Credentialing', { required: true }),
  },
  legacy: { endpoint: 'resources_text.php' },
  admin: { route: '/ResourcesAdminPage', description: 'Texts on the educators page.' },
});
