// The git index (.git/index), kept parsed in memory and updated entry by entry. isomorphic-git's
// updateIndex re-serialises every entry in JavaScript on each call; here a save replaces only the
// entries it touched and writes the file once, under index.lock, as git does.
import type { BigIntStats } from 'node:fs';
import { createHash } from 'node:crypto';
import { readFile, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { RepositoryBusyError } from './storeErrors.ts';
import { takeLock } from './ownedLock.ts';

/** The index uses a format this module does not edit (version 4, split or sparse index, conflicts). */
export class UnsupportedIndexError extends Error {}

interface Parsed {
  version: number;
  paths: Buffer[]; // sorted by bytes, stage 0 only
  entries: Buffer[]; // raw on-disk entries, same order
  statKey: string;
}

const statKey = (s: BigIntStats) => `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;

export function parseIndex(buf: Buffer, key: string): Parsed {
  if (buf.toString('latin1', 0, 4) !== 'DIRC') throw new UnsupportedIndexError('not an index file');
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
    paths.push(Buffer.from(buf.subarray(start, end)));
    entries.push(Buffer.from(buf.subarray(off, off + len)));
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

function entryFor(rel: Buffer, s: BigIntStats, oid: string): Buffer {
  const e = Buffer.alloc(Math.ceil((62 + rel.length + 1) / 8) * 8);
  const sec = (ns: bigint) => Number((ns / 1_000_000_000n) & 0xffffffffn);
  const nsec = (ns: bigint) => Number(ns % 1_000_000_000n);
  const u32 = (v: bigint) => Number(v & 0xffffffffn);
  e.writeUInt32BE(sec(s.ctimeNs), 0);
  e.writeUInt32BE(nsec(s.ctimeNs), 4);
  e.writeUInt32BE(sec(s.mtimeNs), 8);
  e.writeUInt32BE(nsec(s.mtimeNs), 12);
  e.writeUInt32BE(u32(s.dev), 16);
  e.writeUInt32BE(u32(s.ino), 20);
  e.writeUInt32BE(0o100644, 24);
  e.writeUInt32BE(u32(s.uid), 28);
  e.writeUInt32BE(u32(s.gid), 32);
  e.writeUInt32BE(u32(s.size), 36);
  e.write(oid, 40, 20, 'hex');
  e.writeUInt16BE(Math.min(rel.length, 0xfff), 60);
  rel.copy(e, 62);
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
  /** Puts the written index in place (or just releases the lock when nothing was written). */
  commit(): Promise<void>;
  /** Releases the lock, leaving the index as it was. */
  release(): Promise<void>;
}

export class IndexFile {
  private parsed: Parsed | null = null;
  private readonly file: string;

  constructor(private readonly gitdir: string) {
    this.file = path.join(gitdir, 'index');
  }

  /** Takes .git/index.lock, waiting up to `waitMs` while someone else holds it. */
  async lock(waitMs = 3000): Promise<IndexLock> {
    const lock = await takeLock(this.gitdir, this.file, waitMs, () => new RepositoryBusyError());
    let written = false;
    let committed = false;
    return {
      write: async (updates) => {
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
      commit: async () => {
        committed = true;
        if (!written) return lock.release();
        await lock.commit();
        if (this.parsed) this.parsed.statKey = statKey(await stat(this.file, { bigint: true }));
      },
      release: async () => {
        if (committed) return;
        if (written) this.parsed = null; // the in-memory copy holds changes that were not put in place
        await lock.release();
      },
    };
  }

  private async prepare(updates: IndexUpdate[], handle: FileHandle): Promise<void> {
    const before = await stat(this.file, { bigint: true }).catch(() => null);
    if (!before) this.parsed = { version: 2, paths: [], entries: [], statKey: '' };
    else if (!this.parsed || this.parsed.statKey !== statKey(before))
      this.parsed = parseIndex(await readFile(this.file), statKey(before));
    const idx = this.parsed;
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
    await handle.writev([body, createHash('sha1').update(body).digest()], 0);
  }
}
