// One save's commit, made while the save queue and git's index lock are held: blobs, work-tree files,
// index entries, trees and the commit written at once, then the branch moved by compare-and-swap.
import path from 'node:path';
import { realPathInside } from './paths.ts';
import { syncDirs } from './durable.ts';
import type { IndexLock } from './indexFile.ts';
import { ObjectBatch } from './looseObjects.ts';
import { type Author, formatCommit } from './commitObject.ts';
import { updateBranch } from './refs.ts';
import { failpoint } from './failpoint.ts';
import type { BranchTip } from './branchTip.ts';
import { BranchMovedError } from './storeErrors.ts';
import { type CommitResult, type FileChange, isDiskFile } from './fileChange.ts';
import { type WorkTreeSource, writeIndex, writeWorkTree } from './workTree.ts';
import type { StoreParts } from './storeParts.ts';

export async function commitLocked(
  parts: StoreParts,
  branch: string,
  tip0: BranchTip,
  checked: FileChange[],
  author: Author,
  message: string,
  lock: IndexLock,
  journaled: Promise<void>,
  merged?: string,
): Promise<CommitResult> {
  let tip = tip0;
  // Every path is checked (links included) before the first file is written.
  const files = new Map<string, string>();
  for (const change of checked)
    files.set(change.path, await realPathInside(parts.dir, parts.realDir, change.path));
  const batch = new ObjectBatch(parts.gitdir);
  const blobs = new Map<string, string | null>();
  const sources = new Map<string, WorkTreeSource>();
  for (const change of checked) {
    if (isDiskFile(change)) {
      sources.set(change.path, { copyOf: change.file });
      blobs.set(change.path, batch.addFile(change.blob, change.file, change.size));
      continue;
    }
    const data = change.data === null ? null : Buffer.from(change.data);
    sources.set(change.path, data);
    blobs.set(change.path, data === null ? null : batch.add('blob', data));
  }
  const folders = new Set([...files.values()].map((f) => path.dirname(f)));
  // Work-tree files, blobs, trees and the commit are written at once; their flushes overlap.
  const written = journaled.then(() =>
    writeWorkTree(
      checked.map(({ path: rel }) => ({
        rel,
        file: files.get(rel)!,
        data: sources.get(rel)!,
        oid: blobs.get(rel)!,
      })),
    ),
  );
  written.catch(() => undefined); // awaited below; only keeps an early failure from being "unhandled"
  // The new index is in place before the branch moves, as `git commit` does it, but the lock is
  // kept until the branch has moved: git reads HEAD and then the index without a lock, so once it
  // sees the new HEAD it sees the new index (the other order let a hand commit put the old index's
  // tree on top of the save, dropping its files). `git commit` lets go of index.lock before it
  // moves the branch, so a hand commit can still land between our reading the tip and moving it:
  // the compare-and-swap then refuses, and the save is rebuilt on top of it.
  for (let attempt = 1; ; attempt++) {
    const removed = new Map<string, string>(); // deleted path → the blob it had
    const tree = await parts.trees.apply(tip.tree, blobs, batch, removed);
    const date = new Date(Date.now());
    const parent = merged && tip.commit ? [tip.commit, merged] : tip.commit;
    const oid = batch.add('commit', formatCommit({ tree, parent, author, date, message }));
    if (attempt === 1) {
      const indexUpdates = await written;
      failpoint('files');
      await writeIndex(parts, lock, indexUpdates);
      failpoint('index-written');
    }
    // Everything the branch will point at is on disk before it moves.
    await Promise.all([batch.done(), attempt === 1 ? syncDirs(folders) : undefined]);
    failpoint('objects');
    if (attempt === 1) {
      await lock.place();
      failpoint('index');
    }
    try {
      await updateBranch(parts.gitdir, {
        branch,
        expected: tip.commit,
        next: oid,
        who: author,
        message: `commit: ${message}`,
        waitMs: parts.lockWaitMs,
      });
    } catch (e) {
      if (!(e instanceof BranchMovedError) || attempt === 5) throw e;
      tip = await parts.tip(false, branch);
      continue;
    }
    const info = {
      oid,
      author: { name: author.name, email: author.email },
      date: new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString(),
      message: message.trim(),
    };
    parts.history.recordCommit(tip.commit, info, [...blobs.keys()], removed);
    return { oid, parent: tip.commit, paths: [...blobs.keys()], blobs };
  }
}
