// The store's refusals, in plain words for the people using the site.
import { AppError } from '../schema/errors.ts';

/** Saves need a branch to add to; a maintainer left the repository on a bare commit. */
export class DetachedHeadError extends AppError {
  constructor() {
    super(
      409,
      'The site files are checked out on no branch, so nothing was saved. Ask the person who looks after the site files to check out a branch (for example: git checkout main).',
    );
  }
}

/** git (or another program) holds a lock (index.lock, a branch's .lock) longer than a save can wait. */
export class RepositoryBusyError extends AppError {
  constructor() {
    super(
      503,
      'Someone is working on the site files with git right now, so nothing was saved. Please try again in a minute.',
    );
  }
}

/** Someone moved the branch with git between the start of a save and the moment it would move it. */
export class BranchMovedError extends AppError {
  constructor() {
    super(
      409,
      'The site files were changed with git while this was being saved, so nothing was saved. Please try again.',
    );
  }
}

/** The branch cannot be read or repaired: saving would start a new history and hide the old one. */
export class RepositoryBrokenError extends AppError {
  constructor(readonly problem: string) {
    super(
      503,
      `Saving is turned off to keep the site's history safe: ${problem}. Ask the person who looks after the site files to check the repository.`,
    );
  }
}

/** The disk holding the site (or its private data) has no room left; what was being saved is undone. */
export class DiskFullError extends AppError {
  constructor() {
    super(
      507,
      "The server's disk is full: nothing was saved. Ask the person who looks after the server to free some space, then save again.",
    );
  }
}

/** Whether an error is the file system saying there is no room (or no quota) left. */
export function isDiskFull(e: unknown): boolean {
  if (e instanceof DiskFullError) return true;
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * Whether an error is the file system refusing a name, which for a file asked for by that name means
 * there is no such file: none by it (ENOENT), a name too long to be one (ENAMETOOLONG), or a file used
 * as a folder (`1.jpg/x.jpg`, ENOTDIR). A NUL byte never gets this far: the path rules refuse it
 * (paths.ts). Routes that send a file by its name read it through readNamedFile (http/mediaFiles.ts).
 */
export function isNoSuchFile(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENAMETOOLONG' || code === 'ENOTDIR';
}
