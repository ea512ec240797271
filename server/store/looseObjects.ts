// Writes git objects as loose files: SHA-1 over header + content, deflated at level 1 (git's own
// default for loose objects, core.looseCompression). A save's objects are written as one batch,
// concurrently: each is flushed before it is renamed into place (a crash never leaves an object name
// over unwritten bytes), and their folders are flushed once at the end, before any ref points at them.
// A blob from a file on disk (an upload) is streamed through the hash and deflate into its temp file:
// a 25 MB PDF costs a few chunks of memory, not two copies of itself.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createDeflate, deflate } from 'node:zlib';
import { fillThenRename, syncDirs, writeThenRename } from './durable.ts';
import { failpoint } from './failpoint.ts';
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
    this.track(
      fileWrites(() =>
        this.write(oid, async (tmp, file) =>
          writeThenRename(tmp, file, await deflated(type, content), 0o444),
        ),
      ),
    );
    return oid;
  }

  /**
   * Starts writing the blob of a file on disk whose id and size were read from it before
   * (fileBlobId), streaming it; returns the id at once. The write fails, leaving no object, if the
   * file's bytes no longer hash to `oid`.
   */
  addFile(oid: string, file: string, size: number): string {
    this.track(
      fileWrites(() =>
        this.write(oid, (tmp, target) =>
          fillThenRename(tmp, target, (out) => deflateFile(file, size, oid, out), 0o444),
        ),
      ),
    );
    return oid;
  }

  private track(write: Promise<void>): void {
    write.catch(() => undefined); // awaited in done(); this only keeps an early failure from being "unhandled"
    this.writes.push(write);
  }

  /** Resolves once every object added so far is on disk (it may be called again after more adds). */
  async done(): Promise<void> {
    // Every write settles before a failure is told: a failed save (a full disk) is answered only once
    // no write of it is still making its temporary file, so nothing of it is left behind.
    const settled = await Promise.allSettled(this.writes);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const dirs = [...this.dirs];
    this.dirs.clear();
    await syncDirs(dirs);
  }

  private async write(oid: string, put: (tmp: string, file: string) => Promise<void>): Promise<void> {
    const dir = path.join(this.gitdir, 'objects', oid.slice(0, 2));
    const file = path.join(dir, oid.slice(2));
    if (
      await stat(file).then(
        (s) => s.size > 0,
        () => false,
      )
    )
      return;
    if (await mkdir(dir, { recursive: true })) this.dirs.add(path.dirname(dir));
    // The temp file sits in objects/ itself, where git's fsck does not look for objects.
    await put(path.join(this.gitdir, 'objects', `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`), file);
    this.dirs.add(dir);
  }
}

const deflated = (type: ObjectType, content: Uint8Array) =>
  deflateAsync(Buffer.concat([Buffer.from(`${type} ${content.byteLength}\0`), content]), { level: 1 });

/** Streams "blob <size>\0" + the file through deflate into `out`, hashing the file on the way. */
async function deflateFile(file: string, size: number, oid: string, out: FileHandle): Promise<void> {
  const source = await open(file, 'r');
  try {
    const hash = createHash('sha1');
    let read = 0;
    await pipeline(
      async function* () {
        const header = Buffer.from(`blob ${size}\0`);
        hash.update(header);
        yield header;
        for await (const chunk of source.createReadStream({
          autoClose: false,
          start: 0,
        }) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          read += chunk.byteLength;
          yield chunk;
        }
        if (read !== size || hash.digest('hex') !== oid)
          throw new Error(`The file ${file} changed after it was checked; nothing was saved from it.`);
      },
      createDeflate({ level: 1 }),
      async function (chunks: AsyncIterable<Buffer>) {
        // writeFile writes the whole chunk at the handle's position (a short write is continued).
        for await (const chunk of chunks) {
          await out.writeFile(chunk);
          failpoint('streaming');
        }
      },
    );
  } finally {
    await source.close();
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
      // A `git gc` running beside the server (a maintainer's, or git's own after a large commit) may
      // pack a folder away between the two reads.
      for (const inner of await readdir(path.join(objects, name)).catch(() => [] as string[])) {
        if (inner.endsWith('.tmp')) removed.push(path.join(objects, name, inner));
      }
    }
  }
  await Promise.all(removed.map((f) => rm(f, { force: true })));
  return removed.map((f) => path.relative(gitdir, f));
}
