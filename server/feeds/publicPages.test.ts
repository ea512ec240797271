// The sitemap lists exactly the pages the web app routes, and robots.txt keeps crawlers out of every
// admin page the web app has.
import { expect, it } from 'vitest';
import { ADMIN_PATHS } from '../schema/site/adminPaths.ts';
import { EVENT_PAGE_PATHS, PUBLIC_PATHS } from '../schema/site/publicPaths.ts';
import { EVENT_PAGE_URLS } from '../schema/entities/majorEvent.ts';
import { ADMIN_PAGE_PATHS, FIXED_PAGES } from './publicPages.ts';

const lower = (paths: readonly string[]) => new Set(paths.map((p) => p.toLowerCase()));

it("the fixed pages are the web app's public pages but the event pages (listed when shown)", () => {
  const eventPages = lower(EVENT_PAGE_PATHS);
  expect(lower(FIXED_PAGES)).toEqual(lower(PUBLIC_PATHS.filter((p) => !eventPages.has(p.toLowerCase()))));
  // Every address an event page can take is a route of the web app.
  const routed = lower(PUBLIC_PATHS);
  for (const url of EVENT_PAGE_URLS) expect(routed.has(url.toLowerCase()), url).toBe(true);
});

it('robots.txt names every admin page of the web app', () => {
  for (const p of ADMIN_PATHS) expect(ADMIN_PAGE_PATHS, p).toContain(p);
});
