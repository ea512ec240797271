import { defineSingleton } from '../define.ts';
import { markdown } from '../textFields.ts';

export const footer = defineSingleton({
  name: 'footer',
  label: 'Footer',
  file: 'site/footer',
  body: 'legal_notice',
  fields: { legal_notice: markdown('Legal notice', { translatable: true, required: true }) },
  legacy: { endpoint: 'footer.php' },
  admin: { route: '/FooterAdminPage', description: 'The legal notice at the bottom of every page.' },
});
