// The public route table, shared by the browser (hydration, client navigation) and the server
// (server/site/: every public page rendered to HTML). Nothing here may need a bundler or a browser:
// no CSS imports, no import.meta.glob, no window. The admin area is another app (web/src/AdminApp.tsx).
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
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { PolicyPage } from './pages/PolicyPage.tsx';
import { ResearchPage } from './pages/ResearchPage.tsx';
import { SearchPage } from './pages/SearchPage.tsx';
import { SpotlightPage } from './pages/SpotlightPage.tsx';
import { SummerOfCsPage } from './pages/SummerOfCsPage.tsx';
import { EVENT_PAGE_PATHS } from '../../../server/schema/site/publicPaths.ts';

export const publicRoutes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'educators', element: <EducatorsPage /> },
      { path: 'summerOfCS', element: <SummerOfCsPage /> },
      ...EVENT_PAGE_PATHS.map((path) => ({ path, element: <EventPage /> })),
      { path: 'researchAndPolicy', element: <PolicyPage /> },
      { path: 'news', element: <NewsPage /> },
      // The news a page at a time (paging.ts); /news itself is page 1.
      { path: 'news/page/:page', element: <NewsPage /> },
      { path: 'events', element: <EventsPage /> },
      // The events a page at a time too; /events itself is page 1.
      { path: 'events/page/:page', element: <EventsPage /> },
      { path: 'spotlight', element: <SpotlightPage /> },
      { path: 'research', element: <ResearchPage /> },
      { path: 'TableauDashboardEmbed', element: <DashboardPage /> },
      // Not in the spec's table: the contact form without JavaScript (the popup's page).
      { path: 'contact', element: <ContactPage /> },
      // Site search: the header's GET form shows its results here (works without JavaScript).
      { path: 'search', element: <SearchPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
