// The admin routes of the second document: the server sends them the admin app's empty page and the
// browser loads the admin app there. Imports nothing, so the server can tell them apart at once.
export const ADMIN_PATHS = [
  '/admin',
  '/EventsAdminPage',
  '/pdfPage',
  '/NewsAdminPage',
  '/BannerAdminPage',
  '/MajorEventsAdminPage',
  '/PolicyAdminPage',
  '/AboutUsAdminPage',
  '/DropDownEventsAdminPage',
  '/ResourcesAdminPage',
  '/SpotlightAdminPage',
  '/HomePageAdminPage',
  '/FooterAdminPage',
  '/StatePolicyAdminPage',
  '/MarkdownEditor',
  '/MessagesAdminPage',
  '/AuditLogAdminPage',
  '/RedirectsAdminPage',
  '/ContentChecksAdminPage',
] as const;

export function isAdminPath(pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '').toLowerCase();
  return ADMIN_PATHS.some((a) => p === a.toLowerCase() || p.startsWith(`${a.toLowerCase()}/`));
}
