// Writes git objects as loose files: SHA-1 over header + content, deflated at level 1 (git's own
// default for loose objects, core.looseCompression). A save's objects are written as one batch,
// concurrently: each is flushed before it is renamed into place (a crash never leaves an object name
// over unwritten bytes), and their folders are flushed once at the end, before any ref points at them.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { syncDirs, writeThenRename } from './durable.ts';
import { fileWrites } from './limit.ts';

const deflateAsync = promisify(deflate);
const TEMP_PREFIX = 'cms-tmp-';

export type ObjectType = 'blob' | 'tree' | 'commit';

export function hashObject(type: ObjectType, content: Uint8Array): string {
  return createHash('sha1').update(`${type} ${content.byteLength}\0`).update(content).digest('hex');
}

export class ObjectBatch {
  private readonly writes: Promise<void>[] = [];
  private readonly dirs = new Set<string>();

  constructor(private readonly gitdir: string) {}

  /** Starts writing an object and returns its id at once. */
  add(type: ObjectType, content: Uint8Array): string {
    const oid = hashObject(type, content);
    const write = fileWrites(() => this.write(oid, type, content));
    write.catch(() => undefined); // awaited in done(); this only keeps an early failure from being "unhandled"
    this.writes.push(write);
    return oid;
  }

  /** Resolves once every object added so far is on disk (it may be called again after more adds). */
  async done(): Promise<void> {
    await Promise.all(this.writes);
    const dirs = [...this.dirs];
    this.dirs.clear();
    await syncDirs(dirs);
  }

  private async write(oid: string, type: ObjectType, content: Uint8Array): Promise<void> {
    const dir = path.join(this.gitdir, 'objects', oid.slice(0, 2));
    const file = path.join(dir, oid.slice(2));
    if (
      await stat(file).then(
        (s) => s.size > 0,
        () => false,
      )
    )
      return;
    const deflated = await deflateAsync(
      Buffer.concat([Buffer.from(`${type} ${content.byteLength}\0`), content]),
      { level: 1 },
    );
    if (await mkdir(dir, { recursive: true })) this.dirs.add(path.dirname(dir));
    // The temp file sits in objects/ itself, where git's fsck does not look for objects.
    const tmp = path.join(this.gitdir, 'objects', `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    await writeThenRename(tmp, file, deflated, 0o444);
    this.dirs.add(dir);
  }
}

/**
 * Removes the temp object files a crash left: ours in objects/, and `*.tmp` files inside the
 * objects/xx folders left by earlier versions of this server (git fsck calls those "bad sha1 file").
 */
export async function removeTempObjects(gitdir: string): Promise<string[]> {
  const objects = path.join(gitdir, 'objects');
  const removed: string[] = [];
  for (const name of await readdir(objects).catch(() => [] as string[])) {
    if (name.startsWith(TEMP_PREFIX)) removed.push(path.join(objects, name));
    else if (/^[0-9a-f]{2}$/.test(name)) {
      for (const inner of await readdir(path.join(objects, name))) {
        if (inner.endsWith('.tmp')) removed.push(path.join(objects, name, inner));
      }
    }
  }
  await Promise.all(removed.map((f) => rm(f, { force: true })));
  return removed.map((f) => path.relative(gitdir, f));
}
