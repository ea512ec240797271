// Where a GitStore save spends its time, and a prototype of the fix, measured side by side with the
// git CLI on fresh copies of the benchmark repository (saves interleaved: current, prototype, CLI).
//
// 1. `timedCommit` is a copy of GitStore.commit (server/store/gitStore.ts + treeEdit.ts) for one changed
//    file, with a stopwatch around each step.
// 2. `ProtoStore` is the proposed change, prototyped here because server/ belongs to others:
//    - the index: parsed once and kept (re-read only when its stat changes); a save replaces the one
//      entry it touched and writes the file with one Buffer.concat + SHA-1, under index.lock like git
//      does, instead of isomorphic-git's updateIndex, which re-serialises every entry in JS;
//    - trees: the entries of HEAD's trees along the written paths are kept in memory, so a save does
//      not read and parse back the 10,000-entry tree it wrote the time before; trees are serialised
//      with plain Buffer writes, no per-entry objects or re-sorting;
//    - loose objects are deflated at level 1 (git's own default for loose objects, core.looseCompression)
//      on the libuv thread pool, instead of CompressionStream's default level 6.
//    The commit object and the ref are still written by isomorphic-git.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { lstat, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import git, { type TreeEntry } from 'isomorphic-git';
import type { Author } from '../../server/store/gitStore.ts';
import { writeFileAtomic } from '../../server/store/atomicWrite.ts';
import { newsFile, newsItem, percentile, table } from './fixtures.ts';
import { GIT_ENV, git as gitCli, itemPath } from './siteRepo.ts';

const deflateAsync = promisify(deflate);

// ---------------------------------------------------------------------------------------------------
// 1. The current save, instrumented

type Laps = Record<string, number>;

function stopwatch(laps: Laps) {
  let last = performance.now();
  return (name: string) => {
    const now = performance.now();
    laps[name] = (laps[name] ?? 0) + now - last;
    last = now;
  };
}

/** GitStore.commit for one file, step by step (same calls, same order). */
async function timedCommit(dir: string, cache: object, rel: string, data: string, author: Author, message: string, laps: Laps) {
  const lap = stopwatch(laps);
  const gitdir = path.join(dir, '.git');
  await writeFileAtomic(path.join(dir, rel), data);
  lap('write file (temp + rename)');
  const blob = await git.updateIndex({ fs, dir, cache, filepath: rel, add: true });
  lap('git.updateIndex (blob + whole index)');
  const parent = await git.resolveRef({ fs, dir, ref: 'HEAD' });
  const parentTree = (await git.readCommit({ fs, dir, oid: parent, cache })).commit.tree;
  lap('resolve HEAD + readCommit');
  // applyTreeChanges for a single path, root → leaf, timing reads and writes separately.
  const parts = rel.split('/');
  const chain: { entries: TreeEntry[] }[] = [];
  let oid: string | null = parentTree;
  for (let depth = 0; depth < parts.length; depth++) {
    const entries: TreeEntry[] = oid ? (await git.readTree({ fs, gitdir, oid, cache })).tree : [];
    chain.push({ entries });
    oid = entries.find((e) => e.path === parts[depth])?.oid ?? null;
    if (depth === parts.length - 1) break;
  }
  lap('git.readTree ×3 (root, content, content/news)');
  let child = blob!;
  for (let depth = parts.length - 1; depth >= 0; depth--) {
    const byName = new Map(chain[depth]!.entries.map((e) => [e.path, e]));
    const isLeaf = depth === parts.length - 1;
    byName.set(parts[depth]!, { mode: isLeaf ? '100644' : '040000', path: parts[depth]!, oid: child, type: isLeaf ? 'blob' : 'tree' });
    child = await git.writeTree({ fs, gitdir, tree: [...byName.values()] });
  }
  lap('git.writeTree ×3');
  const now = Math.floor(Date.now() / 1000);
  const person = { name: author.name, email: author.email, timestamp: now, timezoneOffset: new Date().getTimezoneOffset() };
  const commit = await git.writeCommit({ fs, dir, commit: { message: `${message}\n`, tree: child, parent: [parent], author: person, committer: person } });
  lap('git.writeCommit');
  await git.writeRef({ fs, dir, ref: 'refs/heads/main', value: commit, force: true });
  lap('git.writeRef');
  return commit;
}

