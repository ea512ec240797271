import { byNumericId, defineCollection } from '../define.ts';
import { flag, link, text } from '../fields.ts';

export const banner = defineCollection({
  name: 'banners', label: 'Banners', folder: 'banners', itemNoun: 'this banner',
  fields: {
    banner_text: text('Banner text', { required: true }),
    banner_link: link('Banner link'),
    banner_link_text: text('Link text'),
    hidden: flag('Hidden', { yes: 'Hidden', no: 'Shown' }),
  },
  order: byNumericId,
  legacy: { endpoint: 'get_headder.php' },
  admin: { route: '/BannerAdminPage', description: 'The banner across the top of every page: its text, link, and which one shows.', titleField: 'banner_text' },
});
