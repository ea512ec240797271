// The public site's paged listings (the news, the events; declared in server/schema/sitePaths.ts):
// page 1 at the listing's own address, the others at <listing>/page/<n>, each with its slice of the
// list read as `<endpoint>?page=<n>&size=<size>`. Shared by the browser, the server's renderer and
// the sitemap: no React, no browser.
import { PAGED_LISTINGS } from '../sitePaths.ts';

export {
  EVENTS_LISTING,
  EVENTS_PER_PAGE,
  NEWS_LISTING,
  NEWS_PER_PAGE,
  PAGED_LISTINGS,
  type PagedListing,
} from '../sitePaths.ts';

/** What a paged read answers: one page of the list (in the list's order) and where it stands. */
export interface ListPage<T> {
  items: T[];
  /** This page's number, from 1. */
  page: number;
  /** How many pages the list has (1 when it is empty). */
  pages: number;
  total: number;
}

export const pagedEndpoint = (endpoint: string, page: number, size: number) =>
  `${endpoint}?page=${page}&size=${size}`;

/** A page number as a paged read spells it: from 1, at most six digits. */
export const PAGE_NUMBER = /^[1-9]\d{0,5}$/;
/** A page size as a paged read spells it: 1 to 999. */
export const PAGE_SIZE = /^[1-9]\d{0,2}$/;

/** What `<endpoint>?page=<n>&size=<m>` (pagedEndpoint's spelling) names, or null for anything else. */
export function pagedEndpointOf(path: string): { endpoint: string; page: number; size: number } | null {
  const m = /^([^?]+)\?page=([^&]*)&size=(.*)$/.exec(path);
  if (!m || !PAGE_NUMBER.test(m[2]!) || !PAGE_SIZE.test(m[3]!)) return null;
  return { endpoint: m[1]!, page: Number(m[2]), size: Number(m[3]) };
}

/** The page count of `total` items, `size` a page: at least 1, so an empty list has its page. */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** Page `n` of the listing at `base`: page 1 is the listing's own address. */
export const pageHref = (base: string, n: number) => (n === 1 ? base : `${base}/page/${n}`);

/**
 * The page an address's page segment names: 1 without one, null for a number that names no page
 * address (0, 1 — page 1 is the listing's own address —, 02, text, or past a million).
 */
export function pageNumberOf(segment: string | undefined): number | null {
  if (segment === undefined) return 1;
  return PAGE_NUMBER.test(segment) && segment !== '1' ? Number(segment) : null;
}

/** A numbered page's address in its own spelling (`/News/page/2/` → `/news/page/2`), else null. */
export function numberedPagePath(pathname: string): string | null {
  const m = /^(\/[^/]+)\/page\/([^/]+)$/i.exec(pathname);
  if (!m) return null;
  const base = PAGED_LISTINGS.find((l) => l.path.toLowerCase() === m[1]!.toLowerCase())?.path;
  const n = pageNumberOf(m[2]);
  return base && n !== null && n > 1 ? pageHref(base, n) : null;
}