// ---------------------------------------------------------------------------------------------------
// 2. The prototype

interface RawEntry { mode: string; name: string; oid: Buffer }

const nameKey = (e: RawEntry) => Buffer.from(e.mode === '40000' ? `${e.name}/` : e.name);

function parseTree(buf: Uint8Array): RawEntry[] {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const out: RawEntry[] = [];
  let i = 0;
  while (i < b.length) {
    const sp = b.indexOf(0x20, i);
    const nul = b.indexOf(0, sp + 1);
    out.push({ mode: b.toString('latin1', i, sp), name: b.toString('utf8', sp + 1, nul), oid: b.subarray(nul + 1, nul + 21) });
    i = nul + 21;
  }
  return out;
}

function serializeTree(entries: RawEntry[]): Buffer {
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

async function writeLooseObject(gitdir: string, type: string, content: Buffer): Promise<string> {
  const header = Buffer.from(`${type} ${content.length}\0`);
  const oid = createHash('sha1').update(header).update(content).digest('hex');
  const file = path.join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2));
  if (await stat(file).then(() => true, () => false)) return oid;
  const deflated = await deflateAsync(Buffer.concat([header, content]), { level: 1 });
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, deflated, { mode: 0o444 });
  await rename(tmp, file);
  return oid;
}

interface IndexState {
  version: number;
  paths: string[]; // sorted like git: by path bytes (stage 0 only here)
  entries: Buffer[]; // raw on-disk entries, same order
  statKey: string;
}

/** Parses .git/index (versions 2 and 3). Extensions are dropped on write: all are optional caches. */
function parseIndex(buf: Buffer, statKey: string): IndexState {
  if (buf.toString('latin1', 0, 4) !== 'DIRC') throw new Error('not an index file');
  const version = buf.readUInt32BE(4);
  if (version !== 2 && version !== 3) throw new Error(`index version ${version} not handled by the prototype`);
  const count = buf.readUInt32BE(8);
  const paths: string[] = [];
  const entries: Buffer[] = [];
  let off = 12;
  for (let i = 0; i < count; i++) {
    const flags = buf.readUInt16BE(off + 60);
    const ext = version >= 3 && flags & 0x4000 ? 2 : 0;
    const start = off + 62 + ext;
    const end = buf.indexOf(0, start);
    const len = Math.ceil((62 + ext + (end - start) + 1) / 8) * 8;
    if ((flags >> 12) & 3) throw new Error('index has unmerged entries');
    paths.push(buf.toString('utf8', start, end));
    entries.push(buf.subarray(off, off + len));
    off += len;
  }
  // Extensions that must be kept for the index to stay meaningful (split or sparse index): refuse.
  while (off < buf.length - 20) {
    const sig = buf.toString('latin1', off, off + 4);
    if (sig === 'link' || sig === 'sdir') throw new Error(`index extension ${sig} not handled by the prototype`);
    off += 8 + buf.readUInt32BE(off + 4);
  }
  return { version, paths, entries, statKey };
}

