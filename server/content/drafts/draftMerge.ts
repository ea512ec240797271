// What a draft means for one file, given the file as the draft began (base), as the draft holds it,
// and as the live site holds it now. A field the draft changed is laid over the live item; a field
// only the live site changed keeps the live value; a field both changed to different values is a
// conflict (the draft's value shows in a preview; publishing asks which to keep, or takes a value
// staff combined from both). The same merge serves the preview and the publish, so what staff preview
// is what publishing makes.
import type { FieldPick } from '../../schema/conflictPicks.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type Data = Record<string, unknown>;

/** Which side to keep for a conflicting field (or for the whole item: key '*'). */
export type Pick = 'draft' | 'live';

/** The side chosen, when a side was (a combined value is not one). */
const sideOf = (pick: FieldPick | undefined): Pick | undefined =>
  typeof pick === 'string' ? pick : undefined;

export interface ItemMerge {
  /** The item the draft makes (null: the draft removes it). */
  data: Data | null;
  /** Fields changed on both sides differently; '*' when one side removed the item the other changed. */
  conflicts: string[];
}

export function mergeDraftItem(
  base: Data | null,
  draft: Data | null,
  live: Data | null,
  picks: Record<string, FieldPick> = {},
): ItemMerge {
  const whole = (keepDraft: boolean): ItemMerge => {
    // A whole item has no combined value (the route refuses one): only a side settles it.
    const pick = sideOf(picks['*']);
    if (pick) return { data: pick === 'draft' ? draft : live, conflicts: [] };
    return { data: keepDraft ? draft : live, conflicts: ['*'] };
  };
  if (draft === null) {
    // Removed in the draft: fine unless the live site changed the item since.
    if (live === null || (base !== null && same(live, base))) return { data: null, conflicts: [] };
    return whole(true);
  }
  if (base === null) {
    // Made in the draft: the live site must not have made a file of the same name meanwhile.
    if (live === null || same(live, draft)) return { data: draft, conflicts: [] };
    return whole(true);
  }
  if (live === null) return whole(true); // removed on the live site, changed in the draft
  const data: Data = { ...live };
  const conflicts: string[] = [];
  for (const key of new Set([...Object.keys(base), ...Object.keys(draft), ...Object.keys(live)])) {
    if (same(draft[key], base[key])) continue; // the draft left it: the live value stands
    const pick = picks[key];
    if (same(live[key], base[key]) || same(live[key], draft[key]) || pick === 'draft') {
      data[key] = draft[key];
      continue;
    }
    if (pick === 'live') continue;
    if (pick !== undefined) {
      // Combined by staff from both: validated with the item, as a save of the field is.
      data[key] = pick.value;
      continue;
    }
    conflicts.push(key);
    data[key] = draft[key];
  }
  return { data, conflicts };
}

/** A media file: taken from the draft unless the live site replaced it differently meanwhile. */
export function mergeDraftBlob(
  base: string | null,
  draft: string | null,
  live: string | null,
  picked?: FieldPick,
): { blob: string | null; conflict: boolean } {
  if (draft === live || live === base) return { blob: draft, conflict: false };
  const pick = sideOf(picked);
  if (pick) return { blob: pick === 'draft' ? draft : live, conflict: false };
  return { blob: draft, conflict: true };
}
