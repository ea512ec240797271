// The admin area's routes, loaded as one lazy chunk by the app (web/src/App.tsx). The markdown
// editor is a further chunk, fetched only by the markdown helper and the editing screens.
import type { RouteObject } from 'react-router-dom';
import AdminEntityPage from './AdminEntityPage.tsx';
import { AdminError } from './AdminError.tsx';
import AdminHome from './AdminHome.tsx';
import MarkdownHelperPage from './MarkdownHelperPage.tsx';
import { adminPages, MARKDOWN_EDITOR_ROUTE } from './pages.ts';

export const ADMIN_HOME_ROUTE = '/admin';

export const adminRoutes: RouteObject[] = [
  { path: ADMIN_HOME_ROUTE, element: <AdminHome />, errorElement: <AdminError /> },
  ...adminPages.map((page): RouteObject => ({
    path: page.route,
    errorElement: <AdminError />,
    element: page.route === MARKDOWN_EDITOR_ROUTE ? <MarkdownHelperPage /> : <AdminEntityPage key={page.route} page={page} />,
  })),
];

/** Every admin path, for the app's route table. */
export const adminPaths: string[] = adminRoutes.map((r) => r.path!);

export default adminRoutes;
