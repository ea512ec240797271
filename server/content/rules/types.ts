import type { ContentIndex, IndexedItem } from '../contentIndex.ts';

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
}
