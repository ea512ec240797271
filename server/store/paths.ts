// Every path the store touches must stay inside content/ or media/ of the site repository.
import path from 'node:path';

const ALLOWED_ROOTS = ['content', 'media'];
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export class UnsafePathError extends Error {}

/** Checks a repository-relative path and returns it normalised; throws UnsafePathError otherwise. */
export function checkRepoPath(rel: string): string {
  const norm = path.posix.normalize(rel.replace(/\\/g, '/'));
  const parts = norm.split('/');
  if (norm !== rel || parts.length < 2 || !ALLOWED_ROOTS.includes(parts[0]!) || !parts.every((p) => SEGMENT.test(p) && p !== '..')) {
    throw new UnsafePathError(`Path outside content/ and media/: ${rel}`);
  }
  return norm;
}

export function absolutePath(repoDir: string, rel: string): string {
  const abs = path.resolve(repoDir, checkRepoPath(rel));
  if (!abs.startsWith(path.resolve(repoDir) + path.sep)) throw new UnsafePathError(`Path escapes repository: ${rel}`);
  return abs;
}
