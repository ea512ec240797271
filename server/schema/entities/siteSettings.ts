import { defineSingleton } from '../define.ts';
import { flag, link, text } from '../fields.ts';

export const siteSettings = defineSingleton({
  name: 'siteSettings',
  label: 'Site settings',
  file: 'site/settings',
  fields: {
    show_banner: flag('Show the banner', { initial: true }),
    banner_to_show: text('Banner to show', { initial: '0', help: 'The id of the selected banner.' }),
    dashboard_url: link('Data dashboard address'),
    dashboard_script_url: link('Dashboard embed script address'),
  },
  legacy: { endpoint: 'globals.php' },
  admin: {
    route: '/BannerAdminPage',
    description: 'Banner on/off and the selected banner; data dashboard addresses.',
  },
});
