// What git's index says about the work tree at start: for each tracked file, its blob id and the stat
// data (times, inode, size) it had when git last hashed it. A file whose stat still matches is the
// same blob, as `git status` concludes, so a start need not read and hash it. Files changed in the same
// instant as the index was written ("racily clean", git's term) are not trusted: their change could
// be invisible in the times; they are read as before.
import { lstatSync, readFileSync, statSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { DamagedIndexError, parseIndex, UnsupportedIndexError, type ParsedIndex } from './indexFile.ts';

const u32 = (v: bigint) => Number(v & 0xffffffffn);
const sec = (ns: bigint) => u32(ns / 1_000_000_000n);
const nsec = (ns: bigint) => Number(ns % 1_000_000_000n);

export class IndexSnapshot {
  private constructor(
    private readonly entries: Map<string, Buffer>,
    private readonly indexMtime: { sec: number; nsec: number },
  ) {}

  /**
   * The index as it is on disk now; null when there is none or it is in a form not read here.
   * `known` is a parse of it already made (the store's own, at start), used when the file's stat
   * says it is still the same file: the index of 10,000 files is then not read and checked twice.
   */
  static readSync(gitdir: string, known?: (s: BigIntStats) => ParsedIndex | null): IndexSnapshot | null {
    const file = path.join(gitdir, 'index');
    try {
      const s = statSync(file, { bigint: true });
      const parsed = known?.(s) ?? parseIndex(readFileSync(file), '');
      const entries = new Map<string, Buffer>();
      parsed.paths.forEach((p, i) => entries.set(p.toString('utf8'), parsed.entries[i]!));
      return new IndexSnapshot(entries, { sec: sec(s.mtimeNs), nsec: nsec(s.mtimeNs) });
    } catch (e) {
      // A damaged index only means every file is read; the store rebuilds the index before it saves.
      if (e instanceof UnsupportedIndexError || e instanceof DamagedIndexError) return null;
      // Any other failure to read it (permissions) also just means every file is read.
      return null;
    }
  }

  /** The blob id git recorded for `rel` when the file at `abs` is unchanged since; else null. */
  blobIfUnchanged(rel: string, abs: string): string | null {
    const e = this.entries.get(rel);
    if (!e || e.readUInt32BE(24) !== 0o100644) return null;
    let s: BigIntStats | undefined;
    try {
      s = lstatSync(abs, { bigint: true, throwIfNoEntry: false });
    } catch {
      return null;
    }
    if (!s?.isFile()) return null;
    const same =
      e.readUInt32BE(0) === sec(s.ctimeNs) &&
      e.readUInt32BE(4) === nsec(s.ctimeNs) &&
      e.readUInt32BE(8) === sec(s.mtimeNs) &&
      e.readUInt32BE(12) === nsec(s.mtimeNs) &&
      e.readUInt32BE(20) === u32(s.ino) &&
      e.readUInt32BE(36) === u32(s.size);
    if (!same) return null;
    const m = { sec: e.readUInt32BE(8), nsec: e.readUInt32BE(12) };
    const racy =
      m.sec > this.indexMtime.sec || (m.sec === this.indexMtime.sec && m.nsec >= this.indexMtime.nsec);
    return racy ? null : e.toString('hex', 40, 60);
  }
}
