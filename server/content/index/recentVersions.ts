// What recent versions of each item held, as this server saved over them. A save sent with an
// older version than the current one is merged field by field against the version the editor
// started from (see fieldMerge.ts); that needs the older version's content, which is kept here.
// Bounded: a few versions per item and a few hundred items, the least recently saved forgotten
// first. A version not found here (older, or replaced by a hand edit or a restart) is a conflict.
import type { IndexedItem } from './contentIndex.ts';

const PER_ITEM = 16;
const ITEMS = 500;

export class RecentVersions {
  private readonly byPath = new Map<string, { version: string; data: Record<string, unknown> }[]>();

  /** Remembers an item as it is just before a save replaces it. */
  remember(item: IndexedItem): void {
    const list = this.byPath.get(item.path) ?? [];
    this.byPath.delete(item.path);
    if (!list.some((v) => v.version === item.version)) list.push({ version: item.version, data: item.data });
    if (list.length > PER_ITEM) list.shift();
    this.byPath.set(item.path, list);
    if (this.byPath.size > ITEMS) this.byPath.delete(this.byPath.keys().next().value!);
  }

  /** The content an item's file had at a version this server replaced, if still known. */
  find(path: string, version: string): Record<string, unknown> | undefined {
    return this.byPath.get(path)?.find((v) => v.version === version)?.data;
  }
}
