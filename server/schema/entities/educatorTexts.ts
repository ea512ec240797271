import { defineSingleton } from '../define.ts';
import { markdown } from '../textFields.ts';

export const educatorTexts = defineSingleton({
  name: 'educatorTexts',
  label: 'Educator texts',
  file: 'site/educators',
  body: 'proDevAbove',
  fields: {
    proDevAbove: markdown('Professional development (above the button)', {
      translatable: true,
      required: true,
    }),
    proDevBelow: markdown('Professional development (below the button)', {
      translatable: true,
      required: true,
    }),
    credentialing: markdown('Credentialing', { translatable: true, required: true }),
  },
  legacy: { endpoint: 'resources_text.php' },
  admin: { route: '/ResourcesAdminPage', description: 'Texts on the educators page.' },
});
