import { defineSingleton } from '../define.ts';
import { text } from '../textFields.ts';
import { link } from '../linkFields.ts';
import { choice, flag } from '../choiceFields.ts';
import { list } from '../listFields.ts';
import { fieldText } from '../fieldText.ts';

/** How many links a menu holds: a header that still fits on one line of a wide screen, a footer of one block. */
export const MAX_MENU_ITEMS = 12;
export const MAX_DROPDOWN_ITEMS = 12;

/** Where a header item shows: on every screen, only on wide ones, or only in the phone menu. */
export const MENU_SHOW = ['everywhere', 'wide', 'narrow'] as const;

const words = () => text('Words', { translatable: true, required: true, max: 40 });

/**
 * The header menu (with its dropdowns) and the footer links, as content (issue 34): staff add pages
 * or any link, reorder, nest one level and rename on the Menus page. A link to /contact opens the
 * contact form, one to /TableauDashboardEmbed the data dashboard (site settings say where).
 */
export const navigation = defineSingleton({
  name: 'navigation',
  label: 'Menus',
  file: 'site/navigation',
  fields: {
    header: {
      examples: [
        [
          { label: 'HOME', link: '/', show: 'everywhere', event_pages: false, children: [] },
          {
            label: 'EVENTS',
            link: '',
            show: 'wide',
            event_pages: true,
            children: [{ label: 'Camp', link: '/camp' }],
          },
        ],
      ],
      ...list('Header menu', {
        noun: 'menu item',
        min: 1,
        max: MAX_MENU_ITEMS,
        fields: {
          label: words(),
          link: link('Link', { help: 'Leave empty for a dropdown that only opens.' }),
          show: choice('Show on', MENU_SHOW, {
            initial: 'everywhere',
            labels: { everywhere: 'Every screen', wide: 'Wide screens only', narrow: 'Phones only' },
            help: 'A phone shows the menu as one list: its dropdowns can give way to plainer links.',
          }),
          event_pages: flag('List the event pages', {
            help: 'The dropdown also lists the event pages that are shown, as they come and go.',
            yes: 'Yes',
            no: 'No',
          }),
          children: list(
            'Dropdown',
            {
              noun: 'link',
              min: 0,
              max: MAX_DROPDOWN_ITEMS,
              fields: { label: words(), link: link('Link', { required: true }) },
            },
            { nested: true },
          ),
        },
      }),
    },
    footer: {
      ...list('Footer links', {
        noun: 'link',
        min: 0,
        max: MAX_MENU_ITEMS,
        fields: { label: words(), link: link('Link', { required: true }) },
      }),
      examples: [[{ label: 'News', link: '/news' }], []],
    },
  },
  legacy: { endpoint: 'navigation' },
  rules: {
    // An item leads somewhere: its own link, or a dropdown of links.
    check: ({ data }) => {
      const problems: Record<string, string> = {};
      const header = Array.isArray(data.header) ? (data.header as Record<string, unknown>[]) : [];
      header.forEach((item, i) => {
        const children = Array.isArray(item.children) ? item.children.length : 0;
        if (!fieldText(item.link) && !children && !item.event_pages)
          problems[`header.${i}.link`] =
            `Menu item ${i + 1} (${fieldText(item.label)}): give it a link, or links in its dropdown.`;
      });
      return Object.keys(problems).length ? problems : null;
    },
  },
  admin: {
    route: '/NavigationAdminPage',
    description: 'The header menu, its dropdowns and the footer links.',
  },
});
