// An item's words as the side-by-side view lays them out: one row per thing to translate, named by
// its place (`title`, `sections.1.text`, `sections.1.items.0.text`), with the field that says its
// label and input, the English now, and the English when the translation was last saved where that
// differs. The English item itself names each list item's kind ("Section 2 (Text)"); the words
// alone do not carry it. Turned back into the words a save sends with `wordsToSave`.
import type { EntityDef, Fields } from '../../../../server/schema/define.ts';
import type { AnyField } from '../../../../server/schema/fields.ts';
import { itemFields } from '../../../../server/schema/listFields.ts';
import { wordsDef } from '../../../../server/schema/translations.ts';
import { itemName } from '../form/listValues.ts';
import type { TranslationFacts, Words } from './translationsApi.ts';

export interface WordRow {
  /** The row's place in the words, dot-separated, as the server names refusals. */
  path: string;
  /** The part's own declaration (its label and kind; never required in a translation). */
  field: AnyField;
  /** The part's label with the list items it is in: "Section 2 (Text), Text". */
  label: string;
  english: string;
  /** The English when the translation was last saved, when it differs from now. */
  was?: string;
}

/** A field of the item: a single row, or a list's rows grouped by its items. */
export interface WordBlock {
  key: string;
  label: string;
  /** Whether the English of this field changed since the translation was last saved. */
  changed: boolean;
  /** Each list item's heading and rows; a field that is not a list has one group with no heading. */
  groups: { heading: string | null; rows: WordRow[] }[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The value at a dot-separated place in nested words (lists by index). */
export function wordAt(words: unknown, path: string): unknown {
  let at: unknown = words;
  for (const step of path.split('.')) {
    if (Array.isArray(at)) at = at[Number(step)];
    else if (isRecord(at)) at = at[step];
    else return undefined;
  }
  return at;
}

/** Every row of the item's words, field by field, in declared order. */
export function wordBlocks(
  def: EntityDef,
  facts: TranslationFacts,
  englishItem: Record<string, unknown> | undefined,
): WordBlock[] {
  const declared = def.fields as Fields;
  const merged = (wordsDef(def)?.fields ?? {}) as Fields;
  const outdated = facts.state === 'outdated' && !!facts.was;
  const row = (path: string, field: AnyField, label: string): WordRow => {
    const english = text(wordAt(facts.english, path));
    const was = outdated ? text(wordAt(facts.was, path)) : english;
    return {
      path,
      field: { ...field, required: false },
      label,
      english,
      ...(was !== english ? { was } : {}),
    };
  };
  /** The rows of a list's items: each item's parts, its own lists' items within it. */
  const listRows = (
    path: string,
    field: AnyField,
    full: unknown,
    within: string,
    out: { heading: string | null; rows: WordRow[] }[],
    wordsOfItems: Fields | undefined,
  ) => {
    const shape = field.list;
    const items = wordAt(facts.english, path);
    if (!shape || !Array.isArray(items)) return;
    items.forEach((item, i) => {
      const fullItem = Array.isArray(full) ? (full[i] as unknown) : undefined;
      const name = itemName(shape, i, fullItem ?? item);
      const heading = within ? `${within}, ${name.toLowerCase()}` : name;
      const own = itemFields(shape, fullItem) ?? wordsOfItems ?? shape.fields ?? {};
      const group = { heading, rows: [] as WordRow[] };
      out.push(group);
      for (const part of Object.keys(isRecord(item) ? item : {})) {
        const partField = own[part] ?? wordsOfItems?.[part];
        if (!partField) continue;
        const at = `${path}.${i}.${part}`;
        if (partField.kind === 'list')
          listRows(
            at,
            partField,
            isRecord(fullItem) ? fullItem[part] : undefined,
            heading,
            out,
            wordsOfItems?.[part]?.list?.fields,
          );
        else group.rows.push(row(at, partField, `${heading}, ${partField.label}`));
      }
    });
  };
  return facts.fields.map((key) => {
    const field = declared[key] ?? merged[key]!;
    const changed = facts.changed.includes(key);
    if (field.kind !== 'list')
      return {
        key,
        label: field.label,
        changed,
        groups: [{ heading: null, rows: [row(key, field, field.label)] }],
      };
    const groups: WordBlock['groups'] = [];
    listRows(key, field, englishItem?.[key], '', groups, merged[key]?.list?.fields);
    return { key, label: field.label, changed, groups: groups.filter((g) => g.rows.length > 0) };
  });
}

/** The translation's words at each row's place ('' where it has none yet). */
export function startingValues(blocks: WordBlock[], translation: Words | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const b of blocks)
    for (const g of b.groups) for (const r of g.rows) out[r.path] = text(wordAt(translation, r.path));
  return out;
}

/**
 * The words a save sends: every word field, a list as many items as the English has, each item's
 * parts in place (its own lists likewise), so the translation lies over the English by position.
 */
export function wordsToSave(facts: TranslationFacts, values: Record<string, string>): Words {
  const shaped = (english: unknown, path: string): unknown => {
    if (Array.isArray(english)) return english.map((item, i) => shaped(item, `${path}.${i}`));
    if (isRecord(english))
      return Object.fromEntries(Object.keys(english).map((k) => [k, shaped(english[k], `${path}.${k}`)]));
    return values[path] ?? '';
  };
  return Object.fromEntries(facts.fields.map((key) => [key, shaped(facts.english[key], key)]));
}
