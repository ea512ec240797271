// What a translation holds: the words of an item (the fields its declaration marks `translatable`,
// and inside lists the parts that are), kept in a sibling file (content/news/5.es.md) that never
// holds a date, a picture, a link or a choice: those are the source's. A translation file is read
// and written with the declaration's "words" form (`wordsDef`), which the store, the index and the
// change operation treat like any declaration. Lists are translated by position: the words of a
// page's third section lie over its third section. Pure: the web app imports this module too.
import type { EntityDef, Fields } from './define.ts';
import type { AnyField, ListShape } from './fields.ts';
import { itemFields, list as listField } from './listFields.ts';
import { stringSchema } from './textFields.ts';

/** Whether a field holds words, itself or in any part of a list. */
export function holdsWords(field: AnyField): boolean {
  if (field.translatable) return true;
  const shape = field.list;
  if (!shape || shape.each) return false;
  return innerFields(shape).some((fields) => Object.values(fields).some(holdsWords));
}

const innerFields = (shape: ListShape): Fields[] =>
  shape.fields ? [shape.fields] : Object.values(shape.types ?? {}).map((t) => t.fields);

/** A field as a translation keeps it: words only, none required, lists of any length up to theirs. */
function wordsField(field: AnyField): AnyField {
  if (field.kind !== 'list' || !field.list) {
    const trim = field.kind !== 'markdown' && !field.rows;
    return {
      ...field,
      required: false,
      omitWhenEmpty: true,
      initial: '',
      schema: stringSchema(field.label, { max: field.max }, trim),
    };
  }
  // The words of every kind of item together (a kind's parts by their names): an item of the
  // translation lies over the source's item at its place, whatever its kind.
  const merged: Fields = {};
  for (const fields of innerFields(field.list))
    for (const [key, f] of Object.entries(wordsFields(fields))) merged[key] = mergedWords(merged[key], f);
  return wordsList(field.label, field.list.noun, field.list.max, merged);
}

const wordsList = (label: string, noun: string, max: number, fields: Fields): AnyField => ({
  ...listField(label, { noun, min: 0, max, fields }),
  translatable: true,
});

/**
 * Two kinds' words under one name: the longer limit of a text; for two lists (a Buttons section's
 * `items` and a Questions section's), every part of both, so each kind's words are taken.
 */
function mergedWords(a: AnyField | undefined, b: AnyField): AnyField {
  if (!a) return b;
  const [x, y] = [a.list, b.list];
  if (x?.fields && y?.fields) {
    const fields: Fields = { ...x.fields };
    for (const [key, f] of Object.entries(y.fields)) fields[key] = mergedWords(fields[key], f);
    return wordsList(a.label, x.noun, Math.max(x.max, y.max), fields);
  }
  return (a.max ?? Infinity) < (b.max ?? Infinity) ? b : a;
}

function wordsFields(fields: Fields): Fields {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, f]) => holdsWords(f))
      .map(([k, f]) => [k, wordsField(f)]),
  );
}

const wordsDefs = new WeakMap<EntityDef, EntityDef | null>();

/**
 * The declaration a translation of `def` is read, checked and written with: its words only, none
 * required, its body kept as the body when it holds words. Null when the entity has no words.
 */
export function wordsDef(def: EntityDef): EntityDef | null {
  let words = wordsDefs.get(def);
  if (words === undefined) {
    const fields = wordsFields(def.fields as Fields);
    words = Object.keys(fields).length
      ? ({
          ...def,
          fields,
          body: def.body && fields[def.body] ? def.body : undefined,
          rules: undefined,
        } as EntityDef)
      : null;
    wordsDefs.set(def, words);
  }
  return words;
}

/** The keys of an entity's fields that hold words. */
export const wordKeys = (def: EntityDef): string[] => Object.keys((wordsDef(def)?.fields ?? {}) as Fields);

/** The words of an item (what a translation of it would hold), lists by position. */
export function wordsOf(def: EntityDef, data: Record<string, unknown>): Record<string, unknown> {
  return wordsIn(def.fields as Fields, data);
}

function wordsIn(fields: Fields, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    if (!holdsWords(field)) continue;
    const value = data[key];
    if (field.kind === 'list' && field.list) {
      const shape = field.list;
      out[key] = Array.isArray(value)
        ? value.map((item) => {
            const inner = itemFields(shape, item);
            return inner && isRecord(item) ? wordsIn(inner, item) : {};
          })
        : [];
    } else out[key] = typeof value === 'string' ? value : '';
  }
  return out;
}

/**
 * The item in a language: the source's data with the translation's words laid over it. A word left
 * empty in the translation stays the source's; so do the parts of a list item the translation does
 * not reach (a section added to the English since).
 */
export function withWords(
  def: EntityDef,
  source: Record<string, unknown>,
  words: Record<string, unknown>,
): Record<string, unknown> {
  return overlay(def.fields as Fields, source, words);
}

function overlay(
  fields: Fields,
  source: Record<string, unknown>,
  words: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...source };
  for (const [key, field] of Object.entries(fields)) {
    if (!holdsWords(field) || !(key in words)) continue;
    const said = words[key];
    if (field.kind === 'list' && field.list) {
      const shape = field.list;
      const items = source[key];
      if (!Array.isArray(items) || !Array.isArray(said)) continue;
      out[key] = (items as unknown[]).map((item, i) => {
        const inner = itemFields(shape, item);
        const w: unknown = said[i];
        return inner && isRecord(item) && isRecord(w) ? overlay(inner, item, w) : item;
      });
    } else if (typeof said === 'string' && said.trim() !== '') out[key] = said;
  }
  return out;
}

/** The fields whose words differ between two versions of an item (top-level keys). */
export function wordsChanged(
  def: EntityDef,
  before: Record<string, unknown>,
  now: Record<string, unknown>,
): string[] {
  const a = wordsOf(def, before);
  const b = wordsOf(def, now);
  return Object.keys(b).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
