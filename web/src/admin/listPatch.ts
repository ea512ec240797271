// A list or page the admin shows, with one item changed in it, worked out in the browser: an item
// created, saved, moved in the order, restored or deleted goes where the server would put it, with
// the same search and comparison (server/schema/listOrder.ts). A page knows only its own lines: when
// the change needs a line of a neighbouring page (an item left the page and the next one moves up,
// or it came from an earlier page), or a tie only the server can break, the answer is null and the
// page is read again.
import type { CollectionDef } from '../../../server/schema/define.ts';
import {
  listComparator,
  matchesWords,
  searchedFields,
  searchText,
} from '../../../server/schema/listOrder.ts';
import type { AdminItem } from './api.ts';

export interface ListView {
  items: AdminItem[];
  total: number;
  page: number;
  per: number;
  pages: number;
}

export interface ListShape {
  /** Lower-cased words every item shown holds. */
  words: readonly string[];
  sort: string;
  dir: 'asc' | 'desc';
}

/**
 * What the tab knew of the item before the change: undefined when it did not exist, 'unknown' when
 * it existed but the tab never read it (a page that shows it has its own copy).
 */
export type Before = AdminItem | undefined | 'unknown';

/** A whole list (all items in the declared order) as a page of its own. */
export const wholeList = (items: AdminItem[]): ListView => ({
  items,
  total: items.length,
  page: 1,
  per: Math.max(1, items.length),
  pages: 1,
});
export const DECLARED: ListShape = { words: [], sort: '', dir: 'asc' };

/**
 * The view with `after` (null: deleted) in place of the item `id`; null when only the server can say
 * what the view holds now. A whole list (from `wholeList`) grows past its `per` as needed.
 */
export function patchList(
  def: CollectionDef,
  shape: ListShape,
  view: ListView,
  id: string,
  before: Before,
  after: AdminItem | null,
  whole = false,
): ListView | null {
  const cmp = listComparator(def, shape.sort, shape.dir);
  const keys = searchedFields(def);
  const matches = (item: AdminItem) => matchesWords(searchText(keys, item), shape.words);
  const per = whole ? Number.MAX_SAFE_INTEGER : view.per;
  const start = (view.page - 1) * per;
  const at = view.items.findIndex((i) => i.id === id);
  const known = view.items.filter((i) => i.id !== id);
  // Items of the list before this view, and after it, that the view does not hold.
  let earlier = start;
  let later = view.total - start - view.items.length;
  if (later < 0) return null;

  // Where the item was: on this view, before or after it, or not in the list at all.
  let removed = at >= 0;
  if (!removed && (earlier > 0 || later > 0) && before !== undefined) {
    if (before === 'unknown') return null;
    if (matches(before)) {
      if (!known.length) return null;
      if (earlier > 0 && cmp(before, known[0]!) < 0) earlier -= 1;
      else if (later > 0 && cmp(before, known.at(-1)!) > 0) later -= 1;
      else return null;
      removed = true;
    }
  }
  const inserted = !!after && matches(after);
  const total = view.total - Number(removed) + Number(inserted);
  const count = Math.min(per, total - start);
  if (count <= 0 && start > 0) return null; // the page is past the end now: the server shows the last
  const shown = Math.max(0, count);

  // Every place the item may take, among the lines known and the unknown ones on either side.
  type Place = { region: 'earlier' | 'later' } | { region: 'here'; slot: number };
  const places: Place[] = [];
  if (after && inserted) {
    const notAfter = (i: number) => known.slice(0, i).every((k) => cmp(k, after) <= 0);
    const notBefore = (i: number) => known.slice(i).every((k) => cmp(k, after) >= 0);
    if (earlier > 0 && notBefore(0)) places.push({ region: 'earlier' });
    for (let slot = 0; slot <= known.length; slot++)
      if (notAfter(slot) && notBefore(slot)) places.push({ region: 'here', slot });
    if (later > 0 && notAfter(known.length)) places.push({ region: 'later' });
    if (!places.length) return null;
  } else {
    places.push({ region: 'later' }); // not in the list now: it takes no place
  }

  let result: AdminItem[] | null = null;
  for (const place of places) {
    const lines = [...known];
    let unseen = earlier; // unknown items before the known lines
    if (inserted && place.region === 'here') lines.splice(place.slot, 0, after);
    if (inserted && place.region === 'earlier') unseen += 1;
    // The view starts at `start` of the list: the known lines start at `unseen`.
    const from = start - unseen;
    if (from < 0 || from + shown > lines.length) return null;
    const window = lines.slice(from, from + shown);
    if (result && !sameLines(result, window)) return null;
    result = window;
  }
  const items = result!;
  if (total === view.total && sameLines(items, view.items)) return view;
  return {
    ...view,
    items,
    total,
    per: whole ? Math.max(1, total) : view.per,
    pages: whole ? 1 : Math.max(1, Math.ceil(total / view.per)),
  };
}

const sameLines = (a: AdminItem[], b: AdminItem[]) =>
  a.length === b.length && a.every((item, n) => item.id === b[n]!.id && item === b[n]);
