// The route table. Public pages sit inside the site layout; the admin area (web/src/admin/, built
// separately) is fetched only when an admin address is visited, so public visitors never
// download it: its routes are patched into the router on the first navigation to one of them.
import type { RouteObject } from 'react-router-dom';
import { createBrowserRouter } from 'react-router-dom';
import { Layout } from './site/layout/Layout.tsx';
import { AboutPage } from './site/pages/AboutPage.tsx';
import { DashboardPage } from './site/pages/DashboardPage.tsx';
import { EducatorsPage } from './site/pages/EducatorsPage.tsx';
import { ErrorView } from './site/pages/ErrorView.tsx';
import { EventPage } from './site/pages/EventPage.tsx';
import { EventsPage } from './site/pages/EventsPage.tsx';
import { HomePage } from './site/pages/HomePage.tsx';
import { NewsPage } from './site/pages/NewsPage.tsx';
import { NotFoundPage } from './site/pages/NotFoundPage.tsx';
import { PolicyPage } from './site/pages/PolicyPage.tsx';
import { ResearchPage } from './site/pages/ResearchPage.tsx';
import { SpotlightPage } from './site/pages/SpotlightPage.tsx';
import { SummerOfCsPage } from './site/pages/SummerOfCsPage.tsx';

/** The admin routes of the second document; each loads the admin chunk on first visit. */
export const ADMIN_PATHS = [
  '/admin', '/EventsAdminPage', '/pdfPage', '/NewsAdminPage', '/BannerAdminPage', '/MajorEventsAdminPage',
  '/PolicyAdminPage', '/AboutUsAdminPage', '/DropDownEventsAdminPage', '/ResourcesAdminPage', '/SpotlightAdminPage',
  '/HomePageAdminPage', '/FooterAdminPage', '/StatePolicyAdminPage', '/MarkdownEditor', '/MessagesAdminPage',
  '/AuditLogAdminPage',
] as const;

/** Event pages other than the summer one (spec §2); routes match regardless of case. */
const EVENT_PAGE_PATHS = ['/winterOfCS', '/ECS_Huddle', '/EventPage1', '/EventPage2', '/EventPage3'];

export const publicRoutes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <ErrorView />,
    children: [
      {
        // A page that fails keeps the navigation and footer around its error view.
        errorElement: <ErrorView />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'educators', element: <EducatorsPage /> },
          { path: 'summerOfCS', element: <SummerOfCsPage /> },
          ...EVENT_PAGE_PATHS.map((path) => ({ path, element: <EventPage /> })),
          { path: 'researchAndPolicy', element: <PolicyPage /> },
          { path: 'news', element: <NewsPage /> },
          { path: 'events', element: <EventsPage /> },
          { path: 'spotlight', element: <SpotlightPage /> },
          { path: 'research', element: <ResearchPage /> },
          { path: 'TableauDashboardEmbed', element: <DashboardPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

// import.meta.glob keeps the build working before the admin entry exists (it then matches nothing).
const adminEntry = Object.values(
  import.meta.glob<{ adminRoutes: RouteObject[] }>('./admin/AdminRoutes.tsx'),
)[0];

export function isAdminPath(pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '').toLowerCase();
  return ADMIN_PATHS.some((a) => p === a.toLowerCase() || p.startsWith(`${a.toLowerCase()}/`));
}

let adminPatched = false;

export function createRouter() {
  return createBrowserRouter(publicRoutes, {
    async patchRoutesOnNavigation({ path, patch }) {
      if (adminPatched || !adminEntry || !isAdminPath(path)) return;
      const { adminRoutes } = await adminEntry();
      if (adminPatched) return;
      adminPatched = true;
      patch(null, adminRoutes);
    },
  });
}
