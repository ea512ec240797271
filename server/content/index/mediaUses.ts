// Where each media file is used: every item's references (picture and file fields, /media/ addresses
// in its texts) kept by file, updated as items are taken in, so "where used" is a lookup, never a walk
// over the site. An item's references are found when "where used" is next asked, not as it is taken
// in: a start takes in every item, and walking each one's texts then cost it 0.3-0.7 s at 100,000.
import type { EntityDef } from '../../schema/define.ts';
import { mediaReferencesOf, type MediaReference } from '../../schema/mediaLibrary.ts';

/** One item's use of a media file. */
export interface MediaUse {
  entity: string;
  id: string;
  /** The stored name of the field the file is in. */
  field: string;
}

const keyOf = (entity: string, id: string) => `${entity}\n${id}`;

export class MediaUses {
  private readonly byItem = new Map<string, MediaReference[]>();
  private readonly byPath = new Map<string, Set<string>>();
  /** Items taken in since "where used" was last asked, as they are now (null: gone). */
  private readonly pending = new Map<string, { def: EntityDef; data: Record<string, unknown> | null }>();

  /** An item as it is now (null: gone). */
  set(def: EntityDef, id: string, data: Record<string, unknown> | null): void {
    const key = keyOf(def.name, id);
    this.pending.set(key, { def, data });
  }

  private settle(): void {
    for (const [key, { def, data }] of this.pending) this.settleOne(key, def, data);
    this.pending.clear();
  }

  private settleOne(key: string, def: EntityDef, data: Record<string, unknown> | null): void {
    for (const ref of this.byItem.get(key) ?? []) {
      const users = this.byPath.get(ref.path);
      users?.delete(key);
      if (users?.size === 0) this.byPath.delete(ref.path);
    }
    const refs = data ? mediaReferencesOf(def, data) : [];
    if (!refs.length) {
      this.byItem.delete(key);
      return;
    }
    this.byItem.set(key, refs);
    for (const ref of refs) {
      let users = this.byPath.get(ref.path);
      if (!users) this.byPath.set(ref.path, (users = new Set()));
      users.add(key);
    }
  }

  /** The items that use a file, each field once. */
  usesOf(path: string): MediaUse[] {
    this.settle();
    const out: MediaUse[] = [];
    for (const key of this.byPath.get(path) ?? []) {
      const [entity, id] = key.split('\n') as [string, string];
      for (const ref of this.byItem.get(key)!)
        if (ref.path === path) out.push({ entity, id, field: ref.field });
    }
    return out;
  }

  isUsed(path: string): boolean {
    this.settle();
    return this.byPath.has(path);
  }
}
