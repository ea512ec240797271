// The ids open drafts gave new items: a live create never takes one, so publishing a draft never
// lands on an item someone made on the live site meanwhile. Read from each draft's ref, kept per tip.
import type { GitStore } from '../store/gitStore.ts';
import type { EntityDef } from '../schema/define.ts';
import { entityForPath } from '../schema/registry.ts';
import { isOpen, type DraftRecord, type DraftRecords } from './draftRecords.ts';

export class DraftMadeIds {
  private readonly made = new Map<string, { tip: string; largest: Map<string, number> }>();

  constructor(
    private readonly records: DraftRecords,
    private readonly store: GitStore,
    private readonly tipOf: (id: string) => Promise<string>,
  ) {}

  /** The largest id open drafts gave new items of an entity (live creates must not take them). */
  async largest(def: EntityDef): Promise<number> {
    if (def.type !== 'collection') return 0;
    let max = 0;
    for (const record of this.records.all()) {
      if (!isOpen(record.state)) continue;
      const made = await this.madeIn(record).catch(() => new Map<string, number>());
      max = Math.max(max, made.get(def.name) ?? 0);
    }
    return max;
  }

  /** Per entity, the largest id of the items a draft made (files it has that its base had not). */
  private async madeIn(record: DraftRecord): Promise<Map<string, number>> {
    const tip = await this.tipOf(record.id);
    const known = this.made.get(record.id);
    if (known?.tip === tip) return known.largest;
    const largest = new Map<string, number>();
    for (const [rel, blob] of await this.store.drafts.changes(record.id, record.base, tip)) {
      const owner = blob === null ? null : entityForPath(rel);
      if (!owner || owner.def.type !== 'collection') continue;
      if ((await this.store.drafts.blob(record.base, rel)) !== null) continue;
      largest.set(owner.def.name, Math.max(largest.get(owner.def.name) ?? 0, Number(owner.id)));
    }
    this.made.set(record.id, { tip, largest });
    return largest;
  }
}
