// The git index (.git/index), kept parsed in memory and updated entry by entry. isomorphic-git's
// updateIndex re-serialises every entry in JavaScript on each call; here a save replaces only the
// entries it touched and writes the file once, under index.lock, as git does.
import type { BigIntStats } from 'node:fs';
import { createHash } from 'node:crypto';
import { readFile, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { DiskFullError, RepositoryBusyError } from './storeErrors.ts';
import { LOCK_WAIT_MS, takeLock } from './ownedLock.ts';

/** The index uses a format this module does not edit (version 4, split or sparse index, conflicts). */
export class UnsupportedIndexError extends Error {}

/** The index is cut short or its checksum is wrong (a full disk, a crash of another program): git can rebuild it. */
export class DamagedIndexError extends Error {}

/** One index entry as git records it: path, blob id, mode and the file's stat when it was hashed. */
export interface IndexEntryInput {
  path: string;
  oid: string;
  mode: number;
  /** null: unknown, so git (and the start-up snapshot) will re-read the file instead of trusting it. */
  stat: BigIntStats | null;
}

export interface ParsedIndex {
  version: number;
  paths: Buffer[]; // sorted by bytes, stage 0 only
  entries: Buffer[]; // raw on-disk entries, same order
  statKey: string;
}

const statKey = (s: BigIntStats) => `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;

export function parseIndex(buf: Buffer, key: string): ParsedIndex {
  if (buf.length < 32) throw new DamagedIndexError('the index file is cut short');
  const trailer = buf.subarray(buf.length - 20);
  // git's index.skipHash writes zeros instead of the checksum.
  const skipped = trailer.every((b) => b === 0);
  if (
    !skipped &&
    !createHash('sha1')
      .update(buf.subarray(0, buf.length - 20))
      .digest()
      .equals(trailer)
  )
    throw new DamagedIndexError('the index checksum is wrong');
  if (buf.toString('latin1', 0, 4) !== 'DIRC') throw new DamagedIndexError('not an index file');
  try {
    return parseEntries(buf, key);
  } catch (e) {
    if (e instanceof RangeError) throw new DamagedIndexError('an index entry runs past the end of the file');
    throw e;
  }
}

function parseEntries(buf: Buffer, key: string): ParsedIndex {
  const version = buf.readUInt32BE(4);
  if (version !== 2 && version !== 3) throw new UnsupportedIndexError(`index version ${version}`);
  const count = buf.readUInt32BE(8);
  const paths: Buffer[] = [];
  const entries: Buffer[] = [];
  let off = 12;
  for (let i = 0; i < count; i++) {
    const flags = buf.readUInt16BE(off + 60);
    if ((flags >> 12) & 3) throw new UnsupportedIndexError('the index has unresolved merge conflicts');
    const extended = version >= 3 && flags & 0x4000 ? 2 : 0;
    const start = off + 62 + extended;
    const end = buf.indexOf(0, start);
    const len = Math.ceil((62 + extended + (end - start) + 1) / 8) * 8;
    // Views into the file's bytes, not copies: entries are replaced on a save, never changed in place.
    paths.push(buf.subarray(start, end));
    entries.push(buf.subarray(off, off + len));
    off += len;
  }
  // Optional caches (TREE, REUC, UNTR, …) are dropped on write and rebuilt by git; extensions the
  // index cannot do without are refused.
  while (off < buf.length - 20) {
    const sig = buf.toString('latin1', off, off + 4);
    if (sig === 'link' || sig === 'sdir') throw new UnsupportedIndexError(`index extension ${sig}`);
    off += 8 + buf.readUInt32BE(off + 4);
  }
  return { version, paths, entries, statKey: key };
}

function entryFor(rel: Buffer, s: BigIntStats | null, oid: string, mode = 0o100644): Buffer {
  const e = Buffer.alloc(Math.ceil((62 + rel.length + 1) / 8) * 8);
  const sec = (ns: bigint) => Number((ns / 1_000_000_000n) & 0xffffffffn);
  const nsec = (ns: bigint) => Number(ns % 1_000_000_000n);
  const u32 = (v: bigint) => Number(v & 0xffffffffn);
  e.writeUInt32BE(mode, 24);
  e.write(oid, 40, 20, 'hex');
  e.writeUInt16BE(Math.min(rel.length, 0xfff), 60);
  rel.copy(e, 62);
  if (!s) return e; // zero stat data: git treats the entry as "look at the file again"
  e.writeUInt32BE(sec(s.ctimeNs), 0);
  e.writeUInt32BE(nsec(s.ctimeNs), 4);
  e.writeUInt32BE(sec(s.mtimeNs), 8);
  e.writeUInt32BE(nsec(s.mtimeNs), 12);
  e.writeUInt32BE(u32(s.dev), 16);
  e.writeUInt32BE(u32(s.ino), 20);
  e.writeUInt32BE(u32(s.uid), 28);
  e.writeUInt32BE(u32(s.gid), 32);
  e.writeUInt32BE(u32(s.size), 36);
  return e;
}

function find(paths: Buffer[], key: Buffer): { found: boolean; at: number } {
  let lo = 0;
  let hi = paths.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = Buffer.compare(paths[mid]!, key);
    if (c === 0) return { found: true, at: mid };
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return { found: false, at: lo };
}

export interface IndexUpdate {
  path: string;
  /** The file's blob id and its stat after writing; null removes the entry. */
  entry: { oid: string; stat: BigIntStats } | null;
}

/** A held .git/index.lock: nothing else (the git CLI included) can commit until it is released. */
export interface IndexLock {
  /** Writes the updated index into the lock file; false when the index is in a format not edited here. */
  write(updates: IndexUpdate[]): Promise<boolean>;
  /**
   * Puts the written index in place and keeps holding the lock, so that git can read the new index
   * but not commit until commit() or release() removes the lock. Nothing is written after this.
   */
  place(): Promise<void>;
  /** True once place() ran. */
  readonly placed: boolean;
  /** Puts the written index in place (or just releases the lock when nothing was written). */
  commit(): Promise<void>;
  /** Releases the lock, leaving the index as it was (or as place() left it). */
  release(): Promise<void>;
}

/** Why an index that failed to read can be rebuilt; other failures (unsupported formats) are thrown on. */
function unreadable(e: unknown): string {
  if (e instanceof DamagedIndexError) return e.message;
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EISDIR') return `it could not be read (${code})`;
  throw e;
}

/** What HEAD holds (every file), for rebuilding a missing or damaged index; null for a branch with no commit. */
export type HeadEntries = () => Promise<IndexEntryInput[] | null>;

export class IndexFile {
  private parsed: ParsedIndex | null = null;
  private readonly file: string;

  constructor(
    private readonly gitdir: string,
    private readonly headEntries: HeadEntries,
    private readonly say: (line: string) => void = () => undefined,
    private readonly lockWaitMs = LOCK_WAIT_MS,
  ) {
    this.file = path.join(gitdir, 'index');
  }

  /** Takes .git/index.lock, waiting up to `waitMs` while someone else holds it. */
  async lock(waitMs = this.lockWaitMs): Promise<IndexLock> {
    const lock = await takeLock(this.gitdir, this.file, waitMs, () => new RepositoryBusyError());
    let written = false;
    let committed = false;
    let placed = false;
    // Removing the lock's names changes the index's ctime when it was placed: read its stat after.
    const remember = async () => {
      if (this.parsed) this.parsed.statKey = statKey(await stat(this.file, { bigint: true }));
    };
    const commit = async () => {
      if (committed) return;
      committed = true;
      if (!written) return lock.release();
      await lock.commit(); // once placed, this only removes the lock
      await remember();
    };
    return {
      write: async (updates) => {
        if (placed) throw new Error('The index was already put in place; take the lock again to change it.');
        try {
          await this.prepare(updates, lock.handle);
          written = true;
          lock.flush();
          return true;
        } catch (e) {
          this.parsed = null;
          if (e instanceof UnsupportedIndexError) return false;
          throw e;
        }
      },
      get placed() {
        return placed;
      },
      place: async () => {
        if (!written) return;
        await lock.place();
        placed = true;
      },
      commit,
      release: async () => {
        // A placed index cannot be taken back: letting go is then the same as committing.
        if (placed) return commit();
        if (committed) return;
        committed = true;
        if (written) this.parsed = null; // the in-memory copy holds changes that were not put in place
        await lock.release();
      },
    };
  }

  private async prepare(updates: IndexUpdate[], handle: FileHandle): Promise<void> {
    const idx = await this.current();
    for (const u of updates) {
      const key = Buffer.from(u.path);
      const { found, at } = find(idx.paths, key);
      if (u.entry) {
        const raw = entryFor(key, u.entry.stat, u.entry.oid);
        if (found) idx.entries[at] = raw;
        else {
          idx.paths.splice(at, 0, key);
          idx.entries.splice(at, 0, raw);
        }
      } else if (found) {
        idx.paths.splice(at, 1);
        idx.entries.splice(at, 1);
      }
    }
    const header = Buffer.alloc(12);
    header.write('DIRC', 0, 'latin1');
    header.writeUInt32BE(idx.version, 4);
    header.writeUInt32BE(idx.entries.length, 8);
    const body = Buffer.concat([header, ...idx.entries]);
    // Written from the start: an interrupted save rewrites the index it had already written.
    await handle.truncate(0);
    const sum = createHash('sha1').update(body).digest();
    const { bytesWritten } = await handle.writev([body, sum], 0);
    // A full disk can take part of the bytes without an error: such a lock file must never be put in place.
    if (bytesWritten !== body.length + sum.length) throw new DiskFullError();
  }

  /** The index as it is on disk; a missing or damaged one is rebuilt from HEAD, as `git reset` would. */
  private async current(): Promise<ParsedIndex> {
    const before = await stat(this.file, { bigint: true }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
    if (before && this.parsed?.statKey === statKey(before)) return this.parsed;
    let problem = 'it was missing';
    if (before) {
      try {
        this.parsed = parseIndex(await readFile(this.file), statKey(before));
        return this.parsed;
      } catch (e) {
        problem = unreadable(e);
      }
    }
    const head = await this.headEntries();
    this.parsed = { version: 2, paths: [], entries: [], statKey: '' };
    if (!head) return this.parsed; // no commit yet: an empty index is the truth
    head.sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
    for (const h of head) {
      const key = Buffer.from(h.path);
      this.parsed.paths.push(key);
      this.parsed.entries.push(entryFor(key, h.stat, h.oid, h.mode));
    }
    this.say(`Rebuilt git's index of the site files from the last commit (${problem}).`);
    return this.parsed;
  }

  /**
   * Why the index on disk must be rebuilt (missing or damaged), or null when it reads. A good parse
   * is kept, for the first save and for parsedIfSame().
   */
  async problem(): Promise<string | null> {
    try {
      const before = await stat(this.file, { bigint: true });
      if (this.parsed?.statKey === statKey(before)) return null;
      this.parsed = parseIndex(await readFile(this.file), statKey(before));
      return null;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'it was missing';
      if (e instanceof UnsupportedIndexError) return null; // git's to edit (see updateIndexSlowly)
      return unreadable(e);
    }
  }

  /** The parse kept in memory, when the index on disk (stat `s`) is still the file it was made from. */
  parsedIfSame(s: BigIntStats): ParsedIndex | null {
    return this.parsed?.statKey === statKey(s) ? this.parsed : null;
  }
}
