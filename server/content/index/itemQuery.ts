// The admin's list of a collection: search, sort and one page at a time, answered from the index.
// Sorted orders and search texts are kept per collection until the index says it changed, so a
// page of a 10,000-item collection costs a filter and a slice, not a sort.
import type { CollectionDef } from '../../schema/define.ts';
import type { AnyField } from '../../schema/fields.ts';
import { collections } from '../../schema/registry.ts';
import {
  compareSortTexts,
  matchesWords,
  searchedFields,
  searchText,
  searchWords,
  sortText,
} from '../../schema/listOrder.ts';
import { AppError } from '../../schema/errors.ts';
import type { ContentView, IndexedItem } from './contentIndex.ts';
import type { Turn } from '../../store/turns.ts';

export const DEFAULT_PER = 25;
export const MAX_PER = 100;
export const MAX_SEARCH = 200;

export interface ItemQuery {
  def: CollectionDef;
  /** Lower-cased words that must all appear in the item's texts. */
  words: string[];
  /** A declared field, 'id', or '' for the collection's own declared order. */
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
  per: number;
}

export interface ItemPage {
  items: IndexedItem[];
  total: number;
  page: number;
  per: number;
  pages: number;
}

export { searchedFields };

const listed = new Map(collections.map((d) => [d.name, d]));

/** Reads the request's list settings; every bad one is named in `fields`, in plain words. */
export function parseItemQuery(raw: Record<string, unknown>): ItemQuery {
  const problems: Record<string, string> = {};
  const messages: string[] = [];
  const bad = (field: string, short: string, message: string) => {
    problems[field] = short;
    messages.push(message);
  };
  const one = (name: string): string | undefined => {
    const v = raw[name];
    if (v === undefined || typeof v === 'string') return v;
    bad(name, 'Given more than once', `Give ${name} only once.`);
    return undefined;
  };

  const entity = one('entity');
  const def = entity ? listed.get(entity) : undefined;
  if (!entity) bad('entity', 'Missing', 'Say which list to show (entity).');
  else if (!def) bad('entity', 'Unknown', `There is no list called ${JSON.stringify(entity.slice(0, 40))}.`);

  const q = one('q') ?? '';
  if (q.length > MAX_SEARCH)
    bad('q', `At most ${MAX_SEARCH} characters`, `The search is too long: at most ${MAX_SEARCH} characters.`);

  let sort = one('sort') ?? '';
  if (def && sort && sort !== 'id' && !Object.hasOwn(def.fields, sort)) {
    const renamed = Object.entries(def.legacy.rename ?? {}).find(([, wire]) => wire === sort)?.[0];
    if (renamed) sort = renamed;
    else
      bad(
        'sort',
        'Unknown field',
        `The ${def.label.toLowerCase()} cannot be sorted by ${JSON.stringify(sort.slice(0, 40))}.`,
      );
  }

  const dir = one('dir') ?? 'asc';
  if (dir !== 'asc' && dir !== 'desc') bad('dir', 'Not asc or desc', 'The order must be asc or desc.');

  const page = wholeNumber(one('page'), 1);
  if (page === null)
    bad('page', 'Not a whole number of 1 or more', 'The page must be a whole number of 1 or more.');
  const per = wholeNumber(one('per'), DEFAULT_PER);
  if (per === null || per > MAX_PER) {
    bad(
      'per',
      `A whole number from 1 to ${MAX_PER}`,
      `Items per page must be a whole number from 1 to ${MAX_PER}.`,
    );
  }

  if (messages.length) throw new AppError(400, messages.join(' '), problems);
  return {
    def: def!,
    sort,
    dir: dir as 'asc' | 'desc',
    page: page!,
    per: per!,
    words: searchWords(q),
  };
}

/** Digits only, at least 1; undefined gives the default; anything else is null. */
function wholeNumber(v: string | undefined, fallback: number): number | null {
  if (v === undefined || v === '') return fallback;
  if (!/^\d{1,9}$/.test(v) || Number(v) < 1) return null;
  return Number(v);
}

