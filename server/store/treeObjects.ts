// Tree objects as raw entries, and the edit a save makes to them: only the trees along the changed
// paths are rewritten. HEAD's trees on those paths stay in memory, so a save does not read back and
// parse the (possibly 10,000-entry) folder tree it wrote the time before.
import type { ObjectBatch } from './looseObjects.ts';

export interface RawEntry {
  mode: string;
  name: string;
  oid: Buffer;
}

const TREE_MODE = '40000';

/** git orders tree entries by name bytes, a tree's name compared as if it ended in '/'. */
const sortKey = (e: { mode: string; name: string }) =>
  Buffer.from(e.mode === TREE_MODE ? `${e.name}/` : e.name);

export function parseTree(buf: Uint8Array): RawEntry[] {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const out: RawEntry[] = [];
  let i = 0;
  while (i < b.length) {
    const sp = b.indexOf(0x20, i);
    const nul = b.indexOf(0, sp + 1);
    out.push({
      mode: b.toString('latin1', i, sp),
      name: b.toString('utf8', sp + 1, nul),
      oid: Buffer.from(b.subarray(nul + 1, nul + 21)),
    });
    i = nul + 21;
  }
  return out;
}

export function serializeTree(entries: RawEntry[]): Buffer {
  let size = 0;
  for (const e of entries) size += e.mode.length + 1 + Buffer.byteLength(e.name) + 1 + 20;
  const out = Buffer.allocUnsafe(size);
  let o = 0;
  for (const e of entries) {
    o += out.write(e.mode, o, 'latin1');
    out[o++] = 0x20;
    o += out.write(e.name, o, 'utf8');
    out[o++] = 0;
    o += e.oid.copy(out, o);
  }
  return out;
}

/** Returns a new list with `name` set to `entry` (or removed when entry is null), in git's order. */
export function withEntry(list: RawEntry[], name: string, entry: RawEntry | null): RawEntry[] {
  const next = list.filter((e) => e.name !== name);
  if (!entry) return next;
  const key = sortKey(entry);
  let lo = 0;
  let hi = next.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (Buffer.compare(sortKey(next[mid]!), key) < 0) lo = mid + 1;
    else hi = mid;
  }
  next.splice(lo, 0, entry);
  return next;
}

/**
 * A tree as last read or written. `bytes` (its serialised content) and `at` (entry name → index and
 * byte offset of its id) let a save that only replaces ids in a 10,000-entry folder patch 20 bytes in
 * a copy instead of serialising every entry again; `at` holds while the names stay the same.
 */
interface KnownTree {
  oid: string;
  entries: RawEntry[];
  bytes?: Buffer;
  at?: Map<string, { index: number; offset: number }>;
}

function positions(entries: RawEntry[]): Map<string, { index: number; offset: number }> {
  const at = new Map<string, { index: number; offset: number }>();
  let o = 0;
  entries.forEach((e, index) => {
    o += e.mode.length + 1 + Buffer.byteLength(e.name) + 1;
    at.set(e.name, { index, offset: o });
    o += 20;
  });
  return at;
}

export class TreeWriter {
  /** folder ('' is the root) → the tree last read or written for it. */
  private known = new Map<string, KnownTree>();

  /** `reader`: trees parsed once by id, shared with every other writer and reader of the repository. */
  constructor(
    private readonly reader: { raw(oid: string): Promise<{ entries: RawEntry[]; bytes: Buffer }> },
  ) {}

  private async entries(folder: string, oid: string | null): Promise<RawEntry[]> {
    if (!oid) return [];
    const hit = this.known.get(folder);
    if (hit?.oid === oid) return hit.entries;
    // With the tree's bytes known, a save that only replaces ids patches a copy of them.
    const { entries, bytes } = await this.reader.raw(oid);
    this.known.set(folder, { oid, entries, bytes });
    return entries;
  }

