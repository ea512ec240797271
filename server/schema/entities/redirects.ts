import { defineSingleton } from '../define.ts';
import { lines } from '../textFields.ts';
import { parseRedirects, redirectKey, redirectProblems } from '../redirects.ts';
import { FIXED_PAGES, NUMBERED_LISTING_PAGE } from '../sitePaths.ts';
import { majorEvent } from './majorEvent.ts';
import { fieldText } from '../fieldText.ts';

const FIXED = new Set(FIXED_PAGES.map((p) => redirectKey(p)));

export const redirects = defineSingleton({
  name: 'redirects',
  label: 'Redirects',
  file: 'site/redirects',
  body: 'rules',
  fields: {
    rules: lines('Redirects', {
      rows: 12,
      help:
        'One per line: the old address, then the new one (/old-page /new-page). Write “gone” instead ' +
        'of a new address for a page that is retired (/old-page gone), optionally followed by what ' +
        'replaced it. Old addresses may be pasted whole (https://old-site.org/page.php?id=3). Lines ' +
        'starting with # are notes.',
      placeholder: '/old-page /new-page',
      examples: ['# Moved pages\n/oldnews /news\n/papers/2019.pdf gone /research'],
    }),
  },
  legacy: { endpoint: 'redirects.php' },
  // Every line must read as a redirect, and none may send visitors in circles, the long way round,
  // or away from a page the site has.
  rules: {
    check: ({ data, items, entity }) => {
      const { redirects: list, problems } = parseRedirects(fieldText(data.rules));
      // The event pages' and staff's pages' addresses: pages the site has.
      const pageAddresses = new Set(
        items
          .list(majorEvent)
          .flatMap((e) =>
            typeof e.data.page_url === 'string' && e.data.page_url ? [redirectKey(e.data.page_url)] : [],
          ),
      );
      const pages = entity('pages');
      for (const p of pages ? items.list(pages) : []) pageAddresses.add(redirectKey(fieldText(p.data.path)));
      const isSitePage = (key: string) =>
        FIXED.has(key) || pageAddresses.has(key) || NUMBERED_LISTING_PAGE.test(key);
      const all = [...problems, ...redirectProblems(list, isSitePage)].sort((a, b) => a.line - b.line);
      return all.length ? { rules: all.map((p) => p.message).join(' ') } : null;
    },
  },
  admin: {
    route: '/RedirectsAdminPage',
    description: 'Old addresses sent on to their new home, or marked as gone.',
  },
});
