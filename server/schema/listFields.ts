// Field helpers for lists: an ordered list of things made of ordinary fields (a page's buttons, a
// menu's links), a list of several kinds of things told apart by their `type` (a page's sections),
// and a list of plain values (chosen profiles). Each part of an item is an ordinary field (text,
// markdown, link, image…), so every layer that asks of a field's kind — content checks, media uses,
// search, the admin form — walks into lists with `fieldLeaves` and asks the same of each part.
// A refusal names the part by its place: `sections.2.items.0.link`, "Section 3 (Buttons), button 1:
// Link must be …". Pure TypeScript + zod: the web app imports this module too.
import { z } from 'zod';
import type { AnyField, FieldDef, ListShape } from './fields.ts';

export type { ListItemType, ListShape } from './fields.ts';

type Fields = Record<string, AnyField>;

export type ListItem = Record<string, unknown>;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The fields of one item of a list, by its kind (undefined: a kind the list does not have). */
export function itemFields(shape: ListShape, item: unknown): Fields | undefined {
  if (shape.types) {
    const type = (item as ListItem | null)?.type;
    return typeof type === 'string' && Object.hasOwn(shape.types, type)
      ? shape.types[type]!.fields
      : undefined;
  }
  return shape.fields;
}

/** How a message names an item: "Section 3 (Buttons)", "button 1". */
function itemName(shape: ListShape, index: number, item: unknown, nested: boolean): string {
  const name = `${nested ? shape.noun : capital(shape.noun)} ${index + 1}`;
  const type = shape.types && (item as ListItem | null)?.type;
  const label =
    typeof type === 'string' && shape.types && Object.hasOwn(shape.types, type)
      ? shape.types[type]!.label
      : '';
  return label ? `${name} (${label})` : name;
}

type Issue = { path: (string | number)[]; message: string };

/**
 * Checks a list against its shape: the stored list (each item's fields in declared order, `type`
 * first), or the problems, each with its path below the list and a message naming the item.
 */
