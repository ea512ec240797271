import type { EntityDef } from '../../schema/define.ts';
import type { ContentIndex, IndexedItem } from '../index/contentIndex.ts';

/** Other items a save changes in its own commit (an event page's cards follow its new header). */
export interface Carried {
  def: EntityDef;
  items: { id: string; data: Record<string, unknown> }[];
  /** What staff are told, in plain words ('2 event cards moved with the renamed page.'). */
  note: string;
}

export interface EntityRule {
  /** Whether signed-out visitors may read this item (default: yes). Staff always see everything. */
  publicVisible?: (data: Record<string, unknown>) => boolean;
  /** Adjusts a new item before validation. */
  onCreate?: (data: Record<string, unknown>) => Record<string, unknown>;
  /** Cross-item checks after validation; returns field messages, or null when fine. */
  check?: (ctx: {
    data: Record<string, unknown>;
    /** The item as stored before this save (undefined when it is being created). */
    before?: Record<string, unknown>;
    id: string;
    others: IndexedItem[];
    index: ContentIndex;
  }) => Record<string, string> | null;
  /** Items of other entities this save must change with it, in the same commit (validated data). */
  carry?: (ctx: {
    data: Record<string, unknown>;
    before?: Record<string, unknown>;
    id: string;
    index: ContentIndex;
  }) => Carried | null;
}
