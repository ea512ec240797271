// A file more than one process rewrites (the server and `npm run user` both change private/users.json)
// is rewritten the way git rewrites its files: the new bytes go into `<file>.lock`, created only if no
// one holds it (O_EXCL), flushed and renamed over the file. Whoever holds the lock read the file after
// taking it, so no process writes over a change it did not see. A lock left by a process killed
// mid-write is old within moments (a write takes milliseconds) and is taken over.
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { syncDir, syncFile } from './durable.ts';
import { AppError } from '../schema/errors.ts';

/** A lock older than this was left by a process that died while holding it. */
const STALE_LOCK_MS = 5_000;
/** How long a writer waits for another to finish before giving up. */
const WAIT_MS = 15_000;
const RETRY_MS = 15;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function takeLock(lock: string, mode: number) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      return await open(lock, 'wx', mode);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const since = await stat(lock).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (since > STALE_LOCK_MS) await rm(lock, { force: true });
    else if (Date.now() > deadline)
      throw new AppError(
        503,
        `Another change to ${path.basename(lock, '.lock')} is under way. Please try again in a moment.`,
      );
    else await sleep(RETRY_MS);
  }
}

/**
 * Rewrites `file` under its lock: `change` gets the file's text as it is now (undefined when there is
 * none) and answers the new text, or undefined to leave the file as it is. Answers whether it wrote.
 */
export async function rewriteLocked(
  file: string,
  change: (current: string | undefined) => string | undefined,
  mode = 0o600,
): Promise<boolean> {
  const lock = `${file}.lock`;
  const handle = await takeLock(lock, mode);
  let placed = false;
  try {
    const current = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return undefined;
      throw e;
    });
    const next = change(current);
    if (next === undefined) return false;
    await handle.writeFile(next);
    await syncFile(handle);
    await handle.close();
    await rename(lock, file);
    placed = true;
    await syncDir(path.dirname(file));
    return true;
  } finally {
    if (!placed) {
      await handle.close().catch(() => undefined);
      await rm(lock, { force: true });
    }
  }
}
