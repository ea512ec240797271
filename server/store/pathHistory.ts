// path → commits map. isomorphic-git's log({ filepath }) walks every commit on every call, so the
// map is built once, on the first look-up, then extended by each save; commits made outside the CMS
// (git pull, hand commits) are walked in on the next look-up. The first build reads one
// `git log --raw` when the git CLI is installed (about 1 s for 1,000 commits of a 10,000-file
// site, where diffing every commit's trees in JavaScript took minutes); without it, it diffs trees.
// Beside the commits of each path it keeps which paths the head no longer has, which commit removed
// each and the removed file's blob: the "Recently deleted" lists read that, not the commits.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import git, { type TreeEntry } from 'isomorphic-git';
import { nextTurn, pacer, type Turn } from './turns.ts';

const run = promisify(execFile);
let gitCliAvailable: Promise<boolean> | undefined;
const hasGitCli = () =>
  (gitCliAvailable ??= run('git', ['--version']).then(
    () => true,
    () => false,
  ));

export interface CommitInfo {
  oid: string;
  author: { name: string; email: string };
  date: string;
  message: string;
}

/** A file the branch once had and has no more. */
export interface RemovedPath {
  path: string;
  /** The commit that removed it (the newest that touched it). */
  removedBy: CommitInfo;
  /** The commit before that one on the branch: the last that had the file. */
  lastWith: string;
  /** The file's blob id in `lastWith`. */
  blob: string;
}

export class PathHistory {
  private byPath = new Map<string, string[]>(); // newest last
  private commits = new Map<string, CommitInfo>();
  private order = new Map<string, number>(); // oid → position in first-parent history, oldest 0
  private chain: string[] = []; // position → oid
  /** Paths the head the map is built for does not have: the commit that removed each, and its blob. */
  private removed = new Map<string, { oid: string; blob: string }>();
  private builtFor: string | null = null;
  private built = false;

  /** `gitCli: false` forces the pure-JavaScript build (as on a machine without git). */
  constructor(
    private readonly dir: string,
    private readonly cache: object,
    private readonly options: { gitCli?: boolean } = {},
  ) {}

  private useGitCli(): Promise<boolean> {
    return this.options.gitCli === false ? Promise.resolve(false) : hasGitCli();
  }

  /** `removed`: the paths the commit deleted, each with the blob it had. */
  recordCommit(
    parent: string | null,
    info: CommitInfo,
    paths: string[],
    removed: ReadonlyMap<string, string> = new Map(),
  ) {
    if (!this.built || this.builtFor !== parent) return; // the next read catches up by walking
    this.add(info, paths, removed);
    this.builtFor = info.oid;
  }

  private pending?: Promise<void>;
  /** How a build gives the event loop back: the background's pace while the server warms it. */
  private turn: Turn = nextTurn;

  /** Builds the map ahead of the first look-up, giving the event loop back with `turn`. */
  async warm(head: string | null, turn: Turn): Promise<void> {
    this.turn = turn;
    try {
      await this.forPath('', head);
    } finally {
      this.turn = nextTurn;
    }
  }

  async forPath(path: string, head: string | null): Promise<CommitInfo[]> {
    // Concurrent look-ups share one build; a build for an older head is followed by a catch-up.
    while (!this.built || this.builtFor !== head) {
      this.pending ??= this.catchUp(head).finally(() => {
        this.pending = undefined;
      });
      await this.pending;
    }
    return (this.byPath.get(path) ?? []).map((oid) => this.commits.get(oid)!).reverse();
  }

  /** Every path any commit on the first-parent chain touched (deleted ones included). */
  async knownPaths(head: string | null): Promise<string[]> {
    await this.forPath('', head);
    return [...this.byPath.keys()];
  }

  /**
   * Files under a folder (`prefix` ends in '/') that the branch once had and has no more, newest
   * removal first. Kept up to date by each commit added to the map, so no commit is read here.
   */
  async removedUnder(prefix: string, head: string | null): Promise<RemovedPath[]> {
    await this.forPath('', head);
    const out: RemovedPath[] = [];
    for (const [path, { oid, blob }] of this.removed) {
      if (!path.startsWith(prefix)) continue;
      const lastWith = this.chain[this.order.get(oid)! - 1];
      if (lastWith) out.push({ path, removedBy: this.commits.get(oid)!, lastWith, blob });
    }
    return out.sort(
      (a, b) =>
        this.order.get(b.removedBy.oid)! - this.order.get(a.removedBy.oid)! ||
        a.path.localeCompare(b.path, 'en', { numeric: true }),
    );
  }

  /** Commits that touched any of the paths (an item's file and its media), newest first. */
  async forPaths(paths: string[], head: string | null): Promise<CommitInfo[]> {
    const lists = await Promise.all(paths.map((p) => this.forPath(p, head)));
    const seen = new Set<string>();
    return lists
      .flat()
      .filter((c) => !seen.has(c.oid) && seen.add(c.oid))
      .sort((a, b) => this.order.get(b.oid)! - this.order.get(a.oid)!);
  }

