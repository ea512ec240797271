// The admin's reads, kept fresh: a page of a collection (admin/items), one item, or a whole small
// list. The shared cache refreshes documented endpoints when /api/stream names them; pages of
// admin/items are not endpoints the stream names, so the keys in use are refreshed from here, on
// the stream's word. This tab's own saves are not fetched again: the save's answer goes into the
// item and the lines of the lists that show it, and the stream's word of that save is no news.
// While the admin works in a draft (drafts/workingDraft.ts) every key names it: the draft's answers
// are kept apart from the live site's, and a save into the draft is drawn into the draft's lists only.
import { useEffect } from 'react';
import type { EntityDef, Fields } from '../../../server/schema/define.ts';
import { entityByName } from '../../../server/schema/registry.ts';
import { holdVersion, onContentChange } from '../lib/liveStream.ts';
import { getSnapshot, load, seed } from '../lib/resourceStore.ts';
import { useApi, type ApiState } from '../lib/useApi.ts';
import type { AdminItem } from './api.ts';
import { draftOfKey, inDraft, workingDraftId } from './drafts/workingDraft.ts';

/**
 * The admin's own cache key for an endpoint: signed-in reads differ from public ones (hidden items),
 * and a draft's from the live site's (`draft`: the one worked in, unless said).
 */
export const adminKey = (endpoint: string, draft = workingDraftId()) =>
  inDraft(`${endpoint}${endpoint.includes('?') ? '&' : '?'}admin=1`, draft);
/** Every item of a collection (small lists only), or a singleton. */
export const listKey = (def: EntityDef, draft = workingDraftId()) => adminKey(def.legacy.endpoint, draft);
/** One item of a collection, read by id. */
export const itemKey = (def: EntityDef, id: string, draft = workingDraftId()) =>
  adminKey(`${def.legacy.endpoint}?id=${encodeURIComponent(id)}`, draft);

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

export function pageKey(def: EntityDef, query: ListQuery, per = PER_PAGE, draft = workingDraftId()): string {
  const params = new URLSearchParams({ entity: def.name });
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.sort) params.set('sort', query.sort);
  if (query.dir !== 'asc') params.set('dir', query.dir);
  if (query.page > 1) params.set('page', String(query.page));
  params.set('per', String(per));
  if (draft) params.set('draft', draft);
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

/** Pages and lists not shown when their entity changed: read again when shown again. */
const behind = new Set<string>();

function reload(matches: (endpoint: string) => boolean, pagesOnly: boolean) {
  for (const key of seen) {
    if (pagesOnly && !key.startsWith(`${ITEMS}?`)) continue;
    if (!matches(endpointOf(key))) continue;
    if (inUse.has(key)) load(key);
    else behind.add(key);
  }
}

