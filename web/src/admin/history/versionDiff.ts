// What differs between an earlier version of an item and the current one, field by field, and
// in texts word by word (jsdiff), for the compare view of the history.
import { diffWords } from 'diff';
import type { EntityDef } from '../../../../server/schema/define.ts';
import { isMediaField, type AnyField } from '../../../../server/schema/fields.ts';
import type { AdminItem, FieldValue } from '../api.ts';
import { fieldsOf, sameValue } from '../entityApi.ts';

export interface FieldChange {
  key: string;
  field: AnyField;
  /** The value in the earlier version. */
  before: FieldValue;
  /** The value now. */
  after: FieldValue;
  changed: boolean;
}

/** One piece of a word diff: in both, only in the earlier version, or only in the current one. */
export interface WordPart {
  text: string;
  kind: 'same' | 'removed' | 'added';
}

/** Texts are compared word by word; short values (dates, choices, links) are shown side by side. */
export const comparesWords = (field: AnyField): boolean => field.kind === 'text' || field.kind === 'markdown';

/**
 * Every field of the item with both values. A picture or file keeps its name when replaced, so its
 * address cannot tell whether it changed: whenever either version has one, both are shown side by
 * side among the changes, for the eye to compare.
 */
export function fieldChanges(
  def: EntityDef,
  before: Partial<AdminItem>,
  after: Partial<AdminItem>,
): FieldChange[] {
  return fieldsOf(def).map(([key, field]) => {
    const b = before[key] ?? '';
    const a = after[key] ?? '';
    const changed = isMediaField(field) ? b !== '' || a !== '' : !sameValue(b, a);
    return { key, field, before: b, after: a, changed };
  });
}

/** The words of the earlier text against the current one. */
export function wordDiff(before: string, after: string): WordPart[] {
  return diffWords(before, after).map((c) => ({
    text: c.value,
    kind: c.added ? 'added' : c.removed ? 'removed' : 'same',
  }));
}
