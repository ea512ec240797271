// Links from content (DESIGN decision 12): '/x' is a page of this site, anything else is external.

/** Pages that need a full page load: the dashboard gets its own Content-Security-Policy. */
export const FULL_LOAD_PATHS = ['/tableaudashboardembed'];

/** A page of this site, to be followed inside the app: '/events', not '//host' nor /api or /media. */
export function isSitePath(href: string): boolean {
  const path = href.split(/[?#]/)[0]!.replace(/\/+$/, '').toLowerCase();
  return href.startsWith('/') && !href.startsWith('//') && !/^\/(api|media)(\/|$)/.test(href) && !FULL_LOAD_PATHS.includes(path);
}

/** Only the link schemes the site allows (same list as markdown); anything else becomes no link. */
export function safeHref(href: string | undefined): string | undefined {
  const v = (href ?? '').trim();
  if (!v) return undefined;
  if (v.startsWith('/') || v.startsWith('#') || v.startsWith('?')) return v.startsWith('//') ? undefined : v;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  if (!scheme) return `https://${v}`;
  return ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'].includes(scheme) ? v : undefined;
}
