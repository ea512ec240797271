// The site repository: reads, one-commit saves through a single queue, and per-path history.
import fs from 'node:fs';
import { lstat, mkdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import git from 'isomorphic-git';
import { checkRepoPath, readFileInsideSync, realPathInside } from './paths.ts';
import { writeFileAtomic } from './atomicWrite.ts';
import { SerialQueue } from './queue.ts';
import { TreeWriter } from './treeObjects.ts';
import { IndexFile, type IndexLock, type IndexUpdate } from './indexFile.ts';
import { writeLooseObject } from './looseObjects.ts';
import { listFiles } from './listFiles.ts';
import { PathHistory, type CommitInfo } from './pathHistory.ts';

export interface Author { name: string; email: string }
export interface FileChange { path: string; data: Uint8Array | string | null }
export interface CommitResult { oid: string; paths: string[]; blobs: Map<string, string | null> }

export const SYSTEM_AUTHOR: Author = { name: 'Site CMS', email: 'cms@localhost' };

/** Saves need a branch to add to; a maintainer left the repository on a bare commit. */
export class DetachedHeadError extends Error {
  readonly status = 409;
  /** The message is written for the people using the site. */
  readonly plainMessage = true;
  constructor() {
    super('The site files are checked out on no branch, so nothing was saved. Ask the person who looks after the site files to check out a branch (for example: git checkout main).');
  }
}

export class GitStore {
  readonly gitdir: string;
  private readonly cache: object = {};
  private readonly queue = new SerialQueue();
  readonly history: PathHistory;
  private readonly index: IndexFile;
  private readonly trees: TreeWriter;
  /** The last commit this store wrote and its tree: saves skip re-reading it while HEAD has not moved. */
  private last: { oid: string; tree: string } | null = null;

  private constructor(readonly dir: string, private readonly realDir: string) {
    this.gitdir = path.join(dir, '.git');
    this.history = new PathHistory(this.dir, this.cache);
    this.index = new IndexFile(this.gitdir);
    this.trees = new TreeWriter(this.gitdir, this.cache);
  }

  /** Opens the site repository, creating it from the starter folders on first start. */
  static async open(dir: string, starter?: { content: string; media: string }): Promise<{ store: GitStore; created: boolean }> {
    let created = false;
    const exists = await stat(path.join(dir, '.git')).then(() => true, () => false);
    if (!exists) {
      if (!starter) throw new Error(`No site repository at ${dir}`);
      await mkdir(dir, { recursive: true });
      await git.init({ fs, dir, defaultBranch: 'main' });
      created = true;
    }
    const store = new GitStore(dir, await realpath(dir));
    if (created) await store.seed(starter!);
    return { store, created };
  }

  async read(rel: string): Promise<Buffer | null> {
    try {
      return await readFile(await realPathInside(this.dir, this.realDir, rel));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  /** Like read, synchronously (used while building prepared answers); null when missing or unsafe. */
  readSync(rel: string): Buffer | null {
    return readFileInsideSync(this.dir, this.realDir, rel);
  }

  async head(): Promise<string | null> {
    try {
      return await git.resolveRef({ fs, dir: this.dir, ref: 'HEAD' });
    } catch {
      return null;
    }
  }

  /**
   * Writes the changed files and records them as exactly one commit. Queued: saves never interleave.
   * Only the trees along the changed paths are rewritten and only their index entries updated,
   * so the cost does not grow with the size of the site and `git status` stays clean.
   */
  commit(changes: FileChange[], author: Author, message: string): Promise<CommitResult> {
    const checked = changes.map((c) => ({ ...c, path: checkRepoPath(c.path) }));
    return this.queue.run(async () => {
      // Held from before the first write until the branch points at the new commit, as git commit
      // does: git cannot commit in between, and a busy repository means nothing is written at all.
      const lock = await this.index.lock();
      try {
        const result = await this.commitLocked(checked, author, message, lock);
        await lock.commit();
        return result;
      } catch (e) {
        await lock.release();
        throw e;
      }
    });
  }

  private async commitLocked(checked: FileChange[], author: Author, message: string, lock: IndexLock): Promise<CommitResult> {
    const branch = await git.currentBranch({ fs, dir: this.dir, fullname: false });
    if (!branch) throw new DetachedHeadError();
    // Every path is checked (links included) before the first file is written.
    const files = new Map<string, string>();
    for (const change of checked) files.set(change.path, await realPathInside(this.dir, this.realDir, change.path));
    const blobs = new Map<string, string | null>();
    const indexUpdates: IndexUpdate[] = [];
    for (const change of checked) {
      const file = files.get(change.path)!;
      if (change.data === null) {
        await rm(file, { force: true });
        blobs.set(change.path, null);
        indexUpdates.push({ path: change.path, entry: null });
      } else {
        const data = typeof change.data === 'string' ? Buffer.from(change.data) : change.data;
        await writeFileAtomic(file, data);
        const oid = await writeLooseObject(this.gitdir, 'blob', data);
        blobs.set(change.path, oid);
        indexUpdates.push({ path: change.path, entry: { oid, stat: await lstat(file, { bigint: true }) } });
      }
    }
    if (!(await lock.write(indexUpdates))) await this.updateIndexSlowly(indexUpdates);
    const parent = await git.resolveRef({ fs, dir: this.dir, ref: `refs/heads/${branch}` }).catch(() => null);
    const parentTree = !parent ? null
      : this.last?.oid === parent ? this.last.tree
      : (await git.readCommit({ fs, dir: this.dir, oid: parent, cache: this.cache })).commit.tree;
    const tree = await this.trees.apply(parentTree, blobs);
    const now = Math.floor(Date.now() / 1000);
    const tz = new Date().getTimezoneOffset();
    const person = { name: author.name, email: author.email, timestamp: now, timezoneOffset: tz };
    const oid = await git.writeCommit({
      fs, dir: this.dir,
      commit: {
        message: message.endsWith('\n') ? message : `${message}\n`,
        tree,
        parent: parent ? [parent] : [],
        author: person,
        committer: person,
      },
    });
    await git.writeRef({ fs, dir: this.dir, ref: `refs/heads/${branch}`, value: oid, force: true });
    this.last = { oid, tree };
    const paths = [...blobs.keys()];
    this.history.recordCommit(parent, { oid, author: { name: author.name, email: author.email }, date: new Date(now * 1000).toISOString(), message: message.trim() }, paths);
    return { oid, paths, blobs };
  }

  /** isomorphic-git's slower road, for index formats IndexFile does not edit (our lock stays held). */
  private async updateIndexSlowly(updates: IndexUpdate[]): Promise<void> {
    for (const u of updates) {
      if (u.entry) await git.updateIndex({ fs, dir: this.dir, cache: this.cache, filepath: u.path, add: true });
      else await git.updateIndex({ fs, dir: this.dir, cache: this.cache, filepath: u.path, remove: true, force: true });
    }
  }

  /** First start: commit the starter content/ and media/ as one commit. */
  private async seed(starter: { content: string; media: string }): Promise<void> {
    const changes: FileChange[] = [];
    for (const [root, from] of [['content', starter.content], ['media', starter.media]] as const) {
      for (const rel of await listFiles(from)) changes.push({ path: `${root}/${rel}`, data: await readFile(path.join(from, rel)) });
    }
    await this.commit(changes, SYSTEM_AUTHOR, 'Start the site from the starter content');
  }

  /** Commits that touched a path, newest first. Not queued: a first look-up never holds up saves. */
  async log(rel: string | string[]): Promise<CommitInfo[]> {
    const paths = (Array.isArray(rel) ? rel : [rel]).map(checkRepoPath);
    return this.history.forPaths(paths, await this.head());
  }

  /** Every path the history has touched under a folder, deleted files included. */
  async pathsEverUnder(folder: string): Promise<string[]> {
    const prefix = `${checkRepoPath(folder)}/`;
    return (await this.history.knownPaths(await this.head())).filter((p) => p.startsWith(prefix));
  }

  /** A file's content as of a commit, or null if it did not exist then. */
  async readAt(commit: string, rel: string): Promise<Buffer | null> {
    checkRepoPath(rel);
    try {
      const { blob } = await git.readBlob({ fs, dir: this.dir, oid: commit, filepath: rel, cache: this.cache });
      return Buffer.from(blob);
    } catch (e) {
      // Not found, or not a commit (a blob or tree id): either way there is no such version.
      if (['NotFoundError', 'ObjectTypeError', 'InvalidOidError'].includes((e as { code?: string }).code ?? '')) return null;
      throw e;
    }
  }

  /** Resolves when every queued save has finished. */
  idle(): Promise<void> {
    return this.queue.idle();
  }
}