const statKey = (s: fs.BigIntStats) => `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;

function indexEntry(rel: string, s: fs.BigIntStats, oid: string): Buffer {
  const name = Buffer.from(rel);
  const e = Buffer.alloc(Math.ceil((62 + name.length + 1) / 8) * 8);
  const sec = (ns: bigint) => Number((ns / 1_000_000_000n) & 0xffffffffn);
  const nsec = (ns: bigint) => Number(ns % 1_000_000_000n);
  const u32 = (v: bigint) => Number(v & 0xffffffffn);
  e.writeUInt32BE(sec(s.ctimeNs), 0);
  e.writeUInt32BE(nsec(s.ctimeNs), 4);
  e.writeUInt32BE(sec(s.mtimeNs), 8);
  e.writeUInt32BE(nsec(s.mtimeNs), 12);
  e.writeUInt32BE(u32(s.dev), 16);
  e.writeUInt32BE(u32(s.ino), 20);
  e.writeUInt32BE(Number(s.mode) & 0o111 ? 0o100755 : 0o100644, 24);
  e.writeUInt32BE(u32(s.uid), 28);
  e.writeUInt32BE(u32(s.gid), 32);
  e.writeUInt32BE(u32(s.size), 36);
  e.write(oid, 40, 20, 'hex');
  e.writeUInt16BE(Math.min(name.length, 0xfff), 60);
  name.copy(e, 62);
  return e;
}

/** Byte-wise path order, as git sorts index entries. */
function findPath(paths: string[], rel: string): { found: boolean; at: number } {
  const key = Buffer.from(rel);
  let lo = 0;
  let hi = paths.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = Buffer.compare(Buffer.from(paths[mid]!), key);
    if (c === 0) return { found: true, at: mid };
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return { found: false, at: lo };
}

export class ProtoStore {
  readonly gitdir: string;
  private readonly cache = {};
  private index: IndexState | null = null;
  private trees = new Map<string, { oid: string; entries: RawEntry[] }>(); // folder ('' = root) → HEAD's tree
  private lastCommit: { oid: string; tree: string } | null = null;

  constructor(readonly dir: string, private readonly branch = 'main') {
    this.gitdir = path.join(dir, '.git');
  }

  private async readTreeEntries(folder: string, oid: string): Promise<RawEntry[]> {
    const cached = this.trees.get(folder);
    if (cached?.oid === oid) return cached.entries;
    const { object } = await git.readObject({ fs, gitdir: this.gitdir, oid, format: 'content', cache: this.cache });
    const entries = parseTree(object as Uint8Array);
    this.trees.set(folder, { oid, entries });
    return entries;
  }

  /** Replaces (or adds) the given index entries in one write under index.lock. */
  private async updateIndex(updates: { rel: string; entry: Buffer }[]) {
    const file = path.join(this.gitdir, 'index');
    const lock = `${file}.lock`;
    const handle = await open(lock, 'wx'); // fails while git itself holds the index
    try {
      const before = await stat(file, { bigint: true });
      if (!this.index || this.index.statKey !== statKey(before)) this.index = parseIndex(await readFile(file), statKey(before));
      const idx = this.index;
      for (const u of updates) {
        const { found, at } = findPath(idx.paths, u.rel);
        if (found) idx.entries[at] = u.entry;
        else {
          idx.paths.splice(at, 0, u.rel);
          idx.entries.splice(at, 0, u.entry);
        }
      }
      const header = Buffer.alloc(12);
      header.write('DIRC', 0, 'latin1');
      header.writeUInt32BE(idx.version, 4);
      header.writeUInt32BE(idx.entries.length, 8);
      const body = Buffer.concat([header, ...idx.entries]);
      const sum = createHash('sha1').update(body).digest();
      await handle.writev([body, sum]);
      await handle.close();
      await rename(lock, file);
      idx.statKey = statKey(await stat(file, { bigint: true }));
    } catch (e) {
      await handle.close().catch(() => undefined);
      await rm(lock, { force: true });
      this.index = null;
      throw e;
    }
  }

  /** One save of one or more files (additions and modifications; the prototype leaves out deletions). */
  async commit(changes: { path: string; data: string }[], author: Author, message: string, laps: Laps = {}): Promise<string> {
    const lap = stopwatch(laps);
    const entries: { rel: string; entry: Buffer; oid: string }[] = [];
    for (const c of changes) {
      const content = Buffer.from(c.data);
      await writeFileAtomic(path.join(this.dir, c.path), content);
      lap('write file (temp + rename)');
      const oid = await writeLooseObject(this.gitdir, 'blob', content);
      entries.push({ rel: c.path, oid, entry: indexEntry(c.path, await lstat(path.join(this.dir, c.path), { bigint: true }), oid) });
      lap('blob');
    }
    await this.updateIndex(entries);
    lap('index (one entry replaced, one write)');
    const parent = await git.resolveRef({ fs, dir: this.dir, ref: 'HEAD' });
    const parentTree = this.lastCommit?.oid === parent
      ? this.lastCommit.tree
      : (await git.readCommit({ fs, dir: this.dir, oid: parent, cache: this.cache })).commit.tree;
    lap('resolve HEAD (+ readCommit if HEAD moved)');
    // Group the changes by folder and rewrite the trees bottom-up.
    const pending = new Map<string, Map<string, { mode: string; oid: string }>>();
    const touch = (folder: string, name: string, v: { mode: string; oid: string }) => {
      if (!pending.has(folder)) pending.set(folder, new Map());
      pending.get(folder)!.set(name, v);
    };
    for (const e of entries) {
      const parts = e.rel.split('/');
      touch(parts.slice(0, -1).join('/'), parts[parts.length - 1]!, { mode: '100644', oid: e.oid });
      for (let d = parts.length - 1; d > 0; d--) touch(parts.slice(0, d - 1).join('/'), parts[d - 1]!, { mode: '40000', oid: '' });
    }
    // Resolve the current tree oid of every folder involved, top-down.
    const folderOid = new Map<string, string | null>([['', parentTree]]);
    const folders = [...pending.keys()].sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
    const current = new Map<string, RawEntry[]>();
    for (const folder of folders) {
      const oid = folderOid.get(folder) ?? null;
      const list = oid ? await this.readTreeEntries(folder, oid) : [];
      current.set(folder, list);
      for (const e of list) if (e.mode === '40000') folderOid.set(folder ? `${folder}/${e.name}` : e.name, e.oid.toString('hex'));
    }
    lap('trees: read (cached after the first save)');
    let treeLap = 0;
    let rootOid = '';
    for (const folder of [...folders].reverse()) {
      let list = current.get(folder)!;
      for (const [name, v] of pending.get(folder)!) {
        const oid = v.mode === '40000' ? this.trees.get(folder ? `${folder}/${name}` : name)!.oid : v.oid;
        const entry: RawEntry = { mode: v.mode, name, oid: Buffer.from(oid, 'hex') };
        const at = list.findIndex((e) => e.name === name);
        if (at >= 0) {
          list = list === current.get(folder) ? [...list] : list;
          list[at] = entry;
        } else {
          const key = nameKey(entry);
          let pos = 0;
          while (pos < list.length && Buffer.compare(nameKey(list[pos]!), key) < 0) pos++;
          list = [...list.slice(0, pos), entry, ...list.slice(pos)];
        }
      }
      const t0 = performance.now();
      const oid = await writeLooseObject(this.gitdir, 'tree', serializeTree(list));
      treeLap += performance.now() - t0;
      this.trees.set(folder, { oid, entries: list });
      if (folder === '') rootOid = oid;
    }
    lap('trees: write');
    laps['  of which deflate+write of tree objects'] = (laps['  of which deflate+write of tree objects'] ?? 0) + treeLap;
    const now = Math.floor(Date.now() / 1000);
    const person = { name: author.name, email: author.email, timestamp: now, timezoneOffset: new Date().getTimezoneOffset() };
    const commit = await git.writeCommit({ fs, dir: this.dir, commit: { message: `${message}\n`, tree: rootOid, parent: [parent], author: person, committer: person } });
    lap('git.writeCommit');
    await git.writeRef({ fs, dir: this.dir, ref: `refs/heads/${this.branch}`, value: commit, force: true });
    lap('git.writeRef');
    this.lastCommit = { oid: commit, tree: rootOid };
    return commit;
  }
}

// ---------------------------------------------------------------------------------------------------
// 3. Side by side

const ms = (x: number) => `${x.toFixed(1)} ms`;
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);

export async function profileStoreSaves(o: { repo: string; scratch: string; author: Author; saves: number }) {
  const dirs = { current: path.join(o.scratch, 'p-current'), proto: path.join(o.scratch, 'p-proto'), cli: path.join(o.scratch, 'p-cli') };
  for (const d of Object.values(dirs)) {
    execFileSync('cp', ['-a', o.repo, d]);
    gitCli(d, 'update-index', '-q', '--really-refresh');
  }
  const cache = {};
  const proto = new ProtoStore(dirs.proto);
  const perSave = { current: [] as Laps[], proto: [] as Laps[] };
  const totals = { current: [] as number[], proto: [] as number[], cli: [] as number[] };
  for (let i = 0; i < o.saves; i++) {
    const id = 5003 + i * 41; // items the main run did not touch
    const rel = itemPath(id);
    const data = newsFile(id, 3000 + i);
    const message = `news: update ${id} "${newsItem(id, 3000 + i).title}"`;

    const a: Laps = {};
    let t = performance.now();
    await timedCommit(dirs.current, cache, rel, data, o.author, message, a);
    totals.current.push(performance.now() - t);
    perSave.current.push(a);

    const b: Laps = {};
    t = performance.now();
    await proto.commit([{ path: rel, data }], o.author, message, b);
    totals.proto.push(performance.now() - t);
    perSave.proto.push(b);

    t = performance.now();
    fs.writeFileSync(path.join(dirs.cli, rel), data);
    execFileSync('git', ['add', rel], { cwd: dirs.cli, env: GIT_ENV, stdio: 'ignore' });
    execFileSync('git', ['commit', '-q', '-m', message], { cwd: dirs.cli, env: GIT_ENV, stdio: 'ignore' });
    totals.cli.push(performance.now() - t);
  }

  const phaseTable = (name: string, laps: Laps[], total: number[]) => {
    const keys = [...new Set(laps.flatMap((l) => Object.keys(l)))];
    const rows = [[name, 'median', 'share of median save']];
    const whole = median(total);
    for (const k of keys) {
      const m = median(laps.map((l) => l[k] ?? 0));
      rows.push([k, ms(m), `${((100 * m) / whole).toFixed(0)}%`]);
    }
    rows.push(['whole save', ms(whole), '']);
    return table(rows);
  };
  console.log(`Profile: ${o.saves} more saves on fresh copies, interleaved: instrumented copy of GitStore.commit, prototype, git CLI`);
  console.log(phaseTable('current GitStore.commit, per step', perSave.current, totals.current));
  console.log('');
  console.log(phaseTable('prototype (scripts/bench/saveProfile.ts ProtoStore), per step', perSave.proto, totals.proto));
  console.log('');
  const cur = median(totals.current);
  const pro = median(totals.proto);
  const cli = median(totals.cli);
  const p95 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 95);
  console.log(table([
    ['same conditions', 'median', 'p95', 'vs CLI'],
    ['current GitStore logic', ms(cur), ms(p95(totals.current)), `${(cur / cli).toFixed(2)}×`],
    ['prototype', ms(pro), ms(p95(totals.proto)), `${(pro / cli).toFixed(2)}×`],
    ['git add + git commit', ms(cli), ms(p95(totals.cli)), '1.00×'],
  ]));
  const status = gitCli(dirs.proto, 'status', '--porcelain');
  let fsck = 'passed';
  try {
    execFileSync('git', ['fsck', '--no-dangling', '--no-progress'], { cwd: dirs.proto, env: GIT_ENV, stdio: 'pipe' });
  } catch (e) {
    fsck = `FAILED: ${String((e as { stderr?: Buffer }).stderr ?? e).trim()}`;
  }
  const trees = new Set(Object.values(dirs).map((d) => gitCli(d, 'rev-parse', 'HEAD^{tree}').trim()));
  console.log(`prototype repo: git status --porcelain ${status === '' ? 'empty' : `NOT EMPTY:\n${status}`}, git fsck --no-dangling ${fsck}, ` +
    `HEAD tree ${trees.size === 1 ? 'identical to the other two' : 'DIFFERENT'}`);
}

// ---------------------------------------------------------------------------------------------------
// History: two ways to build PathHistory's path → commits map faster than diffing every commit's
// trees with git.readTree (which parses each 10,000-entry tree into objects, twice per commit).

/** (a) One `git log --name-only` over the first-parent chain, parsed into the map. */
export function historyFromCli(dir: string): Map<string, string[]> {
  const out = execFileSync('git', ['log', '--first-parent', '--diff-merges=first-parent', '--no-renames', '--name-only', '-z',
    '--format=%x1e%H%x1f%an%x1f%ae%x1f%at%x1f%B', 'HEAD'], { cwd: dir, env: GIT_ENV, encoding: 'utf8', maxBuffer: 1 << 30 });
  const byPath = new Map<string, string[]>(); // newest first
  for (const rec of out.split('\x1e')) {
    if (!rec) continue;
    const headerEnd = rec.indexOf('\0');
    const oid = rec.slice(0, rec.indexOf('\x1f'));
    for (const p of rec.slice(headerEnd + 1).replace(/^\n/, '').split('\0')) {
      if (!p) continue;
      const list = byPath.get(p);
      if (list) list.push(oid);
      else byPath.set(p, [oid]);
    }
  }
  return byPath;
}

/** (b) Pure isomorphic-git, but every tree read once (a commit's trees are the next commit's parent
 *  trees), parsed without per-entry objects beyond a name → oid map, identical subtrees skipped. */
export async function historyFromTreesOnce(dir: string): Promise<Map<string, string[]>> {
  const cache = {};
  const chain: { oid: string; tree: string }[] = [];
  let oid: string | undefined = await git.resolveRef({ fs, dir, ref: 'HEAD' });
  while (oid) {
    const { commit } = await git.readCommit({ fs, dir, oid, cache });
    chain.push({ oid, tree: commit.tree });
    oid = commit.parent[0];
  }
  chain.reverse();
  let prev = new Map<string, RawEntry[]>();
  let cur = new Map<string, RawEntry[]>();
  const read = async (tree: string) => {
    let t = cur.get(tree) ?? prev.get(tree);
    if (!t) {
      const { object } = await git.readObject({ fs, dir, oid: tree, format: 'content', cache });
      t = parseTree(object as Uint8Array);
    }
    cur.set(tree, t);
    return t;
  };
  const byPath = new Map<string, string[]>();
  // Both entry lists are in git's tree order: walk them together.
  const diff = async (a: string | null, b: string | null, prefix: string, out: string[]) => {
    if (a === b) return;
    const ea = a ? await read(a) : [];
    const eb = b ? await read(b) : [];
    const changed = async (x: RawEntry | undefined, y: RawEntry | undefined) => {
      const full = prefix ? `${prefix}/${(x ?? y)!.name}` : (x ?? y)!.name;
      const xt = x?.mode === '40000' ? x.oid.toString('hex') : null;
      const yt = y?.mode === '40000' ? y.oid.toString('hex') : null;
      if (xt || yt) await diff(xt, yt, full, out);
      if ((x && x.mode !== '40000') || (y && y.mode !== '40000')) out.push(full);
    };
    let i = 0;
    let j = 0;
    while (i < ea.length || j < eb.length) {
      const x = ea[i];
      const y = eb[j];
      const c = !x ? 1 : !y ? -1 : x.name === y.name ? 0 : Buffer.compare(nameKey(x), nameKey(y));
      if (c === 0) {
        if (x!.mode !== y!.mode || !x!.oid.equals(y!.oid)) await changed(x, y);
        i++;
        j++;
      } else if (c < 0) {
        await changed(x, undefined);
        i++;
      } else {
        await changed(undefined, y);
        j++;
      }
    }
  };
  let parentTree: string | null = null;
  for (const c of chain) {
    const paths: string[] = [];
    await diff(parentTree, c.tree, '', paths);
    for (const p of paths) {
      const list = byPath.get(p);
      if (list) list.unshift(c.oid);
      else byPath.set(p, [c.oid]);
    }
    parentTree = c.tree;
    prev = cur;
    cur = new Map();
  }
  return byPath;
}
