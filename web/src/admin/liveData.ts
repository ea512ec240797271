// The admin's reads, kept fresh: a page of a collection (admin/items), one item, or a whole small
// list. They are kept here, not by the shared cache, on the stream's word (while the admin works in
// a draft, drafts/workingDraft.ts, every key names it: a draft's answers are kept apart from the live
// site's, and the stream, which tells of the live site only, never changes them):
// - this tab's own create, save, restore and delete are drawn from the save's answer: the item, and
//   its line put where the server puts it in each list and page shown (listPatch.ts); the stream's
//   word of that save is no news;
// - someone else's save names the items it wrote: the one item is read (one request), and its line
//   is drawn the same way; a delete needs no request at all;
// - what the stream cannot name (a hand edit, a pull, a reconnect) reads again what is shown of it.
// A page is read again only when its lines depend on a neighbouring page it does not hold.
import { useEffect } from 'react';
import type { CollectionDef, EntityDef } from '../../../server/schema/define.ts';
import { searchWords } from '../../../server/schema/listOrder.ts';
import { entityByName } from '../../../server/schema/registry.ts';
import { holdVersion, onContentChange, type StreamChange } from '../lib/liveStream.ts';
import { getSnapshot, keepFreshElsewhere, load, seed } from '../lib/resourceStore.ts';
import { useApi, type ApiState } from '../lib/useApi.ts';
import { getJson, type AdminItem } from './api.ts';
import { draftOfKey, inDraft, workingDraftId } from './drafts/workingDraft.ts';
import { DECLARED, patchList, wholeList, type Before, type ListShape, type ListView } from './listPatch.ts';

/** The admin's own cache key for an endpoint: signed-in reads differ from public ones (hidden items). */
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

const isPageKey = (key: string) => key.startsWith(`${ITEMS}?`);
const isItemKey = (key: string) => !isPageKey(key) && /[?&]id=/.test(key);
const isAdminKey = (key: string) =>
  isPageKey(key) || new URLSearchParams(key.split('?')[1] ?? '').get('admin') === '1';
keepFreshElsewhere(isAdminKey);

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

/** Keys not shown when their entity changed: read again when shown again. */
const behind = new Set<string>();

/** Reads a key again now if it is shown, else when it is shown again. */
function readAgain(key: string): void {
  if (inUse.has(key)) load(key);
  else behind.add(key);
}

/** useApi for the admin: the key is kept fresh with its entity, and fetched again when shown again. */
export function useAdminApi<T>(key: string): ApiState<T> {
  useEffect(() => {
    inUse.set(key, (inUse.get(key) ?? 0) + 1);
    // An item shown again is fetched again (its last answer shows meanwhile): its form must start
    // from now. A list or page only when its entity changed while it was not shown.
    const again = isItemKey(key) || behind.has(key);
    behind.delete(key);
    if (seen.has(key) && again) load(key);
    else if (early.has(key) && getSnapshot(key).error) load(key);
    early.delete(key);
    seen.add(key);
    unsubscribe ??= onContentChange(heard);
    return () => {
      const n = (inUse.get(key) ?? 1) - 1;
      if (n > 0) inUse.set(key, n);
      else inUse.delete(key);
    };
  }, [key]);
  return useApi<T>(key);
}

/**
 * The keys of this entity's item, pages and list that this tab has read, of the live site (`draft`
 * null: what the live stream tells of) or of a draft (only this tab's own saves change those).
 */
function keysOf(def: EntityDef, draft: string | null = null): string[] {
  return [...seen].filter((key) => endpointOf(key) === def.legacy.endpoint && draftOfKey(key) === draft);
}

/** Fetches again everything shown of this entity (after a change whose outcome this tab cannot draw). */
export function refresh(def: EntityDef, draft = workingDraftId()): void {
  for (const key of keysOf(def, draft)) readAgain(key);
}

/** The stream's word of a change this tab did not make (or did not make alone). */
function heard(endpoints: readonly string[] | 'all', change?: StreamChange): void {
  if (endpoints === 'all') {
    for (const key of seen) readAgain(key);
    return;
  }
  if (!change) {
    for (const key of seen) if (endpoints.includes(endpointOf(key))) readAgain(key);
    return;
  }
  for (const name of change.entities) {
    const def = entityByName.get(name);
    if (!def) continue;
    if (!change.saved) {
      for (const key of keysOf(def)) readAgain(key);
      continue;
    }
    const items = change.saved.filter((s) => s.entity === name);
    for (const gone of items.filter((s) => s.version === null)) placeItem(def, gone.id, null);
    const written = items.filter((s) => s.version !== null);
    // One item is read and put in place; several at once (cards a renamed page carried), the
    // lists that show them are read instead.
    if (written.length === 1) void readItem(def, written[0]!.id);
    else if (written.length > 1) for (const key of keysOf(def)) readAgain(key);
  }
}

