// The one reading of a query string, for Express (its 'query parser', set in expressApp.ts) and the
// fast path alike: URLSearchParams' decoding; a name sent more than once is an array, which
// queryString (http.ts) and the fast path refuse. And the one reading of a read's options.
import type { MediaMode } from '../content/readModel/readModel.ts';
import type { Shape } from './legacy/wire.ts';
import { PAGE_NUMBER, PAGE_SIZE, pagedEndpoint } from '../schema/site/paging.ts';

export type Query = Record<string, string | string[]>;

export function parseQuery(query: string | null | undefined): Query {
  const out: Query = Object.create(null) as Query;
  if (!query) return out;
  for (const [name, value] of new URLSearchParams(query)) {
    const had = out[name];
    out[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/** A read's options: `?media=url` for media by address (else inline), `?shape=typed` for stored
 *  values (the project's own web app; anyone else gets the documented wire). */
export function readOptions(get: (name: string) => string | undefined): { media: MediaMode; shape: Shape } {
  return {
    media: get('media') === 'url' ? 'url' : 'base64',
    shape: get('shape') === 'typed' ? 'typed' : 'wire',
  };
}

/**
 * The read a list call names with `?page=<n>&size=<m>` (the public site's paged listings): that page's
 * endpoint (`news.php?page=2&size=25`), the list itself when neither is sent, or the fields refused
 * (both go together; a page from 1, a size from 1 to 999, as the read model pages).
 */
export function pagedPath(
  name: string,
  get: (name: string) => string | undefined,
): { path: string } | { refused: Record<string, string> } {
  const page = get('page');
  const size = get('size');
  if (page === undefined && size === undefined) return { path: name };
  const refused: Record<string, string> = {};
  if (page === undefined || !PAGE_NUMBER.test(page)) refused.page = 'A page number from 1';
  if (size === undefined || !PAGE_SIZE.test(size)) refused.size = 'A page size from 1 to 999';
  return Object.keys(refused).length
    ? { refused }
    : { path: pagedEndpoint(name, Number(page), Number(size)) };
}
