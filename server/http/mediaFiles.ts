// /media/… answers: the site repository's media blobs, kept in memory (up to a budget) under the blob
// id the content index knows, so a kept answer never outlives the file it was read from.
import { blobId } from '../store/blobId.ts';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { prepareBody, type Prepared } from './prepared.ts';
import type { GitStore } from '../store/gitStore.ts';
import { checkRepoPath, UnsafePathError } from '../store/paths.ts';
import { UnreadableFileError } from '../store/regularFile.ts';
import { Answer } from './answer.ts';
import { securityHeaders } from './securityHeaders.ts';

// Only these are stored (uploads are sniffed; SVG is refused): all compressed formats already, so
// media are sent as they are, never as gzip or br.
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Larger files (PDFs) are read from disk per request; keeping them would crowd out the images. */
const MAX_KEPT_FILE = 4 * 2 ** 20;
const MAX_KEPT_TOTAL = 64 * 2 ** 20;

/** The two answers of one file: for a URL whose ?v= names this version, and for any other. */
export interface Entry {
  version: string | undefined;
  size: number;
  immutable: Answer;
  revalidate: Answer;
}

export class MediaFiles {
  private entries = new Map<string, Entry>();
  private entryBytes = 0;

  constructor(
    private readonly store: GitStore,
    private readonly index: ContentIndex,
  ) {}

  /** The answer for `media/…` with this `?v=`, when the file's current version is in memory. */
  cached(rel: string, v: string | undefined): Answer | undefined {
    const entry = this.entries.get(rel);
    if (!entry || entry.version !== this.index.mediaVersion(rel)) return undefined;
    return pick(entry, v);
  }

  /** Reads the file when it is not in memory; null when there is no such media file. */
  async answer(rel: string, v: string | undefined): Promise<Answer | null> {
    const hit = this.cached(rel, v);
    if (hit) return hit;
    const type = TYPES[rel.split('.').pop()!.toLowerCase()];
    if (!type) return null;
    const bytes = await readNamedFile(this.store, rel);
    if (!bytes) return null;
    const version = this.index.mediaVersion(rel);
    const entry = makeEntry(prepareBody(bytes, type, {}, version && `"${version}"`), version);
    // Kept only when the bytes are the version the index announces (not a file changing under us).
    if (version && bytes.length <= MAX_KEPT_FILE && blobId(bytes) === version) this.keep(rel, entry);
    return pick(entry, v);
  }

  private keep(rel: string, entry: Entry): void {
    this.drop(rel);
    this.entries.set(rel, entry);
    this.entryBytes += entry.size;
    // Oldest first: Map iteration follows insertion order.
    for (const key of this.entries.keys()) {
      if (this.entryBytes <= MAX_KEPT_TOTAL) break;
      this.drop(key);
    }
  }

  private drop(rel: string): void {
    const old = this.entries.get(rel);
    if (!old) return;
    this.entryBytes -= old.size;
    this.entries.delete(rel);
  }
}

/**
 * The bytes of a file of the site a request names (`media/…`), or null when it names none: a name the
 * store's path rules refuse (a NUL byte, `..`), one the file system refuses (store.read: too long, a
 * file used as a folder), or something that is not a file served (a folder, a pipe, one over its size limit).
 * Every route that sends a file by its name reads it here, so each answers 404 for these alike; any
 * other error (a disk that cannot be read) is the server's, answered 500 and logged.
 */
export async function readNamedFile(store: Pick<GitStore, 'read'>, rel: string): Promise<Buffer | null> {
  try {
    return await store.read(checkRepoPath(rel));
  } catch (e) {
    if (e instanceof UnsafePathError || e instanceof UnreadableFileError) return null;
    throw e;
  }
}

export function makeEntry(prepared: Prepared, version: string | undefined): Entry {
  const answer = (cacheControl: string) =>
    new Answer(prepared, {
      headers: [
        ['X-Content-Type-Options', 'nosniff'],
        ['Content-Security-Policy', "default-src 'none'; sandbox"],
        ['Cache-Control', cacheControl],
      ],
      around: securityHeaders(),
      etag: version !== undefined,
    });
  return {
    version,
    size: prepared.body.length,
    immutable: answer(IMMUTABLE),
    revalidate: answer('no-cache'),
  };
}

export const pick = (entry: Entry, v: string | undefined) =>
  v && entry.version?.startsWith(v) ? entry.immutable : entry.revalidate;
