// Reading a file's bytes out of git's objects: as of a commit, or by its blob id.
import fs from 'node:fs';
import git from 'isomorphic-git';

/** A file's blob id and bytes as of a commit, or null when the commit did not have it. */
export async function blobAt(
  dir: string,
  cache: object,
  commit: string,
  rel: string,
): Promise<{ oid: string; bytes: Buffer } | null> {
  try {
    const { oid, blob } = await git.readBlob({
      fs,
      dir,
      oid: commit,
      filepath: rel,
      cache,
    });
    return { oid, bytes: Buffer.from(blob) };
  } catch (e) {
    if ((e as { code?: string }).code === 'NotFoundError') return null;
    throw e;
  }
}

/** A blob by its id (a file's version the history map named), or null if the repository lacks it. */
export async function readBlobById(dir: string, cache: object, oid: string): Promise<Buffer | null> {
  try {
    const { blob } = await git.readBlob({ fs, dir, oid, cache });
    return Buffer.from(blob);
  } catch (e) {
    if (['NotFoundError', 'ObjectTypeError'].includes((e as { code?: string }).code ?? '')) return null;
    throw e;
  }
}

/** A file's content as of a commit, or null if it did not exist then (the path is checked by the caller). */
export async function readAt(
  dir: string,
  cache: object,
  commit: string,
  rel: string,
): Promise<Buffer | null> {
  try {
    const { blob } = await git.readBlob({
      fs,
      dir,
      oid: commit,
      filepath: rel,
      cache,
    });
    return Buffer.from(blob);
  } catch (e) {
    // Not found, or not a commit (a blob or tree id): either way there is no such version.
    if (['NotFoundError', 'ObjectTypeError', 'InvalidOidError'].includes((e as { code?: string }).code ?? ''))
      return null;
    throw e;
  }
}
