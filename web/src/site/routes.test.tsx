// The public route table is built from the server's list of pages (server/schema/sitePaths.ts): every
// page the server renders, lists in the sitemap and searches has its own route, none falls to 404.
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { EVENT_PAGE_PATHS } from '../../../server/schema/site/publicPaths.ts';
import { FIXED_PAGES, PAGED_LISTINGS } from '../../../server/schema/sitePaths.ts';
import { PageOrNotFound } from './sections/StaffPage.tsx';
import { publicRoutes } from './routes.tsx';

const pageFor = (path: string) => {
  const matched = matchRoutes(publicRoutes, path);
  const element = matched?.at(-1)?.route.element;
  return isValidElement(element) ? element.type : undefined;
};

describe('publicRoutes', () => {
  it("gives every fixed page, event page and listing page a page of its own (not 'not found')", () => {
    const paths = [...FIXED_PAGES, ...EVENT_PAGE_PATHS, ...PAGED_LISTINGS.map((l) => `${l.path}/page/2`)];
    for (const path of paths) {
      const page = pageFor(path);
      expect(page, path).toBeTypeOf('function');
      expect(page, path).not.toBe(PageOrNotFound);
    }
    // A listing's numbered page is the listing's own page.
    for (const l of PAGED_LISTINGS) expect(pageFor(`${l.path}/page/3`)).toBe(pageFor(l.path));
  });

  it('answers anything else with the pages staff built, or the not-found page', () => {
    expect(pageFor('/no-such-page')).toBe(PageOrNotFound);
    expect(pageFor('/programs/summer-camp')).toBe(PageOrNotFound);
  });
});
