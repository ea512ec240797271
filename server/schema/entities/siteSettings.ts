import { defineSingleton } from '../define.ts';
import { flag } from '../choiceFields.ts';
import { link, scriptLink } from '../linkFields.ts';
import { text } from '../textFields.ts';
import { banner } from './banner.ts';
import { fieldText } from '../fieldText.ts';

export const siteSettings = defineSingleton({
  name: 'siteSettings',
  label: 'Site settings',
  file: 'site/settings',
  fields: {
    show_banner: flag('Show the banner', { initial: true }),
    banner_to_show: text('Banner to show', { initial: '0', help: 'The id of the selected banner.' }),
    dashboard_url: link('Data dashboard address'),
    // Loads code on the public site: admins only, and only from the dashboard service's own host.
    dashboard_script_url: scriptLink('Dashboard embed script address', {
      hosts: ['public.tableau.com'],
      help: 'Only an admin can change this: the script runs on the public site.',
    }),
  },
  legacy: { endpoint: 'globals.php' },
  // A newly selected banner must exist (or be 0, none). Only a change is checked: once the selected
  // banner has been deleted, the other settings (banner on/off, dashboard) must still save.
  rules: {
    check: ({ data, before, items }) => {
      const id = fieldText(data.banner_to_show, '0');
      if (id === '0' || (before && fieldText(before.banner_to_show, '0') === id)) return null;
      if (!/^\d+$/.test(id) || !items.get(banner, id))
        return { banner_to_show: `There is no banner with id ${id}.` };
      return null;
    },
  },
  admin: {
    route: '/BannerAdminPage',
    description: 'Banner on/off and the selected banner; data dashboard addresses.',
  },
});
