// What the site repository cannot say about a draft — its title, where it stands in review, who
// wrote and approved it, its comments and share links — kept in private/drafts/<id>.json, one file
// per draft, each written whole (temp file, flush, rename), so a crash leaves the old or the new file.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurable } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';
import { isDraftId } from '../store/draftRefs.ts';
import { draftRecordSchema as record, type DraftRecord } from '../schema/draftRecord.ts';

export { DRAFT_STATES, isOpen, type DraftState } from '../schema/draftStates.ts';
export type { DraftRecord, Person } from '../schema/draftRecord.ts';

export class DraftRecords {
  private readonly dir: string;
  private readonly byId = new Map<string, DraftRecord>();
  private readonly queue = new SerialQueue();

  constructor(
    privateDir: string,
    private readonly log: (message: string) => void = console.warn,
  ) {
    this.dir = path.join(privateDir, 'drafts');
  }

  /** Reads every draft's file; one that cannot be read is logged and left alone. */
  async load(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    for (const name of await readdir(this.dir)) {
      const m = /^(.+)\.json$/.exec(name);
      if (!m || !isDraftId(m[1]!)) continue;
      try {
        const parsed = record.parse(JSON.parse(await readFile(path.join(this.dir, name), 'utf8')));
        this.byId.set(parsed.id, parsed);
      } catch (e) {
        this.log(
          `The draft file private/drafts/${name} cannot be read (${(e as Error).message}); it is left as it is.`,
        );
      }
    }
  }

  all(): DraftRecord[] {
    return [...this.byId.values()];
  }

  get(id: string): DraftRecord | undefined {
    return this.byId.get(id);
  }

  /** Adds a new draft's record once its file is on disk. */
  create(next: DraftRecord): Promise<DraftRecord> {
    return this.queue.run(() => this.write(next));
  }

  /**
   * Changes a draft's record: `change` sees the record as it is now (changes never overlap) and
   * returns the next one, or throws to change nothing. The copy in memory changes once the file is
   * on disk.
   */
  update(id: string, change: (now: DraftRecord) => DraftRecord): Promise<DraftRecord> {
    return this.queue.run(() => {
      const now = this.byId.get(id);
      if (!now) throw new Error(`No draft ${id}`);
      return this.write(change(structuredClone(now)));
    });
  }

  private async write(next: DraftRecord): Promise<DraftRecord> {
    const checked = record.parse(next);
    await writeFileDurable(
      path.join(this.dir, `${checked.id}.json`),
      `${JSON.stringify(checked, null, 2)}\n`,
    );
    this.byId.set(checked.id, checked);
    return checked;
  }
}
