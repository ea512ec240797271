// What the site repository cannot say about a draft — its title, where it stands in review, who
// wrote and approved it, its comments and share links — kept in private/drafts/<id>.json, one file
// per draft, each written whole (temp file, flush, rename), so a crash leaves the old or the new file.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileDurable } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';
import { isDraftId } from '../store/draftRefs.ts';
import { DRAFT_STATES } from '../schema/draftStates.ts';

export { DRAFT_STATES, isOpen, type DraftState } from '../schema/draftStates.ts';

const person = z.object({ username: z.string(), name: z.string(), email: z.string().optional() });
export type Person = z.infer<typeof person>;

const record = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(DRAFT_STATES),
  /** The live commit the draft began on. */
  base: z.string(),
  createdAt: z.string(),
  createdBy: person,
  updatedAt: z.string(),
  /** Everyone who saved into the draft, first saver first. */
  authors: z.array(person),
  approvedBy: person.optional(),
  /** When the draft is to be published (ISO), while it waits for that time, and who chose it. */
  publishAt: z.string().optional(),
  scheduledBy: person.optional(),
  /** A scheduled publish called off by a change made after it (a save, changes asked for): why, for
   *  whoever scheduled it. Cleared when it is scheduled again. */
  scheduleEnded: z
    .object({ at: z.string(), by: person, reason: z.string(), publishAt: z.string(), scheduledBy: person })
    .optional(),
  publishedCommit: z.string().optional(),
  events: z.array(z.object({ at: z.string(), by: person, action: z.string(), note: z.string().optional() })),
  comments: z.array(z.object({ at: z.string(), by: person, text: z.string() })),
  shares: z.array(
    z.object({
      id: z.string(),
      /** sha256 of the link's secret: the secret itself is shown once and never kept. */
      hash: z.string(),
      expires: z.string(),
      createdAt: z.string(),
      createdBy: person,
      revokedAt: z.string().optional(),
    }),
  ),
});
export type DraftRecord = z.infer<typeof record>;

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
