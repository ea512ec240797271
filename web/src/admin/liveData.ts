// The admin's reads, kept fresh: a page of a collection (admin/items), one item, or a whole small
// list. The shared cache refreshes documented endpoints when /api/stream names them; pages of
// admin/items are not endpoints the stream names, so the keys in use are refreshed from here, on
// the stream's word and right after this tab's own saves.
import { useEffect } from 'react';
import type { EntityDef } from '../../../server/schema/define.ts';
import { entityByName } from '../../../server/schema/registry.ts';
import { onContentChange } from '../lib/liveStream.ts';
import { getSnapshot, load } from '../lib/resourceStore.ts';
import { useApi, type ApiState } from '../lib/useApi.ts';
import type { AdminItem } from './api.ts';

/** The admin's own cache key for an endpoint: signed-in reads differ from public ones (hidden items). */
export const adminKey = (endpoint: string) => `${endpoint}${endpoint.includes('?') ? '&' : '?'}admin=1`;
/** Every item of a collection (small lists only), or a singleton. */
export const listKey = (def: EntityDef) => adminKey(def.legacy.endpoint);
/** One item of a collection, read by id. */
export const itemKey = (def: EntityDef, id: string) =>
  adminKey(`${def.legacy.endpoint}?id=${encodeURIComponent(id)}`);

export const PER_PAGE = 25;

export interface ListQuery {
  q: string;
  /** A declared field, 'id', or '' for the collection's declared order. */
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
}
export const firstPage: ListQuery = { q: '', sort: '', dir: 'asc', page: 1 };

export interface ItemPage {
  items: AdminItem[];
  total: number;
  page: number;
  per: number;
  pages: number;
}

const ITEMS = 'admin/items';

export function pageKey(def: EntityDef, query: ListQuery, per = PER_PAGE): string {
  const params = new URLSearchParams({ entity: def.name });
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.sort) params.set('sort', query.sort);
  if (query.dir !== 'asc') params.set('dir', query.dir);
  if (query.page > 1) params.set('page', String(query.page));
  params.set('per', String(per));
  return `${ITEMS}?${params.toString()}`;
}

/** The endpoint whose change changes what a key answers. */
function endpointOf(key: string): string {
  const [base, search = ''] = key.split('?');
  if (base !== ITEMS) return base!;
  return entityByName.get(new URLSearchParams(search).get('entity') ?? '')?.legacy.endpoint ?? '';
}

const inUse = new Map<string, number>();
const seen = new Set<string>();
const early = new Set<string>();

/**
 * Starts loading a key before anything shows it (the list of the page being opened, while the
 * sign-in is still being checked). Refused because nobody is signed in yet, it is loaded again
 * once shown.
 */
export function loadEarly(key: string): void {
  early.add(key);
  load(key);
}
let unsubscribe: (() => void) | null = null;

function reload(matches: (endpoint: string) => boolean, pagesOnly: boolean) {
  for (const key of inUse.keys()) {
    if ((!pagesOnly || key.startsWith(`${ITEMS}?`)) && matches(endpointOf(key))) load(key);
  }
}

/** useApi for the admin: the key is refreshed with its entity, and fetched again when shown again. */
export function useAdminApi<T>(key: string): ApiState<T> {
  useEffect(() => {
    inUse.set(key, (inUse.get(key) ?? 0) + 1);
    // A page of items or an item shown again is fetched again (its last answer shows meanwhile):
    // pages are never marked stale by the shared cache, and an item's form must start from now.
    if (seen.has(key) && (key.startsWith(`${ITEMS}?`) || /[?&]id=/.test(key))) load(key);
    else if (early.has(key) && getSnapshot(key).error) load(key);
    early.delete(key);
    seen.add(key);
    unsubscribe ??= onContentChange((endpoints) => {
      reload((endpoint) => endpoints === 'all' || endpoints.includes(endpoint), true);
    });
    return () => {
      const n = (inUse.get(key) ?? 1) - 1;
      if (n > 0) inUse.set(key, n);
      else inUse.delete(key);
    };
  }, [key]);
  return useApi<T>(key);
}

/** Fetches again everything shown of this entity (after this tab saved or deleted one). */
export function refresh(def: EntityDef): void {
  reload((endpoint) => endpoint === def.legacy.endpoint, false);
}
