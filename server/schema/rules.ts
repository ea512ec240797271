// What an entity's declaration may add to the one change pipeline (server/content/writer.ts): who
// may read its items, how a new one starts, what must hold across items, and which other items a
// change takes along. Pure: a hook that needs the site's items is handed a lookup, never the store.
import type { EntityDef } from './define.ts';

/** The items the pipeline holds now (the content index), as far as a hook may look. */
export interface ItemLookup {
  list(def: EntityDef): { id: string; data: Record<string, unknown> }[];
  get(def: EntityDef, id?: string): { id: string; data: Record<string, unknown> } | undefined;
}

/** Other items a change makes in its own commit (an event page's cards follow its new header). */
export interface Carried {
  def: EntityDef;
  items: { id: string; data: Record<string, unknown> }[];
  /** What staff are told, in plain words ('2 event cards moved with the renamed page.'). */
  note: string;
}

export interface RuleContext {
  /** The entity whose item changes. */
  def: EntityDef;
  /** The item as it will be stored (validated). */
  data: Record<string, unknown>;
  /** The item as stored before this change (undefined when it is being created). */
  before?: Record<string, unknown>;
  id: string;
  items: ItemLookup;
}

export interface EntityRules {
  /** Whether signed-out visitors may read this item (default: yes). Staff always see everything. */
  publicVisible?: (data: Record<string, unknown>) => boolean;
  /** Adjusts a new item before validation. */
  onCreate?: (data: Record<string, unknown>) => Record<string, unknown>;
  /** Cross-item checks after validation (saves and restores); field messages, or null when fine. */
  check?: (ctx: RuleContext) => Record<string, string> | null;
  /** Items of other entities this change must change with it, in the same commit (validated data). */
  carry?: (ctx: RuleContext) => Carried | null;
}
