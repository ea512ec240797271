// The sitemap lists only pages the web app routes, and robots.txt keeps crawlers out of every admin
// page the web app has.
import { expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { ADMIN_PATHS, publicRoutes } from '../../web/src/App.tsx';
import { EVENT_PAGE_URLS } from '../schema/entities/majorEvent.ts';
import { ADMIN_PAGE_PATHS, FIXED_PAGES } from './publicPages.ts';

function routed(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((r) => {
    const joined = r.path && `${base.replace(/\/$/, '')}/${r.path.replace(/^\//, '')}`;
    const here = r.index ? base || '/' : joined || base;
    return [...(r.path || r.index ? [here] : []), ...routed(r.children ?? [], here)];
  });
}

it('every page in the sitemap, fixed or an event page, is a route of the web app', () => {
  const paths = new Set(routed(publicRoutes).map((p) => p.toLowerCase()));
  for (const p of [...FIXED_PAGES, ...EVENT_PAGE_URLS]) expect(paths.has(p.toLowerCase()), p).toBe(true);
});

it('robots.txt names every admin page of the web app', () => {
  for (const p of ADMIN_PATHS) expect(ADMIN_PAGE_PATHS, p).toContain(p);
});
