// What the list input does to a list's value, apart from drawing it: a new item as its declaration
// starts it, moves, copies and removals, how an item is named to staff ("Section 3 (Buttons)"), and
// which messages of the list's check belong to which part (`2.items.0.link`). Pure: tested alone.
import type { AnyField, ListShape } from '../../../../server/schema/fields.ts';
import { checkList, itemFields } from '../../../../server/schema/listFields.ts';
import { isMediaField } from '../../../../server/schema/fields.ts';
import type { FieldValue, ListItemValue, ListValue } from '../api.ts';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "a section", "an image": the noun with its article, for buttons ("Add a section"). */
export const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** "1 section", "3 sections". */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A field's starting value in a new item: its declared one; a list starts with as many items as it needs. */
export function startValue(field: AnyField): FieldValue {
  if (isMediaField(field)) return '';
  if (field.kind === 'list' && field.list) {
    const shape = field.list;
    // A list of kinds cannot guess which kind: it starts empty and says what to add.
    if (shape.types) return [];
    return Array.from({ length: shape.min }, () => newItem(shape));
  }
  return (field.initial ?? '') as FieldValue;
}

/** A new item of the list (of kind `type` in a list of kinds), every part at its starting value. */
export function newItem(shape: ListShape, type?: string): FieldValue | ListItemValue {
  if (shape.each) return startValue(shape.each);
  const fields = shape.types ? shape.types[type ?? '']?.fields : shape.fields;
  const out: ListItemValue = shape.types ? { type: type ?? '' } : {};
  for (const [key, field] of Object.entries(fields ?? {})) out[key] = startValue(field);
  return out;
}

/** The list with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/** The list with a copy of the item at `at` just after it (a deep copy: changing one leaves the other). */
export const duplicated = <T>(list: readonly T[], at: number): T[] => [
  ...list.slice(0, at + 1),
  structuredClone(list[at]!),
  ...list.slice(at + 1),
];

export const removed = <T>(list: readonly T[], at: number): T[] => list.filter((_, i) => i !== at);

export const inserted = <T>(list: readonly T[], at: number, item: T): T[] => [
  ...list.slice(0, at),
  item,
  ...list.slice(at),
];

/** The kind's label of an item in a list of kinds ('Buttons'), or ''. */
export function kindLabel(shape: ListShape, item: unknown): string {
  const type = (item as ListItemValue | null)?.type;
  return shape.types && typeof type === 'string' && Object.hasOwn(shape.types, type)
    ? shape.types[type]!.label
    : '';
}

/** How staff read an item's name: "Section 3 (Buttons)", "Button 1". */
export function itemName(shape: ListShape, index: number, item: unknown): string {
  const kind = kindLabel(shape, item);
  return `${capital(shape.noun)} ${index + 1}${kind ? ` (${kind})` : ''}`;
}

/**
 * A few words of the item, to tell it from its neighbours at a glance: its first text, looked for
 * in its own lists too (a Buttons section's first button's words).
 */
export function itemGist(shape: ListShape, item: unknown): string {
  if (shape.each) return typeof item === 'string' ? item : '';
  const fields = itemFields(shape, item);
  if (!fields || typeof item !== 'object' || item === null) return '';
  for (const [key, field] of Object.entries(fields)) {
    const v = (item as ListItemValue)[key];
    if (field.kind === 'list' && field.list && !field.list.each && Array.isArray(v) && v.length) {
      const inner = itemGist(field.list, v[0]);
      if (inner) return inner;
    }
    if ((field.kind === 'text' || field.kind === 'markdown') && typeof v === 'string' && v.trim()) {
      const line = v
        .trim()
        .split('\n')[0]!
        .replace(/^[#>*\-\s]+/, '');
      return line.length > 60 ? `${line.slice(0, 59)}…` : line;
    }
  }
  return '';
}

/**
 * What the list's own check says of each part as it is now, by its place below the list
 * (`2.items.0.link`; '' for the list as a whole): the server's words, as staff type.
 */
export function partProblems(label: string, shape: ListShape, value: unknown): Record<string, string> {
  const r = checkList(label, shape, value);
  if (r.ok) return {};
  const out: Record<string, string> = {};
  for (const issue of r.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** Every part's place in a value (`0.items.1.label`), with what it holds, for telling what changed. */
export function partsOf(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (v: unknown, at: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, at ? `${at}.${i}` : String(i)));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(x, at ? `${at}.${k}` : k);
    else out.set(at, JSON.stringify(v ?? ''));
  };
  walk(value, prefix);
  return out;
}

/** The parts staff changed between two values of a list (a part that did not exist before is new, not changed). */
export function changedParts(before: unknown, after: unknown): string[] {
  const was = partsOf(before);
  const out: string[] = [];
  for (const [key, v] of partsOf(after)) if (was.has(key) && was.get(key) !== v) out.push(key);
  return out;
}

/** The messages below `prefix.` with the prefix taken off (a nested list's, from its parent's). */
export function below(messages: Readonly<Record<string, string>>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  const start = `${prefix}.`;
  for (const [k, m] of Object.entries(messages)) if (k.startsWith(start)) out[k.slice(start.length)] = m;
  return out;
}

/** The list a value holds (an item read before the field existed holds none). */
export const listOf = (v: FieldValue | undefined): ListValue => (Array.isArray(v) ? v : []);
