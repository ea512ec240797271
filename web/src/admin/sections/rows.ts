// What one line of a collection's list says about an item, and the orders the list offers, both
// read from the entity's declaration: its title field, its date field, its yes/no and choice fields.
import type { EntityDef } from '../../../../server/schema/define.ts';
import type { AnyField } from '../../../../server/schema/fields.ts';
import { scheduleState } from '../../../../server/schema/schedule.ts';
import { isoDate } from '../../lib/dates.ts';
import { adminDate } from '../dates.ts';
import type { AdminItem, FieldValue } from '../api.ts';
import { fieldsOf, plainOf, textOf } from '../entityApi.ts';

export const titleOf = (def: EntityDef, item: AdminItem): string =>
  (def.admin.titleField ? textOf(item[def.admin.titleField]) : '') || `Item ${item.id}`;

export interface RowSummary {
  title: string;
  date?: { iso: string; text: string };
  /** The words of its yes/no and choice fields (Hidden, Event Full, Implemented…). */
  marks: string[];
}

const labelOf = (field: AnyField, value: FieldValue) =>
  field.options?.find((o) => o.value === value)?.label ?? plainOf(value);

/** Said of an item outside its "Show from" / "Show until" window: visitors do not see it now. */
const SCHEDULE_MARKS = { scheduled: 'Scheduled', expired: 'Expired' } as const;

export function rowSummary(def: EntityDef, item: AdminItem, now = Date.now()): RowSummary {
  const out: RowSummary = { title: titleOf(def, item), marks: [] };
  const state = scheduleState(def, item, now);
  if (state !== 'showing') out.marks.push(SCHEDULE_MARKS[state]);
  for (const [key, field] of fieldsOf(def)) {
    if (field.formHidden) continue; // not offered to staff, so not worth a word either
    const value = item[key] ?? '';
    if (field.kind === 'date' && !out.date && typeof value === 'string' && value) {
      out.date = { iso: isoDate(value) ?? value, text: adminDate(value) };
    } else if (field.kind === 'flag' || field.kind === 'codes' || (field.kind === 'choice' && value)) {
      out.marks.push(labelOf(field, value));
    }
  }
  return out;
}

export interface SortChoice {
  value: string;
  label: string;
  sort: string;
  dir: 'asc' | 'desc';
}

/** Kinds worth ordering a list by: not long texts, not files. */
const SORTABLE = new Set<AnyField['kind']>(['text', 'link', 'date', 'flag', 'codes', 'choice']);

/** The list's orders: the declared one first, then each field both ways, then the order of adding. */
export function sortChoices(def: EntityDef): SortChoice[] {
  const choice = (sort: string, dir: 'asc' | 'desc', label: string): SortChoice => ({
    value: sort ? `${sort}:${dir}` : '',
    label,
    sort,
    dir,
  });
  const out = [choice('', 'asc', 'Default order (as on the site)')];
  // A picture's description is no order anyone looks for.
  const descriptions = new Set(
    fieldsOf(def).flatMap(([, f]) =>
      f.alt && typeof f.alt === 'object' && 'field' in f.alt ? [f.alt.field] : [],
    ),
  );
  for (const [key, field] of fieldsOf(def)) {
    if (!SORTABLE.has(field.kind) || field.formHidden || descriptions.has(key)) continue;
    if (field.kind === 'date') {
      out.push(choice(key, 'desc', `${field.label}, newest first`));
      out.push(choice(key, 'asc', `${field.label}, oldest first`));
    } else {
      out.push(choice(key, 'asc', `${field.label}, A to Z`), choice(key, 'desc', `${field.label}, Z to A`));
    }
  }
  out.push(choice('id', 'desc', 'Last added first'), choice('id', 'asc', 'First added first'));
  return out;
}
