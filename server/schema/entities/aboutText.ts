import { defineSingleton } from '../define.ts';
import { markdown } from '../textFields.ts';

export const aboutText = defineSingleton({
  name: 'aboutText',
  label: 'Mission and values',
  file: 'site/about',
  body: 'our_mission',
  fields: {
    our_mission: markdown('Our mission', { translatable: true, required: true }),
    our_values: markdown('Our values', { translatable: true, required: true }),
  },
  legacy: { endpoint: 'about_us_our_mission.php' },
  admin: { route: '/AboutUsAdminPage', description: 'Mission and values.' },
});
