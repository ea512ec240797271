// What signed-out visitors may read: each entity's rule decides (drafts, unpublished cards).
import type { EntityDef } from '../schema/define.ts';
import { entityRules } from './rules/index.ts';

export function visibleToPublic(def: EntityDef, data: Record<string, unknown>): boolean {
  return entityRules[def.name]?.publicVisible?.(data) ?? true;
}

/** Whether signed-in staff may see items of this entity that visitors do not. */
export function differsForStaff(entityName: string): boolean {
  return entityRules[entityName]?.publicVisible !== undefined;
}
