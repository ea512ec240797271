// The admin area's routes, loaded as one lazy chunk by the app (web/src/App.tsx). The markdown
// editor is a further chunk, fetched only by the markdown helper and the editing screens.
import type { RouteObject } from 'react-router-dom';
import AdminEntityPage from './AdminEntityPage.tsx';
import { AdminError } from './AdminError.tsx';
import AdminHome from './AdminHome.tsx';
import MarkdownHelperPage from './MarkdownHelperPage.tsx';
import AuditLogPage from './audit/AuditLogPage.tsx';
import ContentChecksPage from './checks/ContentChecksPage.tsx';
import { CONTENT_CHECKS_ROUTE } from '../../../server/schema/contentChecks.ts';
import DraftsPage from './drafts/DraftsPage.tsx';
import MediaLibraryPage from './media/MediaLibraryPage.tsx';
import DraftPage from './drafts/DraftPage.tsx';
import AccountPage from './accounts/AccountPage.tsx';
import AccountsPage from './accounts/AccountsPage.tsx';
import InvitePage from './accounts/InvitePage.tsx';
import ResetPage from './accounts/ResetPage.tsx';
import TranslationsPage from './translations/TranslationsPage.tsx';
import TranslatePage from './translations/TranslatePage.tsx';
import WebhooksPage from './webhooks/WebhooksPage.tsx';
import { AUDIT_LOG_ROUTE } from '../../../server/schema/auditEvent.ts';
import {
  ACCOUNT_ROUTE,
  ACCOUNTS_ROUTE,
  adminPages,
  DRAFTS_ROUTE,
  INVITE_ROUTE,
  isListedSection,
  MARKDOWN_EDITOR_ROUTE,
  MEDIA_LIBRARY_ROUTE,
  RESET_ROUTE,
  TRANSLATIONS_ROUTE,
  WEBHOOKS_ROUTE,
} from './pages.ts';
import { getSnapshot } from '../lib/resourceStore.ts';
import { checkAuth, probablySignedIn } from './auth.ts';
import { firstPage, loadEarly, pageKey } from './liveData.ts';
import { applyAdminPageData } from './ssr/adminPageData.ts';

export const ADMIN_HOME_ROUTE = '/admin';

export const adminRoutes: RouteObject[] = [
  { path: ADMIN_HOME_ROUTE, element: <AdminHome />, errorElement: <AdminError /> },
  ...adminPages.map((page): RouteObject => ({
    path: page.route,
    errorElement: <AdminError />,
    element:
      page.route === MARKDOWN_EDITOR_ROUTE ? (
        <MarkdownHelperPage />
      ) : page.route === AUDIT_LOG_ROUTE ? (
        <AuditLogPage />
      ) : page.route === CONTENT_CHECKS_ROUTE ? (
        <ContentChecksPage />
      ) : page.route === DRAFTS_ROUTE ? (
        <DraftsPage />
      ) : page.route === ACCOUNTS_ROUTE ? (
        <AccountsPage />
      ) : page.route === MEDIA_LIBRARY_ROUTE ? (
        <MediaLibraryPage />
      ) : page.route === TRANSLATIONS_ROUTE ? (
        <TranslationsPage />
      ) : page.route === WEBHOOKS_ROUTE ? (
        <WebhooksPage />
      ) : (
        <AdminEntityPage key={page.route} page={page} />
      ),
  })),
  { path: `${DRAFTS_ROUTE}/:id`, element: <DraftPage />, errorElement: <AdminError /> },
  { path: `${TRANSLATIONS_ROUTE}/:entity/:id`, element: <TranslatePage />, errorElement: <AdminError /> },
  { path: ACCOUNT_ROUTE, element: <AccountPage />, errorElement: <AdminError /> },
  { path: `${INVITE_ROUTE}/:token`, element: <InvitePage />, errorElement: <AdminError /> },
  { path: `${RESET_ROUTE}/:token`, element: <ResetPage />, errorElement: <AdminError /> },
];

/** The first page of each list on the admin page at this address. */
function loadListsEarly() {
  const here = location.pathname.replace(/\/+$/, '').toLowerCase();
  const opening = new URLSearchParams(location.search);
  for (const section of adminPages.find((p) => p.route.toLowerCase() === here)?.sections ?? []) {
    if (!isListedSection(section) || opening.has(section.def.name)) continue;
    const key = pageKey(section.def, firstPage);
    // A page drawn by the server brought its lists' first pages, already being refreshed.
    if (getSnapshot(key).data === undefined) loadEarly(key);
  }
}

// This chunk loads on the way to an admin page: take what a page drawn by the server brought, ask
// who is signed in and (when this browser was signed in last time) fetch the page's lists at once,
// side by side, not one after the other.
if (typeof window !== 'undefined') {
  applyAdminPageData();
  void checkAuth();
  if (probablySignedIn()) loadListsEarly();
}

/** Every admin path, for the app's route table. */
export const adminPaths: string[] = adminRoutes.map((r) => r.path!);

export default adminRoutes;
