// The one reading of a query string, for Express (its 'query parser', set in expressApp.ts) and the
// fast path alike: URLSearchParams' decoding; a name sent more than once is an array, which
// queryString (http.ts) and the fast path refuse. And the one reading of a read's options.
import type { MediaMode } from '../content/readModel/readModel.ts';
import type { Shape } from './legacy/wire.ts';

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
