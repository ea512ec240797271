// Keeps the index equal to the work tree when people change it outside the CMS, for a cost that
// does not grow with the size of the site:
// - chokidar watches every content and media file on its own. A folder watch would re-list and stat
//   the whole folder on every event (10,000 lstat calls for one save at 10,000 items); a file's own
//   watch reports that file only. The server's own saves come back as one event per file written:
//   the watcher noted each file's stat right after the commit, and a file whose stat is still that
//   one, holding the blob the index has, is not read again.
// - chokidar watches git's HEAD and branch refs: a commit, pull, checkout or reset that moved HEAD
//   away from what the index last applied is read as a tree diff, so files git added are found too.
// - New files added by hand (not committed) show as a changed folder: the folders are polled (one
//   stat each) and a folder that changed for another reason than this server's own save is listed.
import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import type { CommitResult, GitStore } from '../../store/gitStore.ts';
import type { ContentIndex } from '../index/contentIndex.ts';
import { isCommitted } from '../changes.ts';

export interface WatchOptions {
  /** Changes arriving within this time are applied together. */
  debounceMs?: number;
  /** How often folders are checked for files added by hand. */
  pollMs?: number;
}

const ROOTS = ['content', 'media'];
const WATCH_STEP = 500;
const hidden = (name: string) => name.startsWith('.');

