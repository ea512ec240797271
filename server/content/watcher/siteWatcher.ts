// Keeps the index equal to the work tree when people change it outside the CMS, for a cost that
// does not grow with the size of the site:
// - Each content and media folder is watched once (the operating system's own folder watch, which
//   names the file that changed): a site of 100,000 files takes a few dozen watches, never one per
//   file, and no folder is re-listed for an event. The server's own saves come back as one event per
//   file written: the watcher noted each file's stat right after the commit, and a file whose stat is
//   still that one, holding the blob the index has, is not read again.
// - git's HEAD, packed-refs and branch refs are watched the same way: a commit, pull, checkout or
//   reset that moved HEAD away from what the index last applied is read as a tree diff, so files git
//   added are found too.
// - The folders are also polled (one stat each): files added in a folder not yet watched are found.
// - When the system refuses a watch (its limit of watches reached), the server keeps serving: it
//   polls HEAD and the folders instead, says so on /api/health and in the admin, and hand edits to
//   existing files are seen once they are committed.
import { watch, type FSWatcher } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CommitResult, GitStore } from '../../store/gitStore.ts';
import type { ContentIndex } from '../index/contentIndex.ts';
import { isCommitted } from '../changes.ts';
import { EventMarkers, WorkInHand } from './watchSettle.ts';

export interface WatchOptions {
  /** Changes arriving within this time are applied together. */
  debounceMs?: number;
  /** How often folders are checked for files added by hand. */
  pollMs?: number;
}

const ROOTS = ['content', 'media'];
const hidden = (name: string) => name.startsWith('.');

/** How the watcher sees changes: folder watches, or (the system refused one) polling alone. */
export type WatchState =
  | { mode: 'watching'; folders: number }
  | { mode: 'polling'; folders: number; reason: string; message: string };

export const POLLING_MESSAGE =
  'The server cannot watch the site’s folders (the system’s limit of file watches is reached), so it checks them every second instead. Changes made in the admin are not affected; files edited by hand on the server are seen once they are committed with git.';

