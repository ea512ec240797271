// Every path the store touches must stay inside content/ or media/ of the site repository.
import { lstatSync, realpathSync } from 'node:fs';
import { readRegularFileSync } from './regularFile.ts';
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';

const ALLOWED_ROOTS = ['content', 'media'];
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A path the server built or found leads outside content/ and media/: a server problem (500, logged). */
export class UnsafePathError extends Error {}

/** Checks a repository-relative path and returns it normalised; throws UnsafePathError otherwise. */
export function checkRepoPath(rel: string): string {
  const norm = path.posix.normalize(rel.replace(/\\/g, '/'));
  const parts = norm.split('/');
  if (
    norm !== rel ||
    parts.length < 2 ||
    !ALLOWED_ROOTS.includes(parts[0]!) ||
    !parts.every((p) => SEGMENT.test(p) && p !== '..')
  ) {
    throw new UnsafePathError(`Path outside content/ and media/: ${rel}`);
  }
  return norm;
}

/**
 * A path git may track anywhere in the work tree (commits pulled from a remote can hold a README or a
 * .gitignore beside content/ and media/): normalised, no `..`, nothing under .git.
 */
export function checkTrackedPath(rel: string): string {
  const norm = path.posix.normalize(rel.replace(/\\/g, '/'));
  const parts = norm.split('/');
  if (
    norm !== rel ||
    norm.startsWith('/') ||
    parts.some((p) => p === '..' || p === '' || p.toLowerCase() === '.git')
  ) {
    throw new UnsafePathError(`Path git cannot track safely: ${rel}`);
  }
  return norm;
}

/** Each repository folder resolved once, with its separator (a start asks for 10,000 paths in one). */
const resolvedDirs = new Map<string, string>();
function resolvedDir(repoDir: string): string {
  let dir = resolvedDirs.get(repoDir);
  if (dir === undefined) {
    if (resolvedDirs.size > 16) resolvedDirs.clear();
    const abs = path.resolve(repoDir);
    resolvedDirs.set(repoDir, (dir = abs.endsWith(path.sep) ? abs : abs + path.sep));
  }
  return dir;
}

/**
 * The absolute path of `rel` in the repository. `check` refuses a path that may not be used and gives
 * it normalised, relative and without `..` (checkRepoPath, checkTrackedPath), so joining it to the
 * folder is resolving it (path.resolve was most of a start's cost per file).
 */
export function absolutePath(
  repoDir: string,
  rel: string,
  check: (rel: string) => string = checkRepoPath,
): string {
  const norm = check(rel);
  if (path.isAbsolute(norm) || norm.split('/').includes('..'))
    throw new UnsafePathError(`Path escapes repository: ${rel}`);
  return resolvedDir(repoDir) + norm;
}

/**
 * The absolute path of `rel`, after checking that symbolic links do not lead it out of the repository:
 * the deepest folder on the path that exists must resolve inside `realRoot` (the repository's real
 * path), and the file itself must not be a link. A link committed by hand or pulled would otherwise let
 * a save write, delete or read a file anywhere the server can reach.
 */
export async function realPathInside(
  repoDir: string,
  realRoot: string,
  rel: string,
  check: (rel: string) => string = checkRepoPath,
): Promise<string> {
  const abs = absolutePath(repoDir, rel, check);
  let dir = path.dirname(abs);
  let real: string | null = null;
  while (real === null) {
    try {
      real = await realpath(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || dir === path.dirname(dir)) throw e;
      dir = path.dirname(dir);
    }
  }
  if (real !== realRoot && !real.startsWith(realRoot + path.sep))
    throw new UnsafePathError(`Path leads out of the repository through a link: ${rel}`);
  const link = await lstat(abs).then(
    (s) => s.isSymbolicLink(),
    () => false,
  );
  if (link) throw new UnsafePathError(`Path is a link: ${rel}`);
  return abs;
}

/** realPathInside, synchronously (a start reads thousands of files before anything else runs). */
export function realPathInsideSync(repoDir: string, realRoot: string, rel: string): string {
  const abs = absolutePath(repoDir, rel);
  let dir = path.dirname(abs);
  let real: string | null = null;
  while (real === null) {
    try {
      real = realpathSync.native(dir); // one system call; the JavaScript one lstats every component
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || dir === path.dirname(dir)) throw e;
      dir = path.dirname(dir);
    }
  }
  if (real !== realRoot && !real.startsWith(realRoot + path.sep))
    throw new UnsafePathError(`Path leads out of the repository through a link: ${rel}`);
  const link = (() => {
    try {
      return lstatSync(abs).isSymbolicLink();
    } catch {
      return false;
    }
  })();
  if (link) throw new UnsafePathError(`Path is a link: ${rel}`);
  return abs;
}

/** Synchronous read for the prepared-answer builders: same link checks as realPathInside. */
export function readFileInsideSync(repoDir: string, realRoot: string, rel: string): Buffer | null {
  try {
    return readRegularFileSync(realPathInsideSync(repoDir, realRoot, rel), rel);
  } catch {
    return null;
  }
}