interface Prepared {
  /** The declared order. */
  items: IndexedItem[];
  /** Each item's searched texts, lower-cased and joined; made on the first search. */
  texts?: Map<IndexedItem, string>;
  /** Orders asked for so far, keyed `${sort}|${dir}`. */
  orders: Map<string, IndexedItem[]>;
}

export class ItemLists {
  private prepared = new Map<string, Prepared>();

  /** `index`: the live index, or a draft's view (which never changes: a new one replaces it). */
  constructor(private readonly index: ContentView) {
    index.changes.on((change) => {
      for (const n of change.entities) this.prepared.delete(n);
    });
  }

  /**
   * Puts every collection in its declared order ahead of the first list asked for (at 100,000 items
   * the news alone took 0.6 s), a collection per slice.
   */
  async warm(turn: Turn): Promise<void> {
    for (const def of collections) {
      if (def.storage === 'private') continue;
      this.ordered(this.prepare(def), def, '', 'asc');
      await turn();
    }
  }

  page(query: ItemQuery): ItemPage {
    const { def, words, per } = query;
    const prep = this.prepare(def);
    let matching = this.ordered(prep, def, query.sort, query.dir);
    if (words.length) {
      const keys = searchedFields(def);
      const texts = (prep.texts ??= new Map(prep.items.map((item) => [item, searchText(keys, item.data)])));
      matching = matching.filter((item) => matchesWords(texts.get(item)!, words));
    }
    const total = matching.length;
    const pages = Math.max(1, Math.ceil(total / per));
    // A page past the end (the list shrank since the link was made) shows the last one.
    const page = Math.min(query.page, pages);
    return { items: matching.slice((page - 1) * per, page * per), total, page, per, pages };
  }

  private prepare(def: CollectionDef): Prepared {
    let prep = this.prepared.get(def.name);
    if (!prep) {
      // index.list() sorts with the declared comparator on fresh copies made at every comparison
      // (~90 ms at 10,000 items). Asked without an order it hands the items over as they are, and
      // they are sorted here with one copy per item instead (~25 ms).
      const items = this.index.list({ ...def, order: undefined });
      if (def.order) {
        const view = new Map(items.map((item) => [item, { ...item.data, id: item.id }]));
        items.sort((a, b) => def.order!(view.get(a) as never, view.get(b) as never));
      }
      prep = { items, orders: new Map() };
      this.prepared.set(def.name, prep);
    }
    return prep;
  }

  private ordered(prep: Prepared, def: CollectionDef, sort: string, dir: 'asc' | 'desc'): IndexedItem[] {
    const cacheKey = `${sort}|${dir}`;
    let out = prep.orders.get(cacheKey);
    if (out) return out;
    if (!sort) out = dir === 'asc' ? prep.items : [...prep.items].reverse();
    else out = sortBy(prep.items, sort === 'id' ? null : def.fields[sort]!, sort, dir);
    prep.orders.set(cacheKey, out);
    return out;
  }
}

/**
 * By one field (null: the id, as a number). Items without a value come last either way; ties keep
 * the declared order. Choices sort by the words staff see, not by their stored codes. The browser
 * places a saved item with the same comparison (schema/listOrder.ts).
 */
function sortBy(
  items: IndexedItem[],
  field: AnyField | null,
  key: string,
  dir: 'asc' | 'desc',
): IndexedItem[] {
  const sign = dir === 'asc' ? 1 : -1;
  if (field === null) return [...items].sort((a, b) => sign * (Number(a.id) - Number(b.id)));
  const keyed = items.map((item, at) => ({ item, at, key: sortText(field, item.data[key]) }));
  keyed.sort((a, b) => compareSortTexts(a.key, b.key, dir) || a.at - b.at);
  return keyed.map((k) => k.item);
}
