// Links from content (DESIGN decision 12): '/x' is a page of this site, anything else is external.
import { normalizeLink } from '../../../server/schema/links.ts';

/** Pages that need a full page load: the dashboard gets its own Content-Security-Policy. */
export const FULL_LOAD_PATHS = ['/tableaudashboardembed'];

/** A page of this site, to be followed inside the app: '/events', not '//host' nor /api or /media. */
export function isSitePath(href: string): boolean {
  const path = href.split(/[?#]/)[0]!.replace(/\/+$/, '').toLowerCase();
  return (
    href.startsWith('/') &&
    !href.startsWith('//') &&
    !/^\/(api|media)(\/|$)/.test(href) &&
    !FULL_LOAD_PATHS.includes(path)
  );
}

/** A link from content as the site may follow it (the server's own rule); anything else is no link. */
export function safeHref(href: string | undefined): string | undefined {
  return normalizeLink(href ?? '') || undefined;
}

/** An address of a page of this site ('/about', '/search?q=x'), not of a file, /api or /media. */
export function isPageAddress(href: string): boolean {
  const path = href.split(/[?#]/)[0]!;
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !/^\/(api|media)(\/|$)/.test(path) &&
    !/\.[a-z0-9]+$/i.test(path)
  );
}
