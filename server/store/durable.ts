// Writes that survive a crash or a power cut: data is flushed (fsync) before a rename puts it in
// place, and the folder is flushed after, so a name never points at bytes that were not written.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

let flushing = true;
/** For the save benchmark only: measure what the flushes cost by turning them off. */
export function setFlushingForBenchmark(on: boolean): void {
  flushing = on;
}

/** Flushes an open file's bytes to disk. */
export async function syncFile(handle: FileHandle): Promise<void> {
  if (flushing) await handle.sync();
}

/** Flushes an open file's bytes but not its times (enough for a file rewritten in place). */
export async function syncData(handle: FileHandle): Promise<void> {
  if (flushing) await handle.datasync();
}

/** Flushes a folder's entries (new names, renames, removals) to disk. */
export async function syncDir(dir: string): Promise<void> {
  if (!flushing) return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes several folders at once: concurrent flushes share the file system's journal commits. */
export async function syncDirs(dirs: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(dirs)].map(syncDir));
}

/** Writes `data` to `tmp`, flushes it, and renames it to `file`. The caller flushes the folder. */
export function writeThenRename(
  tmp: string,
  file: string,
  data: Uint8Array | string,
  mode?: number,
): Promise<void> {
  return fillThenRename(tmp, file, (handle) => handle.writeFile(data), mode);
}

/**
 * Creates `tmp`, lets `fill` write it (a stream's chunks, for a file too large to hold in memory),
 * flushes it and renames it to `file`; on any failure `tmp` is removed. The caller flushes the folder.
 */
export async function fillThenRename(
  tmp: string,
  file: string,
  fill: (handle: FileHandle) => Promise<void>,
  mode?: number,
): Promise<void> {
  try {
    const handle = await open(tmp, 'wx', mode ?? 0o666);
    try {
      await fill(handle);
      await syncFile(handle);
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Copies `source` to `tmp` (in the kernel: its bytes never pass through this process), flushes it
 * and renames it to `file`, as writeThenRename does with bytes. The caller flushes the folder.
 */
export async function copyThenRename(source: string, tmp: string, file: string): Promise<void> {
  try {
    await copyFile(source, tmp, constants.COPYFILE_EXCL);
    const handle = await open(tmp, 'r+');
    try {
      await syncFile(handle);
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** The temp name writeFileDurable uses beside `file` (a dot file, so watchers and listings skip it). */
export const tempNameFor = (file: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);

/**
 * Writes a file via temp file + flush + rename; readers never see a half-written file and a crash
 * leaves either the old or the new bytes. `syncFolder: false` leaves the folder flush to the caller.
 */
export async function writeFileDurable(
  file: string,
  data: Uint8Array | string,
  options: { mode?: number; syncFolder?: boolean } = {},
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeThenRename(tempNameFor(file), file, data, options.mode);
  if (options.syncFolder !== false) await syncDir(path.dirname(file));
}

/** Removes the temp files a crash left in a folder (only names writeFileDurable makes). */
export async function removeTempFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const stale = names.filter((n) => /^\.[^/]+\.[0-9a-f]{12}\.tmp$/.test(n));
  await Promise.all(stale.map((n) => rm(path.join(dir, n), { force: true })));
  return stale;
}
