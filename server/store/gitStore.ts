// The site repository: reads, one-commit saves through a single queue, and per-path history.
import fs from 'node:fs';
import { cp, mkdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import git from 'isomorphic-git';
import { absolutePath, checkRepoPath, readFileInsideSync, realPathInside } from './paths.ts';
import { writeFileAtomic } from './atomicWrite.ts';
import { SerialQueue } from './queue.ts';
import { applyTreeChanges, changeTree } from './treeEdit.ts';
import { PathHistory, type CommitInfo } from './pathHistory.ts';

export interface Author { name: string; email: string }
export interface FileChange { path: string; data: Uint8Array | string | null }
export interface CommitResult { oid: string; paths: string[]; blobs: Map<string, string | null> }

export const SYSTEM_AUTHOR: Author = { name: 'Site CMS', email: 'cms@localhost' };

export class GitStore {
  readonly gitdir: string;
  private readonly cache: object = {};
  private readonly queue = new SerialQueue();
  readonly history: PathHistory;

  private constructor(readonly dir: string, private branch: string, private readonly realDir: string) {
    this.gitdir = path.join(dir, '.git');
    this.history = new PathHistory(this.dir, this.cache);
  }

  /** Opens the site repository, creating it from the starter folders on first start. */
  static async open(dir: string, starter?: { content: string; media: string }): Promise<{ store: GitStore; created: boolean }> {
    let created = false;
    const exists = await stat(path.join(dir, '.git')).then(() => true, () => false);
    if (!exists) {
      if (!starter) throw new Error(`No site repository at ${dir}`);
      await seedRepository(dir, starter);
      created = true;
    }
    const branch = (await git.currentBranch({ fs, dir, fullname: false })) ?? 'main';
    return { store: new GitStore(dir, branch, await realpath(dir)), created };
  }

  abs(rel: string): string {
    return absolutePath(this.dir, rel);
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
      // Every path is checked (links included) before the first file is written.
      const files = new Map<string, string>();
      for (const change of checked) files.set(change.path, await realPathInside(this.dir, this.realDir, change.path));
      const blobs = new Map<string, string | null>();
      for (const change of checked) {
        const file = files.get(change.path)!;
        if (change.data === null) {
          await rm(file, { force: true });
          await git.updateIndex({ fs, dir: this.dir, cache: this.cache, filepath: change.path, remove: true, force: true });
          blobs.set(change.path, null);
        } else {
          await writeFileAtomic(file, change.data);
          const oid = await git.updateIndex({ fs, dir: this.dir, cache: this.cache, filepath: change.path, add: true });
          blobs.set(change.path, oid ?? null);
        }
      }
      const parent = await this.head();
      const parentTree = parent
        ? (await git.readCommit({ fs, dir: this.dir, oid: parent, cache: this.cache })).commit.tree
        : null;
      const tree = await applyTreeChanges(
        { gitdir: this.gitdir, cache: this.cache },
        parentTree,
        changeTree([...blobs].map(([p, oid]) => ({ path: p, oid }))),
      );
      const now = Math.floor(Date.now() / 1000);
      const tz = new Date().getTimezoneOffset();
      const person = { name: author.name, email: author.email, timestamp: now, timezoneOffset: tz };
      const oid = await git.writeCommit({
        fs, dir: this.dir,
        commit: {
          message: message.endsWith('\n') ? message : `${message}\n`,
          tree: tree ?? (await git.writeTree({ fs, dir: this.dir, tree: [] })),
          parent: parent ? [parent] : [],
          author: person,
          committer: person,
        },
      });
      await git.writeRef({ fs, dir: this.dir, ref: `refs/heads/${this.branch}`, value: oid, force: true });
      const paths = [...blobs.keys()];
      this.history.recordCommit(parent, { oid, author: { name: author.name, email: author.email }, date: new Date(now * 1000).toISOString(), message: message.trim() }, paths);
      return { oid, paths, blobs };
    });
  }

  /** Commits that touched a path, newest first. */
  async log(rel: string): Promise<CommitInfo[]> {
    checkRepoPath(rel);
    return this.queue.run(async () => this.history.forPath(rel, await this.head()));
  }

  /** A file's content as of a commit, or null if it did not exist then. */
  async readAt(commit: string, rel: string): Promise<Buffer | null> {
    checkRepoPath(rel);
    try {
      const { blob } = await git.readBlob({ fs, dir: this.dir, oid: commit, filepath: rel, cache: this.cache });
      return Buffer.from(blob);
    } catch (e) {
      if ((e as { code?: string }).code === 'NotFoundError') return null;
      throw e;
    }
  }

  /** Resolves when every queued save has finished. */
  idle(): Promise<void> {
    return this.queue.idle();
  }
}

async function seedRepository(dir: string, starter: { content: string; media: string }) {
  await mkdir(dir, { recursive: true });
  await git.init({ fs, dir, defaultBranch: 'main' });
  await cp(starter.content, path.join(dir, 'content'), { recursive: true });
  await cp(starter.media, path.join(dir, 'media'), { recursive: true });
  const files = (await git.statusMatrix({ fs, dir })).map(([f]) => f);
  for (const filepath of files) await git.add({ fs, dir, filepath });
  const now = Math.floor(Date.now() / 1000);
  const person = { ...SYSTEM_AUTHOR, timestamp: now, timezoneOffset: new Date().getTimezoneOffset() };
  await git.commit({ fs, dir, message: 'Start the site from the starter content\n', author: person, committer: person });
}