  /**
   * Applies file changes (path → blob id, or null to delete) to the tree `rootOid` and returns the
   * new root tree id; the new trees are added to `batch`. Folders left empty disappear, as in git.
   * `removed`, when given, receives the blob id each deleted file had.
   */
  async apply(
    rootOid: string | null,
    changes: Map<string, string | null>,
    batch: ObjectBatch,
    removed?: Map<string, string>,
  ): Promise<string> {
    // folder → name → new blob id (null: delete); folders are created on the way. The root is always
    // written: a commit with no changes of its own (a merge) keeps its first parent's tree.
    const byFolder = new Map<string, Map<string, string | null>>([['', new Map()]]);
    for (const [p, oid] of changes) {
      const cut = p.lastIndexOf('/');
      const folder = cut < 0 ? '' : p.slice(0, cut);
      if (!byFolder.has(folder)) byFolder.set(folder, new Map());
      byFolder.get(folder)!.set(p.slice(cut + 1), oid);
      for (let f = folder; f; f = f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '') {
        const parent = f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '';
        if (!byFolder.has(parent)) byFolder.set(parent, new Map());
      }
    }
    // Current tree id of every folder involved, root first.
    const depth = (f: string) => (f ? f.split('/').length : 0);
    const folders = [...byFolder.keys()].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : 1));
    const current = new Map<string, string | null>([['', rootOid]]);
    const lists = new Map<string, RawEntry[]>();
    for (const folder of folders) {
      const list = await this.entries(folder, current.get(folder) ?? null);
      lists.set(folder, list);
      for (const e of list)
        if (e.mode === TREE_MODE) current.set(folder ? `${folder}/${e.name}` : e.name, e.oid.toString('hex'));
    }
    // Rewrite bottom-up.
    const written = new Map<string, string | null>(); // folder → new tree id (null: now empty)
    for (const folder of [...folders].reverse()) {
      const edits = new Map<string, RawEntry | null>();
      for (const [name, oid] of byFolder.get(folder)!) {
        edits.set(name, oid ? { mode: '100644', name, oid: Buffer.from(oid, 'hex') } : null);
        if (oid || !removed) continue;
        const gone = lists.get(folder)!.find((e) => e.name === name && e.mode !== TREE_MODE);
        if (gone) removed.set(folder ? `${folder}/${name}` : name, gone.oid.toString('hex'));
      }
      for (const [sub, oid] of written) {
        const cut = sub.lastIndexOf('/');
        if ((cut < 0 ? '' : sub.slice(0, cut)) !== folder || sub === folder) continue;
        const name = sub.slice(cut + 1);
        edits.set(name, oid ? { mode: TREE_MODE, name, oid: Buffer.from(oid, 'hex') } : null);
      }
      const patched = this.patched(folder, lists.get(folder)!, edits);
      if (patched) {
        const oid = batch.add('tree', patched.bytes);
        this.known.set(folder, { ...patched, oid });
        written.set(folder, oid);
        continue;
      }
      let list = lists.get(folder)!;
      for (const [name, entry] of edits) list = withEntry(list, name, entry);
      if (list.length === 0 && folder !== '') {
        written.set(folder, null);
        continue;
      }
      const bytes = serializeTree(list);
      const oid = batch.add('tree', bytes);
      this.known.set(folder, { oid, entries: list, bytes });
      written.set(folder, oid);
    }
    return written.get('')!;
  }

  /** The folder's new tree when every edit replaces the id of an entry of the same name and mode. */
  private patched(folder: string, list: RawEntry[], edits: Map<string, RawEntry | null>) {
    const known = this.known.get(folder);
    if (!known?.bytes || known.entries !== list) return null;
    const at = (known.at ??= positions(list));
    for (const [name, entry] of edits) {
      const where = at.get(name);
      if (!entry || !where || list[where.index]!.mode !== entry.mode) return null;
    }
    const bytes = Buffer.from(known.bytes);
    const entries = list.slice();
    for (const [name, entry] of edits) {
      const { index, offset } = at.get(name)!;
      entry!.oid.copy(bytes, offset);
      entries[index] = entry!;
    }
    return { entries, bytes, at };
  }
}
