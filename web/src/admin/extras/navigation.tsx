// The Menus page (issue 34): the header menu with its dropdowns and the footer links, each a list
// (add, move, copy, remove, rename). A link's box takes any address; beside it, the site's pages to
// choose from: the fixed ones and the pages staff built (GET /api/pages, in the draft worked in).
import { entities } from '../../../../server/schema/registry.ts';
import { FIXED_PAGES } from '../../../../server/schema/sitePaths.ts';
import type { AdminItem } from '../api.ts';
import { textOf } from '../entityApi.ts';
import { listKey, useAdminApi } from '../liveData.ts';
import type { EntityExtras, FieldOptions } from './types.ts';

/** The fixed pages in the words a menu would use. */
const FIXED_NAMES: Record<(typeof FIXED_PAGES)[number], string> = {
  '/': 'Home',
  '/about': 'About us',
  '/educators': 'Educators',
  '/summerOfCS': 'Summer of CS',
  '/researchAndPolicy': 'Research and policy',
  '/news': 'News',
  '/events': 'Events',
  '/spotlight': 'Teacher spotlight',
  '/research': 'Research papers',
  '/TableauDashboardEmbed': 'Data dashboard',
  '/contact': 'Contact (opens the contact form)',
  '/search': 'Search',
};

export function usePageChoices(): Record<string, FieldOptions> {
  const pages = useAdminApi<AdminItem[]>(listKey(entities.page)).data ?? [];
  const built = pages
    .filter((p) => textOf(p.path))
    .map((p) => ({ value: textOf(p.path), label: `${textOf(p.title) || 'Page'} (${textOf(p.path)})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const fixed = FIXED_PAGES.map((path) => ({ value: path, label: `${FIXED_NAMES[path]} (${path})` }));
  const options = [...built, ...fixed];
  return {
    'header.*.link': { options },
    'header.*.children.*.link': { options },
    'footer.*.link': { options },
  };
}

export const navigationExtras: EntityExtras = {
  heading: 'Menus',
  intro:
    'The menu at the top of every page (its items can open a dropdown of links) and the links at the bottom. Choose a page for each link, or type any address.',
  useFieldOptions: () => usePageChoices(),
};
