// What staff choose for each field a publish found changed on both sides: keep the live site's value,
// use the draft's, or a value of their own made from both ("Combine both"). Only text can be combined:
// a date, a choice, a list or a picture has no sensible "both". Declared once here, so the route that
// reads the choices, the merge that applies them and the admin that offers them cannot disagree.
// Pure TypeScript + zod: the web app imports this module too.
import { z } from 'zod';
import type { AnyField, FieldKind } from './fields.ts';

/** One field's choice: a side, or the combined value staff wrote. */
export const fieldPick = z.union([z.enum(['draft', 'live']), z.object({ value: z.string() }).strict()]);
export type FieldPick = z.infer<typeof fieldPick>;

/** The admin's choices for a publish's conflicts, by file path, then by field ('*': the whole file). */
export const draftPicks = z.record(z.string(), z.record(z.string(), fieldPick));
export type Picks = z.infer<typeof draftPicks>;

/** The field kinds staff may combine: plain text and markdown. */
const COMBINABLE: ReadonlySet<FieldKind> = new Set<FieldKind>(['text', 'markdown']);

/** Whether a field's two values can be combined into one written by staff. */
export const canCombine = (field: AnyField | undefined): boolean => !!field && COMBINABLE.has(field.kind);

/** Whether the field is one line (a title): its combined value is one line too. */
const oneLine = (field: AnyField): boolean => field.kind === 'text' && !field.rows;

/**
 * Where a combined value starts: the live text, then the draft's — on one line joined by a space for a
 * one-line field (a title cannot hold a line break), else separated by a blank line (a paragraph
 * each in markdown). One side empty, or both the same: the other alone, so there is nothing to undo.
 */
export function combinedStart(field: AnyField, live: unknown, draft: unknown): string {
  const a = typeof live === 'string' ? live.trim() : '';
  const b = typeof draft === 'string' ? draft.trim() : '';
  if (!a || a === b) return b;
  if (!b) return a;
  return oneLine(field) ? `${a} ${b}` : `${a}\n\n${b}`;
}