  private clear() {
    this.byPath.clear();
    this.commits.clear();
    this.order.clear();
    this.chain = [];
    this.removed.clear();
    this.built = false;
    this.builtFor = null;
  }

  /** The whole map from one `git log` over the first-parent chain (oldest commit added first). */
  private async buildWithGitCli(head: string): Promise<void> {
    const { stdout } = await run(
      'git',
      [
        'log',
        '--first-parent',
        '--no-renames',
        '--raw',
        '--no-abbrev',
        '-z',
        '--format=%x1e%H%x1f%an%x1f%ae%x1f%aI%x1f%B',
        head,
      ],
      { cwd: this.dir, maxBuffer: 1 << 30, encoding: 'utf8' },
    );
    this.clear();
    const records = stdout.split('\x1e').filter(Boolean).reverse();
    const pace = pacer(this.turn);
    for (const rec of records) {
      await pace();
      const end = rec.indexOf('\0');
      const [oid, name, email, date, message] = rec.slice(0, end).split('\x1f') as [
        string,
        string,
        string,
        string,
        string,
      ];
      // `--raw -z` (renames off): for each file ':<mode> <mode> <old blob> <new blob> <status>', its path.
      const fields = rec
        .slice(end + 1)
        .replace(/^\n/, '')
        .split('\0')
        .filter(Boolean);
      const paths: string[] = [];
      const removed = new Map<string, string>();
      for (let i = 0; i + 1 < fields.length; i += 2) {
        const [, , before, , status] = fields[i]!.split(' ');
        paths.push(fields[i + 1]!);
        if (status === 'D') removed.set(fields[i + 1]!, before!);
      }
      this.add(
        { oid, author: { name, email }, date: new Date(date).toISOString(), message: message.trim() },
        paths,
        removed,
      );
    }
    this.builtFor = head;
    this.built = true;
  }

  private add(info: CommitInfo, paths: string[], removed: ReadonlyMap<string, string>) {
    this.commits.set(info.oid, info);
    this.order.set(info.oid, this.order.size);
    this.chain.push(info.oid);
    for (const p of paths) {
      const list = this.byPath.get(p);
      if (list) list.push(info.oid);
      else this.byPath.set(p, [info.oid]);
      if (removed.has(p)) this.removed.set(p, { oid: info.oid, blob: removed.get(p)! });
      else this.removed.delete(p);
    }
  }

  private async catchUp(head: string | null) {
    if (!head) {
      this.clear();
      this.built = true;
      return;
    }
    if (!this.built && (await this.useGitCli())) return this.buildWithGitCli(head);
    // Walk back from head to the commit the map was built for; if it is not an ancestor, rebuild.
    const newer: { oid: string; tree: string; parent: string | null; info: CommitInfo }[] = [];
    let oid: string | null = head;
    let reachedKnown = false;
    while (oid) {
      if (this.built && oid === this.builtFor) {
        reachedKnown = true;
        break;
      }
      const { commit } = await git.readCommit({ fs, dir: this.dir, oid, cache: this.cache });
      newer.push({
        oid,
        tree: commit.tree,
        parent: commit.parent[0] ?? null,
        info: {
          oid,
          author: { name: commit.author.name, email: commit.author.email },
          date: new Date(commit.author.timestamp * 1000).toISOString(),
          message: commit.message.trim(),
        },
      });
      oid = commit.parent[0] ?? null;
    }
    if (!reachedKnown) {
      if (await this.useGitCli()) return this.buildWithGitCli(head);
      this.clear();
    }
    for (const c of newer.reverse()) {
      const parentTree = c.parent
        ? (await git.readCommit({ fs, dir: this.dir, oid: c.parent, cache: this.cache })).commit.tree
        : null;
      const paths: string[] = [];
      const removed = new Map<string, string>();
      await this.diffTrees(parentTree, c.tree, '', paths, removed);
      this.add(c.info, paths, removed);
    }
    this.builtFor = head;
    this.built = true;
  }

  private async diffTrees(
    a: string | null,
    b: string | null,
    prefix: string,
    out: string[],
    removed: Map<string, string>,
  ) {
    if (a === b) return;
    const read = async (oid: string | null): Promise<Map<string, TreeEntry>> =>
      oid
        ? new Map(
            (await git.readTree({ fs, dir: this.dir, oid, cache: this.cache })).tree.map((e) => [e.path, e]),
          )
        : new Map();
    const [ea, eb] = await Promise.all([read(a), read(b)]);
    for (const name of new Set([...ea.keys(), ...eb.keys()])) {
      const x = ea.get(name);
      const y = eb.get(name);
      if (x?.oid === y?.oid) continue;
      const full = prefix ? `${prefix}/${name}` : name;
      const xTree = x?.type === 'tree' ? x.oid : null;
      const yTree = y?.type === 'tree' ? y.oid : null;
      if (xTree || yTree) await this.diffTrees(xTree, yTree, full, out, removed);
      if ((x && x.type !== 'tree') || (y && y.type !== 'tree')) {
        out.push(full);
        if (!y || y.type === 'tree') removed.set(full, x!.oid);
      }
    }
  }
}
