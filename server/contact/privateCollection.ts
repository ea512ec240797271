// A collection kept under CMS_DATA_DIR/private (contact messages): same file format, no git.
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { EntityDef } from '../schema/define.ts';
import { writeFileDurable } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';
import { parseItemFile, serializeItem } from '../content/index/fileFormat.ts';
import { blobId } from '../store/blobId.ts';
import type { StoredItem } from '../schema/storedItem.ts';

export class PrivateCollection {
  private readonly dir: string;
  private readonly queue = new SerialQueue();

  constructor(
    privateDir: string,
    private readonly def: Extract<EntityDef, { type: 'collection' }>,
  ) {
    this.dir = path.join(privateDir, def.folder);
  }

  async list(): Promise<StoredItem[]> {
    await mkdir(this.dir, { recursive: true });
    const items: StoredItem[] = [];
    for (const name of await readdir(this.dir)) {
      const m = /^(\d+)\.md$/.exec(name);
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

  add(data: Record<string, unknown>): Promise<string> {
    return this.queue.run(async () => {
      await mkdir(this.dir, { recursive: true });
      const ids = (await readdir(this.dir)).map((n) => Number(/^(\d+)\.md$/.exec(n)?.[1] ?? 0));
      const id = String(Math.max(0, ...ids) + 1);
      await writeFileDurable(path.join(this.dir, `${id}.md`), serializeItem(this.def, data));
      return id;
    });
  }

  remove(id: string): Promise<boolean> {
    return this.queue.run(async () => {
      if (!/^\d+$/.test(id)) return false;
      const file = path.join(this.dir, `${id}.md`);
      const existed = await readFile(file).then(
        () => true,
        () => false,
      );
      await rm(file, { force: true });
      return existed;
    });
  }
}
