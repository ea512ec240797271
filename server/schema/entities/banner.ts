import { byNumericId, defineCollection } from '../define.ts';
import { flag } from '../choiceFields.ts';
import { link } from '../linkFields.ts';
import { text } from '../textFields.ts';
import { scheduleFields } from '../schedule.ts';

export const banner = defineCollection({
  name: 'banners',
  label: 'Banners',
  folder: 'banners',
  itemNoun: 'this banner',
  fields: {
    banner_text: text('Banner text', { translatable: true, required: true }),
    banner_link: link('Banner link'),
    banner_link_text: text('Link text', { translatable: true }),
    // Kept so stored files and the documented wire still read, but the admin no longer offers it:
    // the public site shows the banner the settings select, whatever this flag says (issue 11).
    hidden: { ...flag('Hidden', { yes: 'Hidden', no: 'Shown' }), formHidden: true },
    ...scheduleFields(),
  },
  order: byNumericId,
  legacy: { endpoint: 'get_headder.php' },
  admin: {
    route: '/BannerAdminPage',
    description: 'The banner across the top of every page: its text, its link, and whether it shows.',
    titleField: 'banner_text',
  },
});
