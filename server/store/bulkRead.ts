// A start's bulk load, which runs before anything else: what git's index knows unchanged, and
// synchronous reads into one reused buffer, each folder's link check made once.
import path from 'node:path';
import { absolutePath, realPathInsideSync, UnsafePathError } from './paths.ts';
import { IndexSnapshot } from './indexSnapshot.ts';
import { ScratchReader, type ScratchRead } from './regularFile.ts';
import { isNoSuchFile } from './storeErrors.ts';
import { ON_A_THREAD_FROM, unchangedIn, unchangedOnAThread, type RepoDirs } from './unchangedFiles.ts';

/** See GitStore.bulkRead(). */
export interface BulkRead {
  /**
   * The blob ids git's index records for the files among `rels` it shows unchanged (path → id): from
   * ON_A_THREAD_FROM files on, found on a worker thread, so the start does other work meanwhile, and
   * helped by this thread once `helpAfter` (that other work) settles.
   */
  unchangedOf(
    rels: string[],
    options?: { threadFrom?: number; helpAfter?: Promise<unknown> },
  ): Promise<Map<string, string>>;
  /** A file's blob id and text (good until the next read); null when it is missing. */
  read(rel: string): ScratchRead | null;
}

export interface Repo extends RepoDirs {
  /** The index the store parsed last, when the file on disk is still the same (see IndexFile.parsedIfSame). */
  parsedIfSame: Parameters<typeof IndexSnapshot.readSync>[1];
}

/**
 * What git's index knows unchanged (unchangedBlobsNow), and reads made synchronously one after
 * another into one reused buffer (null when missing, UnsafePathError through a link), each folder's
 * link check made once.
 */
export function bulkRead(repo: Repo): BulkRead {
  const checked = new Set<string>();
  const scratch = new ScratchReader();
  const check = () => unchangedBlobsNow(repo, checked);
  return {
    // A thread that cannot start (too many threads, no memory) only costs the start its time.
    unchangedOf: async (rels, { threadFrom = ON_A_THREAD_FROM, helpAfter } = {}) =>
      rels.length >= threadFrom
        ? unchangedOnAThread(repo, rels, check, helpAfter)
        : (await helpAfter?.catch(() => undefined), unchangedIn(rels, check())),
    read: (rel) => {
      try {
        // O_NOFOLLOW refuses a link at the file itself, with no lstat of its own.
        checkFolderNow(repo, rel, checked);
        return scratch.read(absolutePath(repo.dir, rel), rel);
      } catch (e) {
        if (isNoSuchFile(e)) return null;
        if ((e as NodeJS.ErrnoException).code === 'ELOOP')
          throw new UnsafePathError(`Path is a link: ${rel}`);
        throw e;
      }
    },
  };
}

/**
 * A function giving a file's blob id when git's index shows it unchanged (no read, no hash), else
 * null. The folder's link check is made as for bulkRead().
 */
export function unchangedBlobsNow(
  repo: Repo,
  checkedFolders: Set<string> = new Set(),
): (rel: string) => string | null {
  const snapshot = IndexSnapshot.readSync(repo.gitdir, repo.parsedIfSame);
  if (!snapshot) return () => null;
  return (rel) => {
    try {
      checkFolderNow(repo, rel, checkedFolders);
      return snapshot.blobIfUnchanged(rel, absolutePath(repo.dir, rel));
    } catch {
      return null; // the read then says what is wrong with the path
    }
  };
}

/** The folder's link check once per folder (the caller keeps the set for one pass over the site). */
function checkFolderNow(repo: Repo, rel: string, checkedFolders: Set<string>): void {
  const folder = path.posix.dirname(rel);
  if (checkedFolders.has(folder)) return;
  realPathInsideSync(repo.dir, repo.realDir, rel);
  checkedFolders.add(folder);
}
