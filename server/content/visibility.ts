// What signed-out visitors may read. Hidden event pages are drafts: only staff see them.
import type { EntityDef } from '../schema/define.ts';
import { entities } from '../schema/registry.ts';

export function visibleToPublic(def: EntityDef, data: Record<string, unknown>): boolean {
  if (def === entities.majorEvent) return data.hidden !== true;
  return true;
}
