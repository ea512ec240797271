// The public route table, shared by the browser (hydration, client navigation) and the server
// (server/site/: every public page rendered to HTML). Nothing here may need a bundler or a browser:
// no CSS imports, no import.meta.glob, no window. The admin area is another app (web/src/AdminApp.tsx).
import { createElement, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './layout/Layout.tsx';
import { AboutPage } from './pages/AboutPage.tsx';
import { ContactPage } from './pages/ContactPage.tsx';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { EducatorsPage } from './pages/EducatorsPage.tsx';
import { EventPage } from './pages/EventPage.tsx';
import { EventsPage } from './pages/EventsPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { NewsPage } from './pages/NewsPage.tsx';
import { PolicyPage } from './pages/PolicyPage.tsx';
import { ResearchPage } from './pages/ResearchPage.tsx';
import { SearchPage } from './pages/SearchPage.tsx';
import { SpotlightPage } from './pages/SpotlightPage.tsx';
import { SummerOfCsPage } from './pages/SummerOfCsPage.tsx';
import { PageOrNotFound } from './sections/StaffPage.tsx';
import { EVENT_PAGE_PATHS } from '../../../server/schema/site/publicPaths.ts';
import { FIXED_PAGES, PAGED_LISTINGS } from '../../../server/schema/sitePaths.ts';

type FixedPage = (typeof FIXED_PAGES)[number];

/**
 * Each fixed page's component, by the address the server renders and lists (server/schema/sitePaths.ts):
 * a page added there without a component here is a compile error.
 */
const PAGES = {
  '/': HomePage,
  '/about': AboutPage,
  '/educators': EducatorsPage,
  '/summerOfCS': SummerOfCsPage,
  '/researchAndPolicy': PolicyPage,
  '/news': NewsPage,
  '/events': EventsPage,
  '/spotlight': SpotlightPage,
  '/research': ResearchPage,
  '/TableauDashboardEmbed': DashboardPage,
  // Not in the spec's table: the contact form without JavaScript (the popup's page).
  '/contact': ContactPage,
  // Site search: the header's GET form shows its results here (works without JavaScript).
  '/search': SearchPage,
} satisfies Record<FixedPage, ComponentType>;

const pageAt = (path: string) => createElement(PAGES[path as FixedPage]);

export const publicRoutes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      ...FIXED_PAGES.map((path) =>
        path === '/'
          ? { index: true, element: pageAt(path) }
          : { path: path.slice(1), element: pageAt(path) },
      ),
      ...EVENT_PAGE_PATHS.map((path) => ({ path, element: <EventPage /> })),
      // The listings a page at a time (paging.ts); the listing's own address is page 1.
      ...PAGED_LISTINGS.map((l) => ({ path: `${l.path.slice(1)}/page/:page`, element: pageAt(l.path) })),
      // Pages staff built (issue 34) at their own addresses; every other address is not found.
      { path: '*', element: <PageOrNotFound /> },
    ],
  },
];
