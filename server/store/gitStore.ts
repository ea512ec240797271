// The site repository: reads, one-commit saves through a single queue, crash recovery, and history.
// The steps of a save, a pull and a repair live beside it (saveCommit, integrateRemote, saveRecovery).
import fs from 'node:fs';
import { mkdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import git from 'isomorphic-git';
import { setCoreAsGitCli } from './repositoryConfig.ts';
import { checkRepoPath, readFileInsideSync, realPathInside, UnsafePathError } from './paths.ts';
import { SerialQueue } from './queue.ts';
import { TreeWriter } from './treeObjects.ts';
import { IndexFile, type IndexLock } from './indexFile.ts';
import { readRegularFile } from './regularFile.ts';
import { headIndexEntries } from './indexRebuild.ts';
import { listFiles } from './listFiles.ts';
import { PathHistory, type CommitInfo, type RemovedPath } from './pathHistory.ts';
import { type Author, SYSTEM_AUTHOR } from './commitObject.ts';
import { currentBranch, readBranch } from './refs.ts';
import { SaveJournal } from './saveJournal.ts';
import { failpoint } from './failpoint.ts';
import { branchTip, type BranchTip } from './branchTip.ts';
import { changedPaths } from './treeDiff.ts';
import { DraftRefs } from './draftRefs.ts';
import { TreeReader } from './treeReader.ts';
import {
  DetachedHeadError,
  DiskFullError,
  isDiskFull,
  isNoSuchFile,
  RepositoryBrokenError,
} from './storeErrors.ts';
import { readAt, readBlobById } from './blobReads.ts';
import { bulkRead, type BulkRead } from './bulkRead.ts';
import { finishInterruptedSave, removeLeftovers, undoSave } from './saveRecovery.ts';
import { commitLocked } from './saveCommit.ts';
import { integrateLocked, type IntegrateResult } from './integrateRemote.ts';
import type { StoreParts } from './storeParts.ts';

export type { Author } from './commitObject.ts';
export type { CommitResult, DiskFileChange, FileChange } from './fileChange.ts';
import type { CommitResult, FileChange } from './fileChange.ts';
import { nextTurn, type Turn } from './turns.ts';
export type { CommitInfo, RemovedPath } from './pathHistory.ts';

export { SYSTEM_AUTHOR };

export interface OpenOptions {
  /** Folders with the starter content/ and media/, committed when the repository has no commit yet. */
  starter?: { content: string; media: string };
  log?: (message: string) => void;
  /**
   * Another process (the server) holds the repository and recovers it: this one only commits, under
   * git's own index lock, as the git CLI would beside it (`npm run import-site` while the server runs).
   */
  guest?: boolean;
  /** How long a save waits for a lock git holds before answering "busy" (LOCK_WAIT_MS). */
  lockWaitMs?: number;
}

export class GitStore {
  readonly gitdir: string;
  private readonly cache: object = {};
  private readonly queue = new SerialQueue();
  readonly history: PathHistory;
  private readonly index: IndexFile;
  private readonly trees: TreeWriter;
  private readonly journal: SaveJournal;
  /** What the save, pull and repair steps in this folder's other files share. */
  private readonly parts: StoreParts;
  /** Drafts: refs outside the branch list, saved into without touching the work tree or index. */
  readonly drafts: DraftRefs;
  /** Why saving is turned off (the branch cannot be read or repaired), or null. */
  private broken: string | null = null;

  /** HEAD's files, for rebuilding a missing or damaged index; null while the branch has no commit. */
  private async headEntries() {
    const branch = await currentBranch(this.gitdir);
    const state = branch ? await readBranch(this.gitdir, branch) : null;
    if (state?.kind !== 'oid') return null;
    return headIndexEntries(this.dir, state.oid, this.cache);
  }

  private constructor(
    readonly dir: string,
    private readonly realDir: string,
    private readonly say: (m: string) => void,
    lockWaitMs?: number,
  ) {
    this.gitdir = path.join(dir, '.git');
    this.history = new PathHistory(this.dir, this.cache);
    this.index = new IndexFile(this.gitdir, () => this.headEntries(), say, lockWaitMs);
    // One parse of each tree, shared by the branch's saves and drafts' (many start from the same trees).
    const trees = new TreeReader(this.gitdir, this.cache);
    this.trees = new TreeWriter(trees);
    this.journal = new SaveJournal(this.gitdir);
    this.drafts = new DraftRefs(this.gitdir, trees);
    this.parts = {
      dir,
      realDir,
      gitdir: this.gitdir,
      cache: this.cache,
      trees: this.trees,
      journal: this.journal,
      history: this.history,
      lockWaitMs,
      tip: (allowUnborn, branch) => this.tip(allowUnborn, branch),
      say,
    };
  }

  /**
   * Opens the site repository, creating it from the starter folders on first start, and recovers
   * from a crash of the server that had it open before (the caller holds the data folder's lock).
   */
  static async open(dir: string, options: OpenOptions = {}): Promise<{ store: GitStore; created: boolean }> {
    const log = options.log ?? (() => undefined);
    const found = await stat(path.join(dir, '.git')).catch(() => null);
    if (!found) {
      if (!options.starter) throw new Error(`No site repository at ${dir}`);
      await mkdir(dir, { recursive: true });
      await git.init({ fs, dir, defaultBranch: 'main' });
      await setCoreAsGitCli(dir);
    }
    const store = new GitStore(dir, await realpath(dir), log, options.lockWaitMs);
    if (options.guest) return { store, created: false };
    await store.recover();
    // No commit yet: a first start, or one that crashed before its first commit.
    const branch = await currentBranch(store.gitdir);
    const unborn =
      branch !== null && (await readBranch(store.gitdir, branch)).kind === 'unborn' && store.broken === null;
    if (unborn && options.starter) await store.seed(options.starter);
    return { store, created: unborn };
  }

  /** Why saves are refused, in plain words, or null when the repository is fine. */
  async problem(): Promise<string | null> {
    if (this.broken)
      await this.queue.run(() =>
        this.tip(false).then(
          () => undefined,
          () => undefined,
        ),
      );
    return this.broken;
  }

  /** A file's bytes; null when the file system has no file by that name (isNoSuchFile). */
  async read(rel: string): Promise<Buffer | null> {
    try {
      return await readRegularFile(await realPathInside(this.dir, this.realDir, rel), rel);
    } catch (e) {
      if (isNoSuchFile(e)) return null;
      if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new UnsafePathError(`Path is a link: ${rel}`);
      throw e;
    }
  }

  /**
   * For a start's bulk load, which runs before anything else: what git's index knows unchanged
   * (no read, no hash), and reads made synchronously one after another into one reused buffer
   * (null when missing, UnsafePathError through a link), each folder's link check made once.
   */
  bulkRead(): BulkRead {
    return bulkRead({
      dir: this.dir,
      realDir: this.realDir,
      gitdir: this.gitdir,
      parsedIfSame: (s) => this.index.parsedIfSame(s),
    });
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
   * Only the trees along the changed paths are rewritten and only their index entries updated, so
   * the cost does not grow with the size of the site and `git status` stays clean. Resolves once the
   * commit and the branch are on disk; if it fails, the work tree and index are left equal to HEAD.
   */
  commit(changes: FileChange[], author: Author, message: string): Promise<CommitResult> {
    return this.exclusive(() => this.commitNow(changes, author, message));
  }

  /**
   * Runs `task` in the one save queue: nothing else saves until it is done, so a check made in it (an
   * item's version) still holds when its commitNow() runs.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      this.inQueue = true;
      try {
        return await task();
      } finally {
        this.inQueue = false;
      }
    });
  }

  private inQueue = false;

  /** Whether a save is running now (its files may be half-way through being written). */
  get saving(): boolean {
    return this.inQueue;
  }

  /**
   * commit(), for a task already running in exclusive(). `merged`: a second parent (a draft's last
   * commit, when publishing it), making the commit a merge whose first parent is the branch.
   */
  commitNow(changes: FileChange[], author: Author, message: string, merged?: string): Promise<CommitResult> {
    if (!this.inQueue) throw new Error('commitNow() runs only inside exclusive()');
    const checked = changes.map((c) => ({ ...c, path: checkRepoPath(c.path) }));
    return this.locked(async (lock) => {
      failpoint('locked');
      await finishInterruptedSave(this.parts, lock);
      const branch = await currentBranch(this.gitdir);
      if (!branch) throw new DetachedHeadError();
      const tip = await this.tip(this.seeding, branch);
      // The record must be on disk before the work tree is touched, not before the objects are made:
      // its flush overlaps building and writing the blobs, trees and commit.
      const journaled = this.journal
        .write({ branch, parent: tip.commit, paths: checked.map((c) => c.path) })
        .then(() => failpoint('journal'));
      journaled.catch(() => undefined); // awaited in commitLocked
      try {
        return await commitLocked(this.parts, branch, tip, checked, author, message, lock, journaled, merged);
      } catch (e) {
        // Undo: the work tree and index equal HEAD again; only then is the record dropped. On a full
        // disk the undo may fail too: the record then stays, and the next save or start finishes it.
        try {
          await undoSave(
            this.parts,
            this.index,
            checked.map((c) => c.path),
            lock,
          );
        } catch (undo) {
          if (isDiskFull(e) || isDiskFull(undo)) throw new DiskFullError();
          throw undo;
        }
        throw isDiskFull(e) ? new DiskFullError() : e;
      }
    });
  }

  /** Runs `task` holding .git/index.lock, as git commit does: git cannot commit in between. */
  private async locked<T>(task: (lock: IndexLock) => Promise<T>): Promise<T> {
    const lock = await this.index.lock();
    let result: T;
    try {
      result = await task(lock);
    } catch (e) {
      // The task undid its own work (see commitNow) or failed before writing anything. If undoing
      // failed too, the index is left as it was and the save record stays for the next start.
      await lock.release();
      throw e;
    }
    await lock.commit();
    await this.journal.clear();
    return result;
  }

  private seeding = false;

  /** The commit to build on; a damaged branch ref is repaired, or saving turns off with the reason. */
  private async tip(allowUnborn: boolean, branch?: string): Promise<BranchTip> {
    const name = branch ?? (await currentBranch(this.gitdir));
    if (!name) throw new DetachedHeadError();
    try {
      const tip = await branchTip(this.dir, this.gitdir, name, this.cache, { allowUnborn, log: this.say });
      this.broken = null;
      return tip;
    } catch (e) {
      if (e instanceof RepositoryBrokenError) this.broken = e.problem;
      throw e;
    }
  }

  /**
   * Brings `remote` (a commit fetched from the site's remote) into the current branch: nothing when the
   * branch has it already, a fast-forward when the branch has nothing of its own, else a merge commit
   * (parents: the branch, then `remote`). Where both sides changed a file differently, the remote's
   * version is kept; the branch's stays in history as the merge's first parent. Runs in the save queue
   * with the save's own journal, locks and compare-and-swap, so a crash at any point is recovered.
   */
  integrate(
    remote: string,
    mergeMessage: (bothChanged: string[]) => string,
    options: { follow?: boolean } = {},
  ): Promise<IntegrateResult> {
    return this.exclusive(() =>
      this.locked(async (lock) => {
        await finishInterruptedSave(this.parts, lock);
        return integrateLocked(this.parts, lock, remote, mergeMessage, options);
      }),
    );
  }

  /** At open: removes our leftovers (locks, temp files), repairs the branch ref, ends a cut-off save. */
  private async recover(): Promise<void> {
    await removeLeftovers(this.gitdir, this.say);
    if (await currentBranch(this.gitdir))
      await this.tip(true).catch((e: unknown) => {
        if (!(e instanceof RepositoryBrokenError)) throw e;
        this.say(
          `The site repository needs attention: ${e.problem}. Saving is turned off until it is fixed.`,
        );
      });
    // A missing or damaged index (a full disk, another program's crash) is git's to rebuild from HEAD.
    const indexProblem = await this.index.problem();
    if (indexProblem && (await currentBranch(this.gitdir)))
      await this.queue
        .run(() => this.locked((lock) => lock.write([]).then(() => undefined)))
        .catch((e: Error) => {
          this.say(`Could not rebuild git's index yet (${e.message}); the next save will.`);
        });
    if (!(await this.journal.read())) return;
    // If git holds the index right now, the next save finishes this instead.
    await this.queue
      .run(() => this.locked((lock) => finishInterruptedSave(this.parts, lock)))
      .catch((e: Error) => {
        this.say(`Could not finish an interrupted save yet (${e.message}); the next save will.`);
      });
  }

  /** First start: commit the starter content/ and media/ as one commit. */
  private async seed(starter: { content: string; media: string }): Promise<void> {
    const changes: FileChange[] = [];
    for (const [root, from] of [
      ['content', starter.content],
      ['media', starter.media],
    ] as const) {
      for (const rel of await listFiles(from))
        changes.push({ path: `${root}/${rel}`, data: await readFile(path.join(from, rel)) });
    }
    this.seeding = true;
    try {
      await this.commit(changes, SYSTEM_AUTHOR, 'Start the site from the starter content');
    } finally {
      this.seeding = false;
    }
  }

  /** Files that differ between two commits (a pull, a checkout, a reset). */
  changedPaths(from: string | null, to: string | null): Promise<string[]> {
    return changedPaths(this.dir, this.cache, from, to);
  }

  /** Builds the history map ahead of the first look-up or new id (the server does it after it listens). */
  async warmHistory(turn: Turn = nextTurn): Promise<void> {
    await this.history.warm(await this.head(), turn);
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

  /**
   * Files under a folder that the branch once had and has no more: the commit that removed each and
   * the last commit that had it, newest removal first. From the history map: no commit is read.
   */
  async removedUnder(folder: string): Promise<RemovedPath[]> {
    return this.history.removedUnder(`${checkRepoPath(folder)}/`, await this.head());
  }

  /** A blob by its id (a file's version the history map named), or null if the repository lacks it. */
  readBlobById(oid: string): Promise<Buffer | null> {
    return readBlobById(this.dir, this.cache, oid);
  }

  /** A file's content as of a commit, or null if it did not exist then. */
  async readAt(commit: string, rel: string): Promise<Buffer | null> {
    checkRepoPath(rel);
    return readAt(this.dir, this.cache, commit, rel);
  }

  /** Resolves when every queued save has finished. */
  idle(): Promise<void> {
    return this.queue.idle();
  }
}
