// A collection kept under CMS_DATA_DIR/private (contact messages): same file format, no git. What its
// files take is counted, so that the room set aside for them (CMS_MESSAGES_MAX_MB) holds: a message is
// kept only after the writer's guards have seen the room as it is in the same turn of the queue.
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { EntityDef } from '../schema/define.ts';
import { writeFileDurable } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';
import { parseItemFile, serializeItem } from '../content/index/fileFormat.ts';
import { blobId } from '../store/blobId.ts';
import type { StoredItem } from '../schema/storedItem.ts';
import type { MessageKeeper, MessageRoom } from '../content/writer/change.ts';

const ITEM_FILE = /^(\d+)\.md$/;

/** What the collection's files take now: how many, and their bytes. */
export interface Usage {
  count: number;
  bytes: number;
  maxBytes: number;
}

export class PrivateCollection implements MessageKeeper {
  private readonly dir: string;
  private readonly queue = new SerialQueue();
  /** Counted from the folder on first use, then kept up to date by add and remove (in the queue). */
  private usage: { count: number; bytes: number } | null = null;

  constructor(
    privateDir: string,
    private readonly def: Extract<EntityDef, { type: 'collection' }>,
    /** The room set aside for the files, in bytes. */
    private readonly maxBytes = Infinity,
  ) {
    this.dir = path.join(privateDir, def.folder);
  }

  async list(): Promise<StoredItem[]> {
    await mkdir(this.dir, { recursive: true });
    const items: StoredItem[] = [];
    for (const name of await readdir(this.dir)) {
      const m = ITEM_FILE.exec(name);
      if (!m) continue;
      const bytes = await readFile(path.join(this.dir, name));
      const parsed = parseItemFile(this.def, bytes.toString('utf8'));
      if (parsed.ok) items.push({ id: m[1]!, version: blobId(bytes), data: parsed.data });
    }
    const order = this.def.order;
    return order
      ? items.sort((a, b) => order({ ...a.data, id: a.id } as never, { ...b.data, id: b.id } as never))
      : items;
  }

  /** What the files take and the room set aside for them (`/api/health`). */
  used(): Promise<Usage> {
    return this.queue.run(async () => ({ ...(await this.counted()), maxBytes: this.maxBytes }));
  }

  add(data: Record<string, unknown>, check: (room: MessageRoom) => void = () => undefined): Promise<string> {
    return this.queue.run(async () => {
      const text = serializeItem(this.def, data);
      const adding = Buffer.byteLength(text);
      const usage = await this.counted();
      check({ ...usage, maxBytes: this.maxBytes, adding });
      const ids = (await readdir(this.dir)).map((n) => Number(ITEM_FILE.exec(n)?.[1] ?? 0));
      const id = String(Math.max(0, ...ids) + 1);
      await writeFileDurable(path.join(this.dir, `${id}.md`), text);
      usage.count += 1;
      usage.bytes += adding;
      return id;
    });
  }

  remove(id: string): Promise<boolean> {
    return this.queue.run(async () => {
      if (!/^\d+$/.test(id)) return false;
      const file = path.join(this.dir, `${id}.md`);
      const size = await stat(file).then(
        (s) => s.size,
        () => null,
      );
      await rm(file, { force: true });
      if (size !== null && this.usage) {
        this.usage.count -= 1;
        this.usage.bytes -= size;
      }
      return size !== null;
    });
  }

  /** The usage, counted from the folder the first time (inside the queue). */
  private async counted(): Promise<{ count: number; bytes: number }> {
    if (this.usage) return this.usage;
    await mkdir(this.dir, { recursive: true });
    let count = 0;
    let bytes = 0;
    for (const name of await readdir(this.dir)) {
      if (!ITEM_FILE.test(name)) continue;
      const size = await stat(path.join(this.dir, name)).then(
        (s) => s.size,
        () => null, // gone meanwhile (a hand edit)
      );
      if (size === null) continue;
      count += 1;
      bytes += size;
    }
    return (this.usage = { count, bytes });
  }
}
