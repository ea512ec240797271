// A publish's combined values (conflictPicks.ts) are refused before anything is merged unless each is
// for a field that can be combined: text or markdown of an item the draft's file holds. Whether the
// value itself is good is the item's validation's to say, in the publish, as for any save.
import type { Fields } from '../../schema/define.ts';
import { canCombine, type Picks } from '../../schema/conflictPicks.ts';
import { AppError } from '../../schema/errors.ts';
import { entityForPath } from '../../schema/registry.ts';

const ONLY_TEXT = 'Only text can be combined here: keep the live site’s version or use this draft’s.';

/** Throws a 400 naming the field when a combined value is sent for anything but text. */
export function checkCombined(picks: Picks): void {
  for (const [path, fields] of Object.entries(picks)) {
    const owner = path.startsWith('content/') ? entityForPath(path) : null;
    for (const [key, pick] of Object.entries(fields)) {
      if (typeof pick === 'string') continue;
      const field = owner && key !== '*' ? (owner.def.fields as Fields)[key] : undefined;
      if (!canCombine(field))
        throw new AppError(400, field ? `${field.label}: ${ONLY_TEXT}` : ONLY_TEXT, { [key]: ONLY_TEXT });
    }
  }
}
