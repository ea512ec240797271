// The ids new items get: one past the largest id a collection has ever had, deleted items included
// (a new item never takes over a deleted one's file path, and so never its history), past those open
// drafts hold for their new items, and past every id this server has handed out.
import type { EntityDef } from '../../schema/define.ts';
import type { GitStore } from '../../store/gitStore.ts';
import type { ContentIndex, ContentView } from '../index/contentIndex.ts';

export class NewIds {
  /** Per collection, the largest id this server has handed out (a created-then-deleted one included). */
  private readonly handedOut = new Map<string, number>();
  /** Ids that drafts hold for new items: a live create never takes one. */
  private reserved: (def: EntityDef) => Promise<number> = () => Promise.resolve(0);

  constructor(
    private readonly store: GitStore,
    private readonly index: ContentIndex,
  ) {}

  /** The largest id of an entity that open drafts have made items with. */
  reserve(largest: (def: EntityDef) => Promise<number>): void {
    this.reserved = largest;
  }

  /**
   * The least id each collection's new items may take, read from history before the save queue,
   * which it never holds up.
   */
  async floors(defs: EntityDef[]): Promise<Map<EntityDef, number>> {
    const floors = new Map<EntityDef, number>();
    for (const def of defs) if (!floors.has(def)) floors.set(def, await this.floor(def));
    return floors;
  }

  /** The next id of `def`, inside the save queue. */
  next(def: EntityDef, floors: Map<EntityDef, number>, view: ContentView): string {
    const next =
      Math.max(
        floors.get(def) ?? 0,
        Number(view.nextId(def)) - 1,
        Number(this.index.nextId(def)) - 1,
        this.handedOut.get(def.name) ?? 0,
      ) + 1;
    this.handedOut.set(def.name, next);
    return String(next);
  }

  /** What has been handed out so far, for backTo(): a preview takes ids it does not keep. */
  mark(): Map<string, number> {
    return new Map(this.handedOut);
  }

  backTo(mark: Map<string, number>): void {
    this.handedOut.clear();
    for (const [name, n] of mark) this.handedOut.set(name, n);
  }

  private async floor(def: EntityDef): Promise<number> {
    if (def.type !== 'collection') return 0;
    const pattern = new RegExp(`^content/${def.folder}/(\\d+)\\.md$`);
    let max = 0;
    for (const p of await this.store.pathsEverUnder(`content/${def.folder}`)) {
      const m = pattern.exec(p);
      if (m) max = Math.max(max, Number(m[1]));
    }
    return Math.max(max, await this.reserved(def));
  }
}