export class SiteWatcher {
  /** The watcher new files are added to (the last of those set up at start). */
  private files?: FSWatcher;
  private readonly fileWatchers: FSWatcher[] = [];
  private refs?: FSWatcher;
  private readonly watched = new Set<string>();
  /** Folder (relative) → its modification time when last looked at. */
  private readonly folders = new Map<string, number>();
  private readonly pending = new Set<string>();
  private headChanged = false;
  private appliedHead: string | null = null;
  private timer?: NodeJS.Timeout;
  private poller?: NodeJS.Timeout;
  private polling = false;
  private closed = false;
  /** What the watcher has done, for tests and benchmarks: no folder is re-listed for a save. */
  readonly counters = { fileEvents: 0, folderListings: 0, headDiffs: 0, ownFilesSkipped: 0 };
  /** Files this server committed: the blob written and the file's stat right after (null: removed). */
  private readonly ownFiles = new Map<string, { blob: string | null; stat: string | null }>();
  /** Noting the stats of the last own commits; a flush waits for it. */
  private ownNoted: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: GitStore,
    private readonly index: ContentIndex,
    private readonly log: (m: string) => void,
    private readonly options: WatchOptions = {},
  ) {}

  /**
   * Notes HEAD and the folders as the index has just loaded them: start() then catches what changed
   * in between (a commit, a pull, files added), even when it runs later.
   */
  async baseline(): Promise<void> {
    this.packedRefs = await this.packedRefsVersion();
    this.appliedHead = await this.store.head();
    await this.rememberFolders();
    this.baselined = true;
  }

  private baselined = false;

  async start(): Promise<void> {
    if (!this.baselined) await this.baseline();
    // Loaded here: npm start starts the watcher after the server listens, and chokidar is not needed before.
    const { watch } = await import('chokidar');
    const abs = (rel: string) => path.join(this.store.dir, rel);
    // Files with problems may be links or missing: follow() checks those one by one below.
    const problems = new Set(this.index.contentErrors().map((e) => e.path));
    for (const rel of this.index.knownPaths()) if (!problems.has(rel)) this.watched.add(rel);
    const relOf = (file: string) => path.relative(this.store.dir, file).split(path.sep).join('/');
    const onFile = (file: string) => {
      this.counters.fileEvents++;
      this.queue(relOf(file));
    };
    const filesWatcher = (paths: string[]) => {
      const w = watch(paths, { ignoreInitial: true, awaitWriteFinish: false });
      w.on('add', onFile)
        .on('change', onFile)
        .on('unlink', (file) => {
          // chokidar stops watching a file that went; if it comes back, the folder poll finds it.
          this.watched.delete(relOf(file));
          onFile(file);
        });
      w.on('error', (e) => this.log(`File watcher error: ${String(e)}`));
      this.fileWatchers.push(w);
      return w;
    };
    // A few hundred files at a time: setting up 10,000 watches at once held the server's answers back
    // for 0.3 s after a start; in steps, requests are answered between them.
    const all = [...this.watched].map(abs);
    for (let i = 0; i === 0 || i < all.length; i += WATCH_STEP) {
      this.files = filesWatcher(all.slice(i, i + WATCH_STEP));
      await ready(this.files);
    }
    const gitdir = this.store.gitdir;
    // Not packed-refs: it rarely exists, and chokidar watches a missing file's folder instead — here
    // .git itself, re-listed on each of the half-dozen changes a save makes there. The poll stats it.
    this.refs = watch([path.join(gitdir, 'HEAD'), path.join(gitdir, 'refs', 'heads')], {
      ignoreInitial: true,
      ignored: (p) => p.endsWith('.lock'),
    });
    this.refs.on('all', () => {
      this.headChanged = true;
      this.schedule();
    });
    await Promise.all([ready(this.refs), this.follow([...problems])]);
    this.unsubscribe = this.index.changes.on((change) => {
      if (isCommitted(change))
        this.ownNoted = Promise.all([this.ownNoted, this.ownCommit(change.commit)]).then(() => undefined);
    });
    this.poller = setInterval(() => void this.poll(), this.options.pollMs ?? 250);
    this.poller.unref();
    // Whatever moved since the baseline.
    this.headChanged = true;
    this.schedule();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    clearInterval(this.poller);
    await Promise.all([...this.fileWatchers.map((w) => w.close()), this.refs?.close()]);
  }

  private queue(rel: string) {
    this.pending.add(rel);
    this.schedule();
  }

  private schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.debounceMs ?? 100);
  }

  private unsubscribe?: () => void;

  private async flush() {
    if (this.closed) return;
    // A save of ours is writing files right now: its own event says what it wrote; look after it.
    if (this.store.saving) return this.schedule();
    await this.ownNoted;
    const paths = new Set(this.pending);
    this.pending.clear();
    try {
      if (this.headChanged) {
        this.headChanged = false;
        for (const p of await this.headMoves()) paths.add(p);
      }
      const under = [...paths].filter(
        (p) => ROOTS.some((r) => p.startsWith(`${r}/`)) && !p.split('/').some(hidden),
      );
      const wanted: string[] = [];
      for (const p of under) {
        if (await this.isOwn(p)) this.counters.ownFilesSkipped++;
        else wanted.push(p);
      }
      await this.index.refreshPaths(wanted);
      await this.follow(wanted);
    } catch (e) {
      this.log(`Could not refresh content: ${(e as Error).message}`);
    }
  }

  /** The files a move of HEAD changed (a commit by hand, a pull, a checkout, a reset). */
  private async headMoves(): Promise<string[]> {
    const head = await this.store.head();
    if (head === this.appliedHead) return [];
    const from = this.appliedHead;
    this.appliedHead = head;
    this.counters.headDiffs++;
    return this.store.changedPaths(from, head);
  }

  /**
   * Watches files that appeared. Only files that exist: given a missing path, chokidar would watch its
   * folder instead, and a folder watch costs a listing of the folder on every event in it.
   */
  private async follow(paths: string[]) {
    for (const rel of paths) {
      if (this.watched.has(rel) || !this.index.knows(rel)) continue;
      const abs = path.join(this.store.dir, rel);
      // A link is not watched (chokidar would watch what it points at); the folder poll sees it change.
      const file = await lstat(abs).catch(() => null);
      if (!file || file.isSymbolicLink()) continue;
      this.watched.add(rel);
      this.files?.add(abs);
    }
  }

  /**
   * Whether a file is as this server's own commit left it: its stat unchanged since, and the index
   * holding the blob written. Then it is not read; else (a hand edit since) it is read as any other.
   */
  private async isOwn(rel: string): Promise<boolean> {
    const own = this.ownFiles.get(rel);
    if (!own) return false;
    if (
      own.stat === (await statKey(path.join(this.store.dir, rel))) &&
      this.index.blobOf(rel) === (own.blob ?? undefined)
    ) {
      return true;
    }
    this.ownFiles.delete(rel);
    return false;
  }

  /** This server's own save: already in the index; only the bookkeeping follows. */
  private async ownCommit(commit: CommitResult) {
    this.ownPending++;
    try {
      if (commit.parent === this.appliedHead) this.appliedHead = commit.oid;
      else this.headChanged = true; // someone committed just before: read that move too
      for (const [rel, blob] of commit.blobs) if (blob === null) this.watched.delete(rel);
      // Synchronously marked (then stat'ed): a flush in between waits for ownNoted.
      await Promise.all(
        [...commit.blobs].map(async ([rel, blob]) => {
          this.ownFiles.set(rel, { blob, stat: await statKey(path.join(this.store.dir, rel)) });
        }),
      );
      await this.follow(commit.paths);
      await this.rememberFolders(commit.paths.map((p) => path.posix.dirname(p)));
    } finally {
      this.ownPending--;
    }
  }

  private ownPending = 0;
  private packedRefs = '';

  /** git rewrites packed-refs by renaming a new file over it: a new inode or time means it moved. */
  private async packedRefsVersion(): Promise<string> {
    const s = await stat(path.join(this.store.gitdir, 'packed-refs')).catch(() => null);
    return s ? `${s.ino}:${s.mtimeMs}:${s.size}` : '';
  }

  /** Records folders' modification times, so the poll only lists folders changed by others. */
  private async rememberFolders(folders?: string[]): Promise<void> {
    const list = folders ?? (await this.folderList());
    await Promise.all(
      list.map(async (rel) => {
        const s = await stat(path.join(this.store.dir, rel)).catch(() => null);
        if (s) this.folders.set(rel, s.mtimeMs);
      }),
    );
  }

  private async folderList(): Promise<string[]> {
    const out: string[] = [];
    for (const root of ROOTS) {
      out.push(root);
      const entries = await readdir(path.join(this.store.dir, root), { withFileTypes: true }).catch(() => []);
      for (const e of entries) if (e.isDirectory() && !hidden(e.name)) out.push(`${root}/${e.name}`);
    }
    return out;
  }

  /** One stat per folder; a folder changed by someone else is listed for files the index does not know. */
  private async poll() {
    // A save of our own is changing folders right now: its folders are remembered when it is done.
    if (this.polling || this.closed || this.store.saving || this.ownPending) return;
    this.polling = true;
    try {
      const packed = await this.packedRefsVersion();
      if (packed !== this.packedRefs) {
        this.packedRefs = packed;
        this.headChanged = true;
        this.schedule();
      }
      for (const rel of [...new Set([...this.folders.keys(), ...ROOTS])]) {
        const s = await stat(path.join(this.store.dir, rel)).catch(() => null);
        if (!s || s.mtimeMs === this.folders.get(rel)) continue;
        this.folders.set(rel, s.mtimeMs);
        this.counters.folderListings++;
        const entries = await readdir(path.join(this.store.dir, rel), { withFileTypes: true }).catch(
          () => [],
        );
        for (const e of entries) {
          if (hidden(e.name)) continue;
          const child = `${rel}/${e.name}`;
          if (e.isDirectory()) {
            if (!this.folders.has(child)) this.folders.set(child, 0); // listed on the next poll
          } else if (!this.watched.has(child)) this.queue(child);
        }
      }
    } finally {
      this.polling = false;
    }
  }
}

/** A file's identity and times (null: no file): a write in between changes it. */
async function statKey(abs: string): Promise<string | null> {
  const s = await lstat(abs, { bigint: true }).catch(() => null);
  return s ? `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : null;
}

const ready = (w: FSWatcher) => new Promise<void>((resolve) => w.once('ready', () => resolve()));