export function checkList(
  label: string,
  shape: ListShape,
  raw: unknown,
  nested = false,
): { ok: true; value: unknown[] } | { ok: false; issues: Issue[] } {
  const list = raw === undefined || raw === null || raw === '' ? [] : raw;
  if (!Array.isArray(list)) return { ok: false, issues: [{ path: [], message: `${label} must be a list` }] };
  const issues: Issue[] = [];
  if (list.length < shape.min)
    issues.push({ path: [], message: `${label}: add at least ${plural(shape.min, shape.noun)}` });
  if (list.length > shape.max)
    issues.push({
      path: [],
      message: `${label}: at most ${plural(shape.max, shape.noun)}; remove ${list.length - shape.max}`,
    });
  const value = list.map((item, i) => {
    const name = itemName(shape, i, item, nested);
    if (shape.each) {
      const r = shape.each.schema.safeParse(item);
      if (r.success) return r.data as unknown;
      for (const issue of r.error.issues) issues.push({ path: [i], message: `${name}: ${issue.message}` });
      return undefined;
    }
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      issues.push({ path: [i], message: `${name} must be a set of fields` });
      return undefined;
    }
    const fields = itemFields(shape, item);
    if (!fields) {
      const kinds = Object.keys(shape.types ?? {}).join(', ');
      issues.push({ path: [i, 'type'], message: `${name}: the kind must be one of ${kinds}` });
      return undefined;
    }
    const given = item as ListItem;
    const unknown = Object.keys(given).filter((k) => k !== 'type' && !Object.hasOwn(fields, k));
    if (unknown.length)
      issues.push({
        path: [i, unknown[0]!],
        message: `${name}: there is no field "${unknown.join('", "')}"`,
      });
    const out: ListItem = shape.types ? { type: given.type } : {};
    for (const [key, field] of Object.entries(fields)) {
      const r = field.schema.safeParse(given[key]);
      if (r.success) {
        out[key] = r.data;
        continue;
      }
      for (const issue of r.error.issues) {
        // A list inside names its own item ("button 1: …"); the field's message says the rest.
        const sub = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
        const message = sub.length ? `${name}, ${lowerFirst(issue.message)}` : `${name}: ${issue.message}`;
        issues.push({ path: [i, key, ...sub], message });
      }
    }
    return out;
  });
  return issues.length ? { ok: false, issues } : { ok: true, value };
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/** The zod schema of a list field: what `checkList` says, as zod issues with their paths. */
function listSchema(label: string, shape: ListShape, nested: boolean) {
  return z.unknown().transform((raw, ctx) => {
    const r = checkList(label, shape, raw, nested);
    if (r.ok) return r.value;
    for (const issue of r.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

/**
 * A list field. `nested`: a list inside another list's item (a section's buttons), whose messages are
 * read after the outer item's name.
 */
export const list = (
  label: string,
  shape: ListShape,
  opts: { help?: string; nested?: boolean } = {},
): FieldDef<'list', unknown[]> => ({
  kind: 'list',
  label,
  help: opts.help,
  required: shape.min > 0,
  initial: [],
  max: shape.max,
  list: shape,
  schema: listSchema(label, shape, !!opts.nested),
});

/** One part of an item: a field that is not a list, where it stands, and the item part it is in. */
export interface FieldLeaf {
  /** Its path from the item: `title`, `sections.2.items.0.link`. */
  key: string;
  field: AnyField;
  value: unknown;
  /** The fields and values of what holds it (the item, or the list item): an image's alt field is there. */
  scope: { fields: Fields; data: Record<string, unknown>; prefix: string };
}

/** Every part of an item that is not a list, lists walked into, in declared order. */
export function fieldLeaves(fields: Fields, data: Record<string, unknown>, prefix = ''): FieldLeaf[] {
  const out: FieldLeaf[] = [];
  const scope = { fields, data, prefix };
  for (const [key, field] of Object.entries(fields)) {
    const value = data[key];
    if (field.kind !== 'list' || !field.list) {
      out.push({ key: prefix + key, field, value, scope });
      continue;
    }
    if (!Array.isArray(value)) continue;
    const shape = field.list;
    value.forEach((item, i) => {
      const at = `${prefix}${key}.${i}`;
      if (shape.each) {
        out.push({ key: at, field: shape.each, value: item, scope });
        return;
      }
      const inner = itemFields(shape, item);
      if (inner && typeof item === 'object' && item !== null)
        out.push(...fieldLeaves(inner, item as Record<string, unknown>, `${at}.`));
    });
  }
  return out;
}

/** Whether an entity's fields hold any list (the walk is needed only then). */
const withLists = new WeakMap<Fields, boolean>();
export function hasLists(fields: Fields): boolean {
  let has = withLists.get(fields);
  if (has === undefined) withLists.set(fields, (has = Object.values(fields).some((f) => f.kind === 'list')));
  return has;
}

/**
 * A copy of a list field's value with each part that `change` answers for replaced (pictures as
 * addresses for a reader); the rest as stored.
 */
export function mapListParts(
  field: AnyField,
  value: unknown,
  change: (part: AnyField, value: unknown) => unknown,
): unknown {
  const shape = field.list;
  if (!shape || !Array.isArray(value)) return value;
  return (value as unknown[]).map((item) => {
    if (shape.each) return change(shape.each, item);
    const inner = itemFields(shape, item);
    if (!inner || typeof item !== 'object' || item === null) return item;
    const out: ListItem = { ...(item as ListItem) };
    for (const [key, f] of Object.entries(inner))
      out[key] = f.kind === 'list' ? mapListParts(f, out[key], change) : change(f, out[key]);
    return out;
  });
}

/** The label of the part at `key` (`sections.2.items.0.link` → "Link"), for lists of findings. */
export function labelAt(fields: Fields, key: string): string {
  const [head, ...rest] = key.split('.');
  const field = fields[head!];
  if (!field) return key;
  if (!rest.length || !field.list) return field.label;
  const shape = field.list;
  if (shape.each) return shape.each.label;
  const [, ...deeper] = rest;
  if (!deeper.length) return field.label;
  const inner =
    shape.fields ?? Object.values(shape.types ?? {}).find((t) => Object.hasOwn(t.fields, deeper[0]!))?.fields;
  return inner ? labelAt(inner, deeper.join('.')) : field.label;
}

/**
 * A list as its file keeps it: each item's parts that hold their starting value and are not asked
 * for (an empty heading, a link shown everywhere) are left out, as reading the file puts them back.
 * The file reads as staff wrote the page, and stays as it was when a part is added to a kind.
 */
export function compactList(field: AnyField, value: unknown): unknown {
  const shape = field.list;
  if (!shape || shape.each || !Array.isArray(value)) return value;
  return (value as unknown[]).map((item) => {
    const inner = itemFields(shape, item);
    if (!inner || typeof item !== 'object' || item === null) return item;
    const out: ListItem = {};
    for (const [key, v] of Object.entries(item as ListItem)) {
      const f = inner[key];
      if (!f) {
        out[key] = v;
        continue;
      }
      const kept = f.kind === 'list' ? compactList(f, v) : v;
      if (!f.required && JSON.stringify(kept) === JSON.stringify(f.initial)) continue;
      out[key] = kept;
    }
    return out;
  });
}
