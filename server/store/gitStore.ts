// The site repository: reads, one-commit saves through a single queue, crash recovery, and history.
import fs from 'node:fs';
import { lstat, mkdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import git from 'isomorphic-git';
import {
  absolutePath,
  checkRepoPath,
  checkTrackedPath,
  readFileInsideSync,
  realPathInside,
  realPathInsideSync,
  UnsafePathError,
} from './paths.ts';
import {
  copyThenRename,
  removeTempFiles,
  syncDirs,
  tempNameFor,
  writeFileDurable,
  writeThenRename,
} from './durable.ts';
import { SerialQueue } from './queue.ts';
import { TreeWriter } from './treeObjects.ts';
import { IndexFile, type IndexLock, type IndexUpdate } from './indexFile.ts';
import { IndexSnapshot } from './indexSnapshot.ts';
import { readRegularFile, ScratchReader, type ScratchRead } from './regularFile.ts';
import { headIndexEntries } from './indexRebuild.ts';
import { ObjectBatch, removeTempObjects } from './looseObjects.ts';
import { listFiles } from './listFiles.ts';
import { PathHistory, type CommitInfo, type RemovedPath } from './pathHistory.ts';
import { type Author, formatCommit, SYSTEM_AUTHOR } from './commitObject.ts';
import { currentBranch, readBranch, updateBranch } from './refs.ts';
import { removeOwnLeftoverLocks } from './ownedLock.ts';
import { SaveJournal } from './saveJournal.ts';
import { failpoint } from './failpoint.ts';
import { branchTip, type BranchTip } from './branchTip.ts';
import { changedPaths } from './treeDiff.ts';
import { DraftRefs } from './draftRefs.ts';
import { TreeReader } from './treeReader.ts';
import { fileWrites } from './limit.ts';
import {
  BranchMovedError,
  DetachedHeadError,
  DiskFullError,
  isDiskFull,
  RepositoryBrokenError,
} from './storeErrors.ts';

export type { Author } from './commitObject.ts';
export type { CommitResult, DiskFileChange, FileChange } from './fileChange.ts';
import { type CommitResult, type FileChange, isDiskFile } from './fileChange.ts';
export type { CommitInfo, RemovedPath } from './pathHistory.ts';
export interface IntegrateResult {
  /** up-to-date: nothing new; ahead: the branch holds the remote's commits and more of its own. */
  kind: 'up-to-date' | 'ahead' | 'fast-forward' | 'merge';
  head: string;
  /** Files that now differ from before. */
  paths: string[];
  /** Files both sides changed differently: the remote's version was kept. */
  bothChanged: string[];
}
/** See GitStore.bulkRead(). */
export interface BulkRead {
  /** The blob id git's index records for a file it shows unchanged, else null. */
  unchanged(rel: string): string | null;
  /** A file's blob id and text (good until the next read); null when it is missing. */
  read(rel: string): ScratchRead | null;
}

export { SYSTEM_AUTHOR };

export interface OpenOptions {
  /** Folders with the starter content/ and media/, committed when the repository has no commit yet. */
  starter?: { content: string; media: string };
  log?: (message: string) => void;
}

export class GitStore {
  readonly gitdir: string;
  private readonly cache: object = {};
  private readonly queue = new SerialQueue();
  readonly history: PathHistory;
  private readonly index: IndexFile;
  private readonly trees: TreeWriter;
  private readonly journal: SaveJournal;
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
  ) {
    this.gitdir = path.join(dir, '.git');
    this.history = new PathHistory(this.dir, this.cache);
    this.index = new IndexFile(this.gitdir, () => this.headEntries(), say);
    // One parse of each tree, shared by the branch's saves and drafts' (many start from the same trees).
    const trees = new TreeReader(this.gitdir, this.cache);
    this.trees = new TreeWriter(trees);
    this.journal = new SaveJournal(this.gitdir);
    this.drafts = new DraftRefs(this.gitdir, trees);
  }

  /**
   * Opens the site repository, creating it from the starter folders on first start, and recovers
   * from a crash of the server that had it open before (the caller holds the data folder's lock).
   */
  static async open(dir: string, options: OpenOptions = {}): Promise<{ store: GitStore; created: boolean }> {
    const log = options.log ?? (() => undefined);
    if (
      !(await stat(path.join(dir, '.git')).then(
        () => true,
        () => false,
      ))
    ) {
      if (!options.starter) throw new Error(`No site repository at ${dir}`);
      await mkdir(dir, { recursive: true });
      await git.init({ fs, dir, defaultBranch: 'main' });
    }
    const store = new GitStore(dir, await realpath(dir), log);
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

  async read(rel: string): Promise<Buffer | null> {
    try {
      return await readRegularFile(await realPathInside(this.dir, this.realDir, rel), rel);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new UnsafePathError(`Path is a link: ${rel}`);
      throw e;
    }
  }

  /**
   * For a start's bulk load: a function giving a file's blob id when git's index shows it unchanged
   * (no read, no hash), else null. The folder's link check is made as for bulkRead().
   */
  private unchangedBlobsNow(checkedFolders: Set<string>): (rel: string) => string | null {
    const snapshot = IndexSnapshot.readSync(this.gitdir, (s) => this.index.parsedIfSame(s));
    if (!snapshot) return () => null;
    return (rel) => {
      try {
        this.checkFolderNow(rel, checkedFolders);
        return snapshot.blobIfUnchanged(rel, absolutePath(this.dir, rel));
      } catch {
        return null; // the read then says what is wrong with the path
      }
    };
  }

  /** The folder's link check once per folder (the caller keeps the set for one pass over the site). */
  private checkFolderNow(rel: string, checkedFolders?: Set<string>): void {
    const folder = path.posix.dirname(rel);
    if (checkedFolders?.has(folder)) return;
    realPathInsideSync(this.dir, this.realDir, rel);
    checkedFolders?.add(folder);
  }

  /**
   * For a start's bulk load, which runs before anything else: what git's index knows unchanged
   * (unchangedBlobsNow), and reads made synchronously one after another into one reused buffer
   * (null when missing, UnsafePathError through a link), each folder's link check made once.
   */
  bulkRead(): BulkRead {
    const checked = new Set<string>();
    const scratch = new ScratchReader();
    return {
      unchanged: this.unchangedBlobsNow(checked),
      read: (rel) => {
        try {
          // O_NOFOLLOW refuses a link at the file itself, with no lstat of its own.
          this.checkFolderNow(rel, checked);
          return scratch.read(absolutePath(this.dir, rel), rel);
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === 'ENOENT') return null;
          if (code === 'ELOOP') throw new UnsafePathError(`Path is a link: ${rel}`);
          throw e;
        }
      },
    };
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
      await this.finishInterruptedSave(lock);
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
        return await this.commitLocked(branch, tip, checked, author, message, lock, journaled, merged);
      } catch (e) {
        // Undo: the work tree and index equal HEAD again; only then is the record dropped. On a full
        // disk the undo may fail too: the record then stays, and the next save or start finishes it.
        try {
          await this.undoSave(
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

  /** Makes the work tree and index equal HEAD again on `paths`; the save's record goes only then. */
  private async undoSave(paths: string[], lock: IndexLock): Promise<void> {
    // Once the new index is in place (the branch then refused to move), it is not written again
    // under the same lock: that lock is let go and taken anew.
    let undo = lock;
    if (lock.placed) {
      await lock.commit();
      undo = await this.index.lock();
    }
    try {
      await this.matchHead(paths, undo);
      await undo.commit();
    } catch (e) {
      await undo.release();
      throw e;
    }
    await this.journal.clear();
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

  private async commitLocked(
    branch: string,
    tip0: BranchTip,
    checked: FileChange[],
    author: Author,
    message: string,
    lock: IndexLock,
    journaled: Promise<void>,
    merged?: string,
  ): Promise<CommitResult> {
    let tip = tip0;
    // Every path is checked (links included) before the first file is written.
    const files = new Map<string, string>();
    for (const change of checked)
      files.set(change.path, await realPathInside(this.dir, this.realDir, change.path));
    const batch = new ObjectBatch(this.gitdir);
    const blobs = new Map<string, string | null>();
    const sources = new Map<string, WorkTreeSource>();
    for (const change of checked) {
      if (isDiskFile(change)) {
        sources.set(change.path, { copyOf: change.file });
        blobs.set(change.path, batch.addFile(change.blob, change.file, change.size));
        continue;
      }
      const data = change.data === null ? null : Buffer.from(change.data);
      sources.set(change.path, data);
      blobs.set(change.path, data === null ? null : batch.add('blob', data));
    }
    const folders = new Set([...files.values()].map((f) => path.dirname(f)));
    // Work-tree files, blobs, trees and the commit are written at once; their flushes overlap.
    const written = journaled.then(() =>
      writeWorkTree(
        checked.map(({ path: rel }) => ({
          rel,
          file: files.get(rel)!,
          data: sources.get(rel)!,
          oid: blobs.get(rel)!,
        })),
      ),
    );
    written.catch(() => undefined); // awaited below; only keeps an early failure from being "unhandled"
    // The new index is in place before the branch moves, as `git commit` does it, but the lock is
    // kept until the branch has moved: git reads HEAD and then the index without a lock, so once it
    // sees the new HEAD it sees the new index (the other order let a hand commit put the old index's
    // tree on top of the save, dropping its files). `git commit` lets go of index.lock before it
    // moves the branch, so a hand commit can still land between our reading the tip and moving it:
    // the compare-and-swap then refuses, and the save is rebuilt on top of it.
    for (let attempt = 1; ; attempt++) {
      const removed = new Map<string, string>(); // deleted path → the blob it had
      const tree = await this.trees.apply(tip.tree, blobs, batch, removed);
      const date = new Date(Date.now());
      const parent = merged && tip.commit ? [tip.commit, merged] : tip.commit;
      const oid = batch.add('commit', formatCommit({ tree, parent, author, date, message }));
      if (attempt === 1) {
        const indexUpdates = await written;
        failpoint('files');
        if (!(await lock.write(indexUpdates))) await this.updateIndexSlowly(indexUpdates);
        failpoint('index-written');
      }
      // Everything the branch will point at is on disk before it moves.
      await Promise.all([batch.done(), attempt === 1 ? syncDirs(folders) : undefined]);
      failpoint('objects');
      if (attempt === 1) {
        await lock.place();
        failpoint('index');
      }
      try {
        await updateBranch(this.gitdir, {
          branch,
          expected: tip.commit,
          next: oid,
          who: author,
          message: `commit: ${message}`,
        });
      } catch (e) {
        if (!(e instanceof BranchMovedError) || attempt === 5) throw e;
        tip = await this.tip(false, branch);
        continue;
      }
      const info = {
        oid,
        author: { name: author.name, email: author.email },
        date: new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString(),
        message: message.trim(),
      };
      this.history.recordCommit(tip.commit, info, [...blobs.keys()], removed);
      return { oid, parent: tip.commit, paths: [...blobs.keys()], blobs };
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
        await this.finishInterruptedSave(lock);
        const branch = await currentBranch(this.gitdir);
        if (!branch) throw new DetachedHeadError();
        const tip = await this.tip(false, branch);
        const local = tip.commit!;
        const same = { head: local, paths: [], bothChanged: [] };
        if (local === remote) return { kind: 'up-to-date', ...same };
        // A replica follows: whatever the remote holds becomes the branch, as a fast-forward would.
        const [base = null] = options.follow
          ? [local]
          : ((await git.findMergeBase({
              fs,
              dir: this.dir,
              oids: [local, remote],
              cache: this.cache,
            })) as string[]);
        if (base === remote) return { kind: 'ahead', ...same };
        const fastForward = base === local;
        const ours = new Set(fastForward ? [] : await this.changedPaths(base, local));
        const take: { rel: string; oid: string | null; data: Buffer | null }[] = [];
        const bothChanged: string[] = [];
        for (const rel of await this.changedPaths(base, remote)) {
          const [theirs, mine] = await Promise.all([this.blobAt(remote, rel), this.blobAt(local, rel)]);
          if ((theirs?.oid ?? null) === (mine?.oid ?? null)) continue;
          if (ours.has(rel)) bothChanged.push(rel);
          take.push({ rel, oid: theirs?.oid ?? null, data: theirs?.bytes ?? null });
        }
        await this.journal.write({ branch, parent: local, paths: take.map((t) => t.rel) });
        const files = new Map<string, string>();
        for (const t of take)
          files.set(t.rel, await realPathInside(this.dir, this.realDir, t.rel, checkTrackedPath));
        const updates = await writeWorkTree(take.map((t) => ({ ...t, file: files.get(t.rel)! })));
        if (!(await lock.write(updates))) await this.updateIndexSlowly(updates);
        let next = remote;
        const batch = new ObjectBatch(this.gitdir);
        const date = new Date(Date.now());
        const message = mergeMessage(bothChanged);
        const removed = new Map<string, string>(); // deleted path → the blob it had
        if (!fastForward) {
          const tree = await this.trees.apply(
            tip.tree,
            new Map(take.map((t) => [t.rel, t.oid])),
            batch,
            removed,
          );
          next = batch.add(
            'commit',
            formatCommit({ tree, parent: [local, remote], author: SYSTEM_AUTHOR, date, message }),
          );
        }
        await Promise.all([batch.done(), syncDirs(new Set([...files.values()].map((f) => path.dirname(f))))]);
        await lock.place(); // before the branch moves, as in a save (see commitLocked)
        await updateBranch(this.gitdir, {
          branch,
          expected: local,
          next,
          who: SYSTEM_AUTHOR,
          message: fastForward ? 'pull: fast-forward' : `pull: ${message}`,
        });
        if (!fastForward) {
          const when = new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString();
          this.history.recordCommit(
            local,
            { oid: next, author: { ...SYSTEM_AUTHOR }, date: when, message: message.trim() },
            take.map((t) => t.rel),
            removed,
          );
        }
        return {
          kind: fastForward ? 'fast-forward' : 'merge',
          head: next,
          paths: take.map((t) => t.rel),
          bothChanged,
        };
      }),
    );
  }

  /** A save the previous server did not finish (it died): make the work tree equal HEAD on its paths. */
  private async finishInterruptedSave(lock: IndexLock): Promise<void> {
    const intent = await this.journal.read();
    if (!intent) return;
    await this.matchHead(intent.paths, lock);
    this.say(`Finished a save that was interrupted: ${intent.paths.join(', ')} now match the last commit.`);
  }

  /** Makes the work tree and the index equal HEAD on `paths` (a save that did not reach the branch is undone). */
  private async matchHead(paths: string[], lock: IndexLock): Promise<void> {
    const branch = await currentBranch(this.gitdir);
    const state = branch ? await readBranch(this.gitdir, branch) : null;
    const head = state?.kind === 'oid' ? state.oid : null;
    const updates: IndexUpdate[] = [];
    const folders = new Set<string>();
    for (const rel of paths) {
      const file = await realPathInside(this.dir, this.realDir, rel, checkTrackedPath);
      folders.add(path.dirname(file));
      const blob = head ? await this.blobAt(head, rel) : null;
      if (!blob) {
        await rm(file, { force: true });
        updates.push({ path: rel, entry: null });
        continue;
      }
      const now = await readFile(file).catch(() => null);
      if (!now || !now.equals(blob.bytes)) await writeFileDurable(file, blob.bytes, { syncFolder: false });
      updates.push({ path: rel, entry: { oid: blob.oid, stat: await lstat(file, { bigint: true }) } });
    }
    for (const folder of folders) await removeTempFiles(folder);
    await syncDirs([...folders].filter((f) => fs.existsSync(f)));
    if (!(await lock.write(updates))) await this.updateIndexSlowly(updates);
  }

  private async blobAt(commit: string, rel: string): Promise<{ oid: string; bytes: Buffer } | null> {
    try {
      const { oid, blob } = await git.readBlob({
        fs,
        dir: this.dir,
        oid: commit,
        filepath: rel,
        cache: this.cache,
      });
      return { oid, bytes: Buffer.from(blob) };
    } catch (e) {
      if ((e as { code?: string }).code === 'NotFoundError') return null;
      throw e;
    }
  }

  /**
   * At open, before any save: removes this server's own leftovers (lock files it held, temp
   * objects and files), repairs a damaged branch ref, and finishes an interrupted save.
   */
  private async recover(): Promise<void> {
    // A first start killed inside `git init` can leave .git without HEAD (init then skips it).
    if (
      !(await stat(path.join(this.gitdir, 'HEAD')).then(
        () => true,
        () => false,
      ))
    ) {
      await writeFileDurable(path.join(this.gitdir, 'HEAD'), 'ref: refs/heads/main\n');
    }
    const locks = await removeOwnLeftoverLocks(this.gitdir);
    const temps = [...(await removeTempObjects(this.gitdir)), ...(await removeTempFiles(this.gitdir))];
    if (locks.length || temps.length) {
      this.say(`Removed what an interrupted save left behind: ${[...locks, ...temps].join(', ')}.`);
    }
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
      .run(() => this.locked((lock) => this.finishInterruptedSave(lock)))
      .catch((e: Error) => {
        this.say(`Could not finish an interrupted save yet (${e.message}); the next save will.`);
      });
  }

  /** isomorphic-git's slower road, for index formats IndexFile does not edit (our lock stays held). */
  private async updateIndexSlowly(updates: IndexUpdate[]): Promise<void> {
    for (const u of updates) {
      if (u.entry)
        await git.updateIndex({ fs, dir: this.dir, cache: this.cache, filepath: u.path, add: true });
      else
        await git.updateIndex({
          fs,
          dir: this.dir,
          cache: this.cache,
          filepath: u.path,
          remove: true,
          force: true,
        });
    }
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

  /** Builds the history map now, in the background, so a first look-up or new id does not wait for it. */
  warmHistory(): void {
    void this.head()
      .then((head) => this.history.forPath('', head))
      .catch(() => undefined);
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
  async readBlobById(oid: string): Promise<Buffer | null> {
    try {
      const { blob } = await git.readBlob({ fs, dir: this.dir, oid, cache: this.cache });
      return Buffer.from(blob);
    } catch (e) {
      if (['NotFoundError', 'ObjectTypeError'].includes((e as { code?: string }).code ?? '')) return null;
      throw e;
    }
  }

  /** A file's content as of a commit, or null if it did not exist then. */
  async readAt(commit: string, rel: string): Promise<Buffer | null> {
    checkRepoPath(rel);
    try {
      const { blob } = await git.readBlob({
        fs,
        dir: this.dir,
        oid: commit,
        filepath: rel,
        cache: this.cache,
      });
      return Buffer.from(blob);
    } catch (e) {
      // Not found, or not a commit (a blob or tree id): either way there is no such version.
      if (
        ['NotFoundError', 'ObjectTypeError', 'InvalidOidError'].includes((e as { code?: string }).code ?? '')
      )
        return null;
      throw e;
    }
  }

  /** Resolves when every queued save has finished. */
  idle(): Promise<void> {
    return this.queue.idle();
  }
}

/** A work-tree file's new bytes, a file on disk to copy them from, or null to remove it. */
type WorkTreeSource = Buffer | { copyOf: string } | null;

/** Writes work-tree files (temp file + rename; null deletes) and returns their new index entries. */
function writeWorkTree(
  files: { rel: string; file: string; data: WorkTreeSource; oid: string | null }[],
): Promise<IndexUpdate[]> {
  return Promise.all(
    files.map(({ rel, file, data, oid }) =>
      fileWrites(async (): Promise<IndexUpdate> => {
        if (data === null || oid === null) {
          await rm(file, { force: true });
          return { path: rel, entry: null };
        }
        await mkdir(path.dirname(file), { recursive: true });
        if (Buffer.isBuffer(data)) await writeThenRename(tempNameFor(file), file, data);
        else await copyThenRename(data.copyOf, tempNameFor(file), file);
        return { path: rel, entry: { oid, stat: await lstat(file, { bigint: true }) } };
      }),
    ),
  );
}
