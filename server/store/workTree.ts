// Writing the work tree and git's index together: a save's or a pull's files, and putting paths back
// as HEAD has them (a save that did not reach the branch is undone).
import fs from 'node:fs';
import { lstat, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import git from 'isomorphic-git';
import { checkTrackedPath, realPathInside } from './paths.ts';
import {
  copyThenRename,
  removeTempFiles,
  syncDirs,
  tempNameFor,
  writeFileDurable,
  writeThenRename,
} from './durable.ts';
import type { IndexLock, IndexUpdate } from './indexFile.ts';
import { currentBranch, readBranch } from './refs.ts';
import { fileWrites } from './limit.ts';
import { blobAt } from './blobReads.ts';
import type { StoreParts } from './storeParts.ts';

/** A work-tree file's new bytes, a file on disk to copy them from, or null to remove it. */
export type WorkTreeSource = Buffer | { copyOf: string } | null;

/** Writes work-tree files (temp file + rename; null deletes) and returns their new index entries. */
export function writeWorkTree(
  files: { rel: string; file: string; data: WorkTreeSource; oid: string | null }[],
): Promise<IndexUpdate[]> {
  return Promise.all(
    files.map(({ rel, file, data, oid }) =>
      fileWrites(async (): Promise<IndexUpdate> => {
        if (data === null || oid === null) {
          await rm(file, { force: true });
          return { path: rel, entry: null };
        }
        await mkdir(path.dirname(file), { recursive: true });
        if (Buffer.isBuffer(data)) await writeThenRename(tempNameFor(file), file, data);
        else await copyThenRename(data.copyOf, tempNameFor(file), file);
        return { path: rel, entry: { oid, stat: await lstat(file, { bigint: true }) } };
      }),
    ),
  );
}

/** Writes index entries under our lock, or isomorphic-git's slower road for formats IndexFile does not edit. */
export async function writeIndex(parts: StoreParts, lock: IndexLock, updates: IndexUpdate[]): Promise<void> {
  if (!(await lock.write(updates))) await updateIndexSlowly(parts, updates);
}

/** isomorphic-git's slower road, for index formats IndexFile does not edit (our lock stays held). */
async function updateIndexSlowly(parts: StoreParts, updates: IndexUpdate[]): Promise<void> {
  for (const u of updates) {
    if (u.entry)
      await git.updateIndex({ fs, dir: parts.dir, cache: parts.cache, filepath: u.path, add: true });
    else
      await git.updateIndex({
        fs,
        dir: parts.dir,
        cache: parts.cache,
        filepath: u.path,
        remove: true,
        force: true,
      });
  }
}

/** Makes the work tree and the index equal HEAD on `paths` (a save that did not reach the branch is undone). */
export async function matchHead(parts: StoreParts, paths: string[], lock: IndexLock): Promise<void> {
  const branch = await currentBranch(parts.gitdir);
  const state = branch ? await readBranch(parts.gitdir, branch) : null;
  const head = state?.kind === 'oid' ? state.oid : null;
  const updates: IndexUpdate[] = [];
  const folders = new Set<string>();
  for (const rel of paths) {
    const file = await realPathInside(parts.dir, parts.realDir, rel, checkTrackedPath);
    folders.add(path.dirname(file));
    const blob = head ? await blobAt(parts.dir, parts.cache, head, rel) : null;
    if (!blob) {
      await rm(file, { force: true });
      updates.push({ path: rel, entry: null });
      continue;
    }
    const now = await readFile(file).catch(() => null);
    if (!now || !now.equals(blob.bytes)) await writeFileDurable(file, blob.bytes, { syncFolder: false });
    updates.push({ path: rel, entry: { oid: blob.oid, stat: await lstat(file, { bigint: true }) } });
  }
  for (const folder of folders) await removeTempFiles(folder);
  await syncDirs([...folders].filter((f) => fs.existsSync(f)));
  await writeIndex(parts, lock, updates);
}
