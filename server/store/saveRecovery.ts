// Undoing a save that failed or was cut off (the work tree and index made equal HEAD again on its
// paths), and clearing what a killed server left behind in .git.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { removeTempFiles, writeFileDurable } from './durable.ts';
import type { IndexFile, IndexLock } from './indexFile.ts';
import { removeTempObjects } from './looseObjects.ts';
import { removeOwnLeftoverLocks } from './ownedLock.ts';
import { matchHead } from './workTree.ts';
import type { StoreParts } from './storeParts.ts';

/** Makes the work tree and index equal HEAD again on `paths`; the save's record goes only then. */
export async function undoSave(
  parts: StoreParts,
  index: IndexFile,
  paths: string[],
  lock: IndexLock,
): Promise<void> {
  // Once the new index is in place (the branch then refused to move), it is not written again
  // under the same lock: that lock is let go and taken anew.
  let undo = lock;
  if (lock.placed) {
    await lock.commit();
    undo = await index.lock();
  }
  try {
    await matchHead(parts, paths, undo);
    await undo.commit();
  } catch (e) {
    await undo.release();
    throw e;
  }
  await parts.journal.clear();
}

/** A save the previous server did not finish (it died): make the work tree equal HEAD on its paths. */
export async function finishInterruptedSave(parts: StoreParts, lock: IndexLock): Promise<void> {
  const intent = await parts.journal.read();
  if (!intent) return;
  await matchHead(parts, intent.paths, lock);
  parts.say(`Finished a save that was interrupted: ${intent.paths.join(', ')} now match the last commit.`);
}

/** At open: a missing HEAD restored, and this server's own lock files, temp objects and temp files removed. */
export async function removeLeftovers(gitdir: string, say: (message: string) => void): Promise<void> {
  // A first start killed inside `git init` can leave .git without HEAD (init then skips it).
  if (
    !(await stat(path.join(gitdir, 'HEAD')).then(
      () => true,
      () => false,
    ))
  ) {
    await writeFileDurable(path.join(gitdir, 'HEAD'), 'ref: refs/heads/main\n');
  }
  const locks = await removeOwnLeftoverLocks(gitdir);
  const temps = [...(await removeTempObjects(gitdir)), ...(await removeTempFiles(gitdir))];
  if (locks.length || temps.length) {
    say(`Removed what an interrupted save left behind: ${[...locks, ...temps].join(', ')}.`);
  }
}
