// How the admin's lists are searched and ordered (GET /api/admin/items), in one place for the server
// that answers them and the browser that puts a saved item in its place without asking again.
import type { CollectionDef, EntityDef, Fields } from './define.ts';
import type { AnyField } from './fields.ts';
import { fieldText } from './fieldText.ts';

/** Fields searched: the ones holding words people write (text and markdown), from the declaration. */
const SEARCHED_KINDS: ReadonlySet<AnyField['kind']> = new Set(['text', 'markdown']);
export const searchedFields = (def: EntityDef): string[] =>
  Object.entries(def.fields as Fields)
    .filter(([, f]) => SEARCHED_KINDS.has(f.kind))
    .map(([k]) => k);

/** A search as the words every match must hold, lower-cased. */
export const searchWords = (q: string): string[] => q.toLowerCase().split(/\s+/).filter(Boolean);

/** An item's searched texts, lower-cased and joined. */
export const searchText = (keys: readonly string[], data: Record<string, unknown>): string =>
  keys
    .map((k) => fieldText(data[k]))
    .join('\n')
    .toLowerCase();

export const matchesWords = (text: string, words: readonly string[]): boolean =>
  words.every((w) => text.includes(w));

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** What a list sorted by a field compares: the words staff see (a choice's label), '' when empty. */
export function sortText(field: AnyField, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (!field.options) return fieldText(value);
  return field.options.find((o) => o.value === value)?.label ?? fieldText(value);
}

/** Two sort texts in a field's order: empty ones last either way; 0 when they tie. */
export function compareSortTexts(a: string, b: string, dir: 'asc' | 'desc'): number {
  if (!a !== !b) return a ? -1 : 1;
  return (dir === 'asc' ? 1 : -1) * collator.compare(a, b);
}

type Row = { id: string } & Record<string, unknown>;

/**
 * Where one item goes against another in a list of the collection (`sort`: a field, 'id', or '' for
 * the declared order): below 0 before, above 0 after, and 0 when only the server can tell (a tie
 * that it breaks by the order it holds the items in).
 */
export function listComparator(
  def: CollectionDef,
  sort: string,
  dir: 'asc' | 'desc',
): (a: Row, b: Row) => number {
  const declared = (a: Row, b: Row) => (def.order ? def.order(a, b) : 0);
  if (!sort) return dir === 'asc' ? declared : (a, b) => -declared(a, b);
  if (sort === 'id') return (a, b) => (dir === 'asc' ? 1 : -1) * (Number(a.id) - Number(b.id));
  const field = def.fields[sort]!;
  // Ties keep the declared order, in either direction.
  return (a, b) =>
    compareSortTexts(sortText(field, a[sort]), sortText(field, b[sort]), dir) || declared(a, b);
}
