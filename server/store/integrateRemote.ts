// A pull's second half: bringing a commit fetched from the site's remote into the current branch, by
// fast-forward or by a merge commit in which the remote's version wins where both sides changed a file.
import fs from 'node:fs';
import path from 'node:path';
import git from 'isomorphic-git';
import { checkTrackedPath, realPathInside } from './paths.ts';
import { syncDirs } from './durable.ts';
import type { IndexLock } from './indexFile.ts';
import { ObjectBatch } from './looseObjects.ts';
import { formatCommit, SYSTEM_AUTHOR } from './commitObject.ts';
import { currentBranch, updateBranch } from './refs.ts';
import { changedPaths } from './treeDiff.ts';
import { DetachedHeadError } from './storeErrors.ts';
import { blobAt } from './blobReads.ts';
import { writeIndex, writeWorkTree } from './workTree.ts';
import type { StoreParts } from './storeParts.ts';

export interface IntegrateResult {
  /** up-to-date: nothing new; ahead: the branch holds the remote's commits and more of its own. */
  kind: 'up-to-date' | 'ahead' | 'fast-forward' | 'merge';
  head: string;
  /** Files that now differ from before. */
  paths: string[];
  /** Files both sides changed differently: the remote's version was kept. */
  bothChanged: string[];
}

/** GitStore.integrate(), once the save queue and git's index lock are held and any interrupted save is finished. */
export async function integrateLocked(
  parts: StoreParts,
  lock: IndexLock,
  remote: string,
  mergeMessage: (bothChanged: string[]) => string,
  options: { follow?: boolean },
): Promise<IntegrateResult> {
  const branch = await currentBranch(parts.gitdir);
  if (!branch) throw new DetachedHeadError();
  const tip = await parts.tip(false, branch);
  const local = tip.commit!;
  const same = { head: local, paths: [], bothChanged: [] };
  if (local === remote) return { kind: 'up-to-date', ...same };
  // A replica follows: whatever the remote holds becomes the branch, as a fast-forward would.
  const [base = null] = options.follow
    ? [local]
    : ((await git.findMergeBase({
        fs,
        dir: parts.dir,
        oids: [local, remote],
        cache: parts.cache,
      })) as string[]);
  if (base === remote) return { kind: 'ahead', ...same };
  const fastForward = base === local;
  const ours = new Set(fastForward ? [] : await changedPaths(parts.dir, parts.cache, base, local));
  const take: { rel: string; oid: string | null; data: Buffer | null }[] = [];
  const bothChanged: string[] = [];
  for (const rel of await changedPaths(parts.dir, parts.cache, base, remote)) {
    const [theirs, mine] = await Promise.all([
      blobAt(parts.dir, parts.cache, remote, rel),
      blobAt(parts.dir, parts.cache, local, rel),
    ]);
    if ((theirs?.oid ?? null) === (mine?.oid ?? null)) continue;
    if (ours.has(rel)) bothChanged.push(rel);
    take.push({ rel, oid: theirs?.oid ?? null, data: theirs?.bytes ?? null });
  }
  await parts.journal.write({ branch, parent: local, paths: take.map((t) => t.rel) });
  const files = new Map<string, string>();
  for (const t of take)
    files.set(t.rel, await realPathInside(parts.dir, parts.realDir, t.rel, checkTrackedPath));
  const updates = await writeWorkTree(take.map((t) => ({ ...t, file: files.get(t.rel)! })));
  await writeIndex(parts, lock, updates);
  let next = remote;
  const batch = new ObjectBatch(parts.gitdir);
  const date = new Date(Date.now());
  const message = mergeMessage(bothChanged);
  const removed = new Map<string, string>(); // deleted path → the blob it had
  if (!fastForward) {
    const tree = await parts.trees.apply(tip.tree, new Map(take.map((t) => [t.rel, t.oid])), batch, removed);
    next = batch.add(
      'commit',
      formatCommit({ tree, parent: [local, remote], author: SYSTEM_AUTHOR, date, message }),
    );
  }
  await Promise.all([batch.done(), syncDirs(new Set([...files.values()].map((f) => path.dirname(f))))]);
  await lock.place(); // before the branch moves, as in a save (see commitLocked in saveCommit.ts)
  await updateBranch(parts.gitdir, {
    branch,
    expected: local,
    next,
    who: SYSTEM_AUTHOR,
    message: fastForward ? 'pull: fast-forward' : `pull: ${message}`,
  });
  if (!fastForward) {
    const when = new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString();
    parts.history.recordCommit(
      local,
      { oid: next, author: { ...SYSTEM_AUTHOR }, date: when, message: message.trim() },
      take.map((t) => t.rel),
      removed,
    );
  }
  return {
    kind: fastForward ? 'fast-forward' : 'merge',
    head: next,
    paths: take.map((t) => t.rel),
    bothChanged,
  };
}
