// git's lock files (`index.lock`, `refs/heads/main.lock`), taken so that after a crash the server can
// tell its own leftovers from a maintainer's live git. The lock is made as a hard link of a sidecar
// file in .git (`cms-lock-<file>`): link() fails if the lock exists, as git's O_EXCL does, and a lock
// that shares its inode with our sidecar is ours. A lock without our sidecar is left alone.
import { link, lstat, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { syncDir, syncFile } from './durable.ts';

const SIDECAR_PREFIX = 'cms-lock-';

/**
 * How long a save waits for a lock git holds (a maintainer's commit) before answering "busy". The
 * wait ends as soon as the lock goes; a store opened with `lockWaitMs` (tests) waits that long instead.
 */
export const LOCK_WAIT_MS = 3000;

export interface OwnedLock {
  /** The open lock file: what is written here replaces the target on commit. */
  readonly handle: FileHandle;
  /**
   * Starts flushing what was written so far, so that commit() has less to wait for. Call it again
   * after any later write; commit() flushes by itself when it was never called.
   */
  flush(): void;
  /**
   * Puts what was written in place as the target while the lock stays held: git's readers see the
   * new file, git's writers still wait. Nothing may be written after. commit() or release() then
   * only remove the lock.
   */
  place(): Promise<void>;
  /** Flushes the lock file, renames it over the target and flushes the folder. */
  commit(): Promise<void>;
  /** Removes the lock, leaving the target as it was (or as place() left it). */
  release(): Promise<void>;
}

// The sidecar names its process: two of ours may share a repository (the server, and an import
// committing beside it), and a lock whose process is gone is known as a leftover while the other runs.
const sidecarFor = (gitdir: string, target: string) =>
  path.join(gitdir, `${SIDECAR_PREFIX}${process.pid}-${encodeURIComponent(path.relative(gitdir, target))}`);

/** What a sidecar's name says: its process (undefined: an older name without one) and its target. */
function sidecarOwner(gitdir: string, name: string): { pid?: number; lockFile: string } | null {
  if (!name.startsWith(SIDECAR_PREFIX)) return null;
  const rest = name.slice(SIDECAR_PREFIX.length).replace(/\.placing$/, '');
  const m = /^(\d+)-(.+)$/.exec(rest);
  const target = m ? m[2]! : rest;
  return {
    pid: m ? Number(m[1]) : undefined,
    lockFile: `${path.join(gitdir, decodeURIComponent(target))}.lock`,
  };
}

/** Whether the process that made a sidecar is gone (a process of ours that has not taken it yet). */
function ownerGone(pid: number | undefined): boolean {
  if (pid === undefined || pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Removes `lockFile` when one of our processes that has ended left it (its sidecar shares its inode). */
async function removeIfLeftBehind(gitdir: string, lockFile: string): Promise<boolean> {
  const theirs = await lstat(lockFile).catch(() => null);
  if (!theirs) return true;
  for (const name of await readdir(gitdir)) {
    const owner = sidecarOwner(gitdir, name);
    if (!owner || owner.lockFile !== lockFile || owner.pid === process.pid || !ownerGone(owner.pid)) continue;
    const sidecar = await stat(path.join(gitdir, name)).catch(() => null);
    if (sidecar && sidecar.ino === theirs.ino && sidecar.dev === theirs.dev) {
      await rm(lockFile, { force: true });
      await rm(path.join(gitdir, name), { force: true });
      return true;
    }
  }
  return false;
}

/**
 * Takes `<target>.lock`. While someone else holds it, retries every 50 ms for `waitMs`, then calls
 * `busy()` for the error to throw.
 */
export async function takeLock(
  gitdir: string,
  target: string,
  waitMs: number,
  busy: () => Error,
): Promise<OwnedLock> {
  const lockFile = `${target}.lock`;
  const sidecar = sidecarFor(gitdir, target);
  const until = Date.now() + waitMs;
  // A sidecar left by a crash of this process's predecessor (recovery removes these; be safe).
  await rm(sidecar, { force: true });
  const handle = await open(sidecar, 'wx', 0o644);
  for (;;) {
    try {
      await link(sidecar, lockFile);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
        await handle.close();
        await rm(sidecar, { force: true });
        throw e;
      }
      // Left by one of our processes that died inside its save (kill -9): its journal is finished
      // by whoever takes the lock next, as after a crash of the server itself.
      if (await removeIfLeftBehind(gitdir, lockFile)) continue;
      if (Date.now() > until) {
        await handle.close();
        await rm(sidecar, { force: true });
        throw busy();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  let done = false;
  let placed = false;
  let flushed: Promise<void> | null = null;
  const flush = () => {
    flushed = syncFile(handle);
    flushed.catch(() => undefined); // awaited by commit(); only keeps an early failure from being "unhandled"
  };
  const place = async () => {
    if (!flushed) flush();
    await flushed;
    // A third name for the lock's file, renamed over the target: the lock file and its sidecar keep
    // theirs, so a crash from here on still leaves a lock the next start knows as its own. The
    // temporary name carries the sidecar prefix, so a start removes it if a crash left it.
    const placing = `${sidecar}.placing`;
    await rm(placing, { force: true });
    await link(sidecar, placing);
    await rename(placing, target);
    await syncDir(path.dirname(target));
    placed = true;
  };
  const finish = async (put: boolean) => {
    if (done) return;
    done = true;
    try {
      if (placed) {
        await handle.close();
        await rm(lockFile, { force: true });
      } else if (put) {
        if (!flushed) flush();
        await flushed;
        await handle.close();
        await rename(lockFile, target);
        await syncDir(path.dirname(target));
      } else {
        await flushed?.catch(() => undefined);
        await handle.close();
        await rm(lockFile, { force: true });
      }
    } finally {
      // The target now shares the sidecar's inode; dropping that second name leaves it untouched.
      await rm(sidecar, { force: true });
    }
  };
  return { handle, flush, place, commit: () => finish(true), release: () => finish(false) };
}

/**
 * At start, with no save running: removes the lock files a crashed server left (those sharing an
 * inode with one of our sidecars) and the sidecars. Returns the lock files removed.
 */
export async function removeOwnLeftoverLocks(gitdir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(gitdir)) {
    const owner = sidecarOwner(gitdir, name);
    // Another process of ours still running (an import beside this start) keeps its lock.
    if (!owner || !ownerGone(owner.pid)) continue;
    const sidecar = path.join(gitdir, name);
    const { lockFile } = owner;
    const [ours, theirs] = await Promise.all([
      stat(sidecar).catch(() => null),
      lstat(lockFile).catch(() => null),
    ]);
    if (ours && theirs && ours.ino === theirs.ino && ours.dev === theirs.dev) {
      await rm(lockFile, { force: true });
      removed.push(path.relative(gitdir, lockFile));
    }
    await rm(sidecar, { force: true });
  }
  return removed;
}
