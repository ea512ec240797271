// What signed-out visitors may read: each entity's declared rule decides (drafts, unpublished cards), and an
// item with a schedule only inside its window ("Show from" / "Show until", read against the clock).
import type { EntityDef } from '../../schema/define.ts';
import { entityByName } from '../../schema/registry.ts';
import { isScheduled, scheduleState } from '../../schema/schedule.ts';

export function visibleToPublic(def: EntityDef, data: Record<string, unknown>, now = Date.now()): boolean {
  if ((def.rules?.publicVisible?.(data) ?? true) === false) return false;
  return scheduleState(def, data, now) === 'showing';
}

/** Whether signed-in staff may see items of this entity that visitors do not. */
export function differsForStaff(entityName: string): boolean {
  const def = entityByName.get(entityName);
  if (def?.rules?.publicVisible !== undefined) return true;
  return def !== undefined && isScheduled(def);
}
