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
  '/MediaLibraryAdminPage',
  '/PagesAdminPage',
  '/NavigationAdminPage',
  '/LanguagesAdminPage',
] as const;

const LOWER = ADMIN_PATHS.map((a) => a.toLowerCase());

/** Whether a path is an admin route or below one, in any case and with any trailing slashes. */
export function isAdminPath(pathname: string): boolean {
  // Asked of every page request: no strings made beyond the lower-case path.
  const p = (pathname.endsWith('/') ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
  return LOWER.some((a) => p.startsWith(a) && (p.length === a.length || p.charCodeAt(a.length) === 0x2f));
}