export class SiteWatcher {
  /** Folder (relative) → its watch. */
  private readonly folderWatches = new Map<string, FSWatcher>();
  private readonly gitWatches: FSWatcher[] = [];
  /** Why watching stopped (the system refused a watch); null while watching. */
  private refused: string | null = null;
  private started = false;
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
  private markers?: EventMarkers;
  private readonly inHand = new WorkInHand();
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
    // Files with problems may be links or missing: follow() checks those one by one below.
    const problems = new Set(this.index.contentErrors().map((e) => e.path));
    for (const rel of this.index.knownPaths()) if (!problems.has(rel)) this.watched.add(rel);
    this.started = true;
    for (const rel of [...new Set([...ROOTS, ...this.folders.keys()])]) {
      const s = await stat(path.join(this.store.dir, rel)).catch(() => null);
      if (s) this.folderInodes.set(rel, s.ino);
      this.watchFolder(rel);
    }
    const gitdir = this.store.gitdir;
    this.markers = new EventMarkers(gitdir);
    // HEAD and packed-refs in .git (its other files change on every save: their events are dropped).
    this.watchGit(gitdir, (name) => name === 'HEAD' || name === 'packed-refs');
    this.watchGit(path.join(gitdir, 'refs', 'heads'), (name) => !name.endsWith('.lock'));
    await this.follow([...problems]);
    this.unsubscribe = this.index.changes.on((change) => {
      if (isCommitted(change))
        this.ownNoted = Promise.all([this.ownNoted, this.ownCommit(change.commit)]).then(() => undefined);
    });
    this.poller = setInterval(() => void this.inHand.add(this.poll()), this.options.pollMs ?? 250);
    this.poller.unref();
    // Whatever moved since the baseline.
    this.headChanged = true;
    this.schedule();
  }

  /** How changes are seen now: for /api/health and the admin. */
  state(): WatchState {
    const folders = this.folderWatches.size;
    return this.refused
      ? { mode: 'polling', folders, reason: this.refused, message: POLLING_MESSAGE }
      : { mode: 'watching', folders };
  }

  /** One watch for a folder: the system names each file that changed in it. */
  private watchFolder(rel: string) {
    if (this.refused || this.closed || this.folderWatches.has(rel)) return;
    const w = this.osWatch(path.join(this.store.dir, rel), (name) => {
      if (hidden(name)) return;
      this.counters.fileEvents++;
      this.queue(`${rel}/${name}`);
    });
    if (!w) return;
    this.folderWatches.set(rel, w);
    // The folder went (or was replaced): the poll finds what is there now and watches it anew.
    w.on('close', () => this.folderWatches.get(rel) === w && this.folderWatches.delete(rel));
  }

  /** A folder removed and made again (a checkout) is a new folder: its old watch hears nothing. */
  private rewatchIfReplaced(rel: string, ino: number | undefined) {
    if (ino === undefined) return;
    if (this.folderInodes.get(rel) !== ino) {
      this.folderWatches.get(rel)?.close();
      this.folderWatches.delete(rel);
      this.folderInodes.set(rel, ino);
    }
    this.watchFolder(rel);
  }

  private readonly folderInodes = new Map<string, number>();

  private watchGit(dir: string, wanted: (name: string) => boolean) {
    const w = this.osWatch(dir, (name) => {
      if (this.markers?.heard(name) || !wanted(name)) return;
      this.headChanged = true;
      this.schedule();
    });
    if (w) this.gitWatches.push(w);
  }

  /** A folder watch, or null: a folder that is gone is left to the poll; a refusal ends watching. */
  private osWatch(abs: string, onName: (name: string) => void): FSWatcher | null {
    try {
      const w = watch(abs, { persistent: false }, (_event, name) => {
        if (name) onName(name.toString());
      });
      w.on('error', (e: NodeJS.ErrnoException) => {
        w.close();
        if (isRefusal(e)) this.stopWatching(e);
      });
      return w;
    } catch (e) {
      if (isRefusal(e)) this.stopWatching(e as NodeJS.ErrnoException);
      return null;
    }
  }

  /** The system refused a watch: every watch is let go, and the poll looks at HEAD and the folders. */
  private stopWatching(e: NodeJS.ErrnoException) {
    if (this.refused) return;
    this.refused = e.code ?? e.message;
    this.log(`Watching the site's folders stopped (${this.refused}); checking them every second instead.`);
    for (const w of [...this.folderWatches.values(), ...this.gitWatches]) w.close();
    this.folderWatches.clear();
    this.gitWatches.length = 0;
  }

  close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    clearInterval(this.poller);
    for (const w of [...this.folderWatches.values(), ...this.gitWatches]) w.close();
    this.folderWatches.clear();
    return Promise.resolve();
  }

  private queue(rel: string) {
    this.pending.add(rel);
    this.schedule();
  }

  private schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.inHand.add(this.flush());
    }, this.options.debounceMs ?? 100);
  }

  /**
   * Resolves once the watcher has looked at every change made before the call: their events have
   * arrived (a marker written after them came back), a poll has run, and the refreshes they started
   * are done. Tests await it rather than sleep through an echo that must not come.
   */
  async settled(): Promise<void> {
    if (!this.started || this.closed) return;
    if (!this.refused) await this.markers?.roundTrip();
    await this.inHand.idle();
    await this.inHand.add(this.poll());
    for (;;) {
      await this.ownNoted;
      await this.inHand.idle();
      if (this.timer === undefined || this.closed) return;
      // A change is waiting for the quiet time: look at it now. A save of ours under way puts it off.
      if (this.store.saving) await new Promise((r) => setTimeout(r, 10));
      clearTimeout(this.timer);
      this.timer = undefined;
      await this.inHand.add(this.flush());
    }
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
      for (const p of wanted) if (!this.index.knows(p)) this.watched.delete(p);
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

  /** Notes files that appeared as known (their folder's watch reports their changes). */
  private async follow(paths: string[]) {
    for (const rel of paths) {
      if (this.watched.has(rel) || !this.index.knows(rel)) continue;
      const file = await lstat(path.join(this.store.dir, rel)).catch(() => null);
      if (!file || file.isSymbolicLink()) continue;
      this.watched.add(rel);
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
      // Watching stopped: HEAD is looked at here (a commit, a pull), as the refs' watches did.
      if (this.refused && (await this.store.head()) !== this.appliedHead) {
        this.headChanged = true;
        this.schedule();
      }
      for (const rel of [...new Set([...this.folders.keys(), ...ROOTS])]) {
        const s = await stat(path.join(this.store.dir, rel)).catch(() => null);
        if (this.started) this.rewatchIfReplaced(rel, s?.ino);
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

/** The system's refusal of another watch (its limit reached), as opposed to a folder that went. */
const isRefusal = (e: unknown) =>
  ['ENOSPC', 'EMFILE', 'ENFILE'].includes((e as NodeJS.ErrnoException).code ?? '');