/** useApi for the admin: the key is refreshed with its entity, and fetched again when shown again. */
export function useAdminApi<T>(key: string): ApiState<T> {
  useEffect(() => {
    inUse.set(key, (inUse.get(key) ?? 0) + 1);
    // An item shown again is fetched again (its last answer shows meanwhile): its form must start
    // from now. A page of items only when its entity changed while it was not shown: pages are
    // never marked stale by the shared cache.
    const again = /[?&]id=/.test(key) || (key.startsWith(`${ITEMS}?`) && behind.has(key));
    behind.delete(key);
    if (seen.has(key) && again) load(key);
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

/** Fetches again everything shown of this entity (after a change whose outcome this tab cannot draw). */
export function refresh(def: EntityDef): void {
  reload((endpoint) => endpoint === def.legacy.endpoint, false);
}

/** The keys of this entity's item, pages and list that this tab has read, of the live site or a draft. */
function keysOf(def: EntityDef, draft: string | null): string[] {
  return [...seen].filter((key) => endpointOf(key) === def.legacy.endpoint && draftOfKey(key) === draft);
}

/** Fields whose change may move an item within a list in this order (stored names, as items carry them). */
function orderFields(def: EntityDef, sort: string): string[] {
  if (sort) return [sort];
  if (def.type !== 'collection' || !def.order) return [];
  // The declared order is a function: the fields it reads are found by letting it read.
  const read = new Set<string>();
  const probe = new Proxy({}, { get: (_t, k) => (typeof k === 'string' && read.add(k), '') });
  try {
    def.order(probe as never, probe as never);
  } catch {
    return Object.keys(def.fields as Fields); // any field may move it
  }
  return [...read];
}

/** A list (or page) with the saved line put in place; null when only the server can say where it goes. */
function withLine(items: AdminItem[], item: AdminItem, moves: string[]): AdminItem[] | null {
  const at = items.findIndex((i) => i.id === item.id);
  const before = at >= 0 ? items[at]! : undefined;
  if (moves.some((f) => before?.[f] !== item[f])) return null;
  if (!before) return items; // not on this page, and its order did not change: it stays off it
  return items.map((i, n) => (n === at ? item : i));
}

/**
 * This tab's save, drawn from its answer: the item, the lines of the lists and pages that show it.
 * A new item, or one whose place in an order changed, makes its pages be read again: only the
 * server knows where it goes. `draft`: the draft it was saved into (only its lists show it).
 */
export function applySaved(
  def: EntityDef,
  answer: AdminItem & { message?: string; carried?: unknown },
  created = false,
  draft = workingDraftId(),
): void {
  const { message: _m, carried: _c, ...item } = answer;
  const line = item as AdminItem;
  // The live stream tells of live saves only: a draft's save is never heard there.
  if (!draft) holdVersion(def.name, line.id, line.version);
  if (def.type === 'singleton') {
    seed(listKey(def, draft), line);
    return;
  }
  for (const key of keysOf(def, draft)) {
    const data = getSnapshot<AdminItem | AdminItem[] | ItemPage>(key).data;
    const items = linesOf(data);
    if (!items) {
      if (data && key === itemKey(def, line.id, draft)) seed(key, line);
      continue;
    }
    const params = new URLSearchParams(key.split('?')[1] ?? '');
    const searched = key.startsWith(`${ITEMS}?`) && !!params.get('q');
    const moves = searched
      ? Object.keys(line).filter((f) => f !== 'version')
      : orderFields(def, params.get('sort') ?? '');
    const next = created ? null : withLine(items, line, moves);
    if (!next) {
      if (inUse.has(key)) load(key);
      else behind.add(key);
    } else if (next !== items) {
      seed(key, Array.isArray(data) ? next : { ...(data as ItemPage), items: next });
    }
  }
}

const isPage = (data: unknown): data is ItemPage =>
  typeof data === 'object' && data !== null && Array.isArray((data as ItemPage).items);

/** The lines of a whole list or a page; null for one item. */
function linesOf(data: unknown): AdminItem[] | null {
  if (Array.isArray(data)) return data as AdminItem[];
  return isPage(data) ? data.items : null;
}

/** This tab's delete: its line leaves the lists; a page with more after it is read again. */
export function applyDeleted(def: EntityDef, id: string, draft = workingDraftId()): void {
  if (!draft) holdVersion(def.name, id, null);
  for (const key of keysOf(def, draft)) {
    const data = getSnapshot<AdminItem | AdminItem[] | ItemPage>(key).data;
    const items = linesOf(data);
    if (!items?.some((i) => i.id === id)) continue;
    const rest = items.filter((i) => i.id !== id);
    if (Array.isArray(data)) seed(key, rest);
    else if (!isPage(data)) continue;
    else if (data.page < data.pages) {
      if (inUse.has(key)) load(key);
      else behind.add(key);
    } else
      seed(key, {
        ...data,
        items: rest,
        total: data.total - 1,
        pages: Math.max(1, Math.ceil((data.total - 1) / data.per)),
      });
  }
}