/** What this tab last read of an item: its own answer when it has one, else unknown. */
function knownItem(def: EntityDef, id: string, draft: string | null = null): Before {
  return getSnapshot<AdminItem>(itemKey(def, id, draft)).data ?? 'unknown';
}

/** A key's lines as a list view, with the search and order it was asked with; null for one item. */
function listOf(key: string, data: unknown): { view: ListView; shape: ListShape; whole: boolean } | null {
  if (Array.isArray(data)) return { view: wholeList(data as AdminItem[]), shape: DECLARED, whole: true };
  if (!isPage(data)) return null;
  const params = new URLSearchParams(key.split('?')[1] ?? '');
  const shape: ListShape = {
    words: searchWords(params.get('q') ?? ''),
    sort: params.get('sort') ?? '',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
  };
  return { view: data, shape, whole: false };
}

/**
 * The item `id` is now `after` (null: deleted): its own key and every list and page of the entity
 * this tab holds are drawn anew; the ones only the server can tell are read again.
 */
function placeItem(
  def: EntityDef,
  id: string,
  after: AdminItem | null,
  before = knownItem(def, id),
  keys = keysOf(def),
  draft: string | null = null,
): void {
  const own = itemKey(def, id, draft);
  for (const key of keys) {
    const data = getSnapshot<unknown>(key).data;
    if (data === undefined) continue;
    if (key === own) {
      if (after) seed(key, after);
      continue;
    }
    const list = def.type === 'collection' ? listOf(key, data) : null;
    if (!list) continue;
    const next = patchList(def as CollectionDef, list.shape, list.view, id, before, after, list.whole);
    if (!next) readAgain(key);
    else if (next !== list.view) seed(key, list.whole ? next.items : next);
  }
}

/** The latest read of each item someone else changed: an older answer arriving late is dropped. */
const reading = new Map<string, number>();

/** Someone else saved this item: it is read (one request) and drawn where this tab holds it. */
async function readItem(def: EntityDef, id: string): Promise<void> {
  if (def.type === 'singleton') {
    for (const key of keysOf(def)) readAgain(key);
    return;
  }
  // The item is read when something shown needs it; lists held but not shown are drawn from it
  // too. A page that does not hold the item and cannot tell where it was is read now instead (the
  // item would not tell it either).
  const before = knownItem(def, id);
  const targets: string[] = [];
  let wanted = false;
  for (const key of keysOf(def)) {
    const data = getSnapshot<unknown>(key).data;
    if (data === undefined || (isItemKey(key) && key !== itemKey(def, id, null))) continue;
    const list = listOf(key, data);
    const placeable =
      !list ||
      list.whole ||
      before !== 'unknown' ||
      list.view.items.some((i) => i.id === id) ||
      list.view.items.length === list.view.total;
    if (!placeable) readAgain(key);
    else {
      targets.push(key);
      if (inUse.has(key)) wanted = true;
    }
  }
  if (!wanted) {
    for (const key of targets) behind.add(key);
    return;
  }
  const mark = `${def.name}/${id}`;
  const turn = (reading.get(mark) ?? 0) + 1;
  reading.set(mark, turn);
  let item: AdminItem;
  try {
    item = await getJson<AdminItem>(itemKey(def, id, null));
  } catch {
    // Gone again, or the server could not be reached: what is shown of it is read again.
    if (reading.get(mark) === turn) for (const key of targets) readAgain(key);
    return;
  }
  if (reading.get(mark) === turn) placeItem(def, id, item, before, targets);
}

/**
 * This tab's save, drawn from its answer: the item, and its line in the lists and pages that show
 * it, put where the server puts it (a new item, or one whose place in an order changed, too).
 */
export function applySaved(
  def: EntityDef,
  answer: AdminItem & { message?: string; carried?: unknown },
  created = false,
  draft = workingDraftId(),
): void {
  const { message: _m, carried: _c, ...item } = answer;
  const line = item as AdminItem;
  // The live stream tells of live saves only: a save into a draft is never heard there.
  if (!draft) holdVersion(def.name, line.id, line.version);
  if (def.type === 'singleton') {
    seed(listKey(def, draft), line);
    return;
  }
  const before = created ? undefined : knownItem(def, line.id, draft);
  placeItem(def, line.id, line, before, keysOf(def, draft), draft);
}

const isPage = (data: unknown): data is ItemPage =>
  typeof data === 'object' && data !== null && Array.isArray((data as ItemPage).items);

/** This tab's delete: its line leaves the lists (a page with more after it is read again). */
export function applyDeleted(def: EntityDef, id: string, draft = workingDraftId()): void {
  if (!draft) holdVersion(def.name, id, null);
  placeItem(def, id, null, knownItem(def, id, draft), keysOf(def, draft), draft);
}
