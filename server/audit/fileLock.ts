// A lock file beside a file in private/, taken by the server and by `npm run user` before they append
// to or rotate that file: open(…, 'wx') fails while the lock exists, as git's O_EXCL locks do. The
// lock holds its owner's process id, so a lock left by a process that died is taken over.
import { open, readFile, rm, stat } from 'node:fs/promises';

const RETRY_MS = 15;
/** A live owner holds the lock for one append (milliseconds); this long means it is stuck or gone. */
const STALE_MS = 10_000;

export async function withFileLock<T>(lockFile: string, waitMs: number, task: () => Promise<T>): Promise<T> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      try {
        await handle.writeFile(`${process.pid}\n`);
      } finally {
        await handle.close();
      }
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (await stale(lockFile)) {
        await rm(lockFile, { force: true });
        continue;
      }
      if (Date.now() > until) throw new Error(`${lockFile} is held by another process.`);
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }
  try {
    return await task();
  } finally {
    await rm(lockFile, { force: true });
  }
}

/** Whether a lock's owner has died (or it is far older than any append takes). */
async function stale(lockFile: string): Promise<boolean> {
  const [text, info] = await Promise.all([
    readFile(lockFile, 'utf8').catch(() => ''),
    stat(lockFile).catch(() => null),
  ]);
  if (!info) return false; // gone already: the next try takes it
  if (Date.now() - info.mtimeMs > STALE_MS) return true;
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0) return Date.now() - info.mtimeMs > 1000; // still being written
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
