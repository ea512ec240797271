// The lock between this project's own processes: a Unix socket listened on at a path. The kernel
// closes it when its process ends (kill -9 included), so a lock is never left held by the dead, and
// a taker tells a live holder (it answers) from a dead one's leftover file (it does not). One server
// per data folder (server/dataDirLock.ts) and the audit log's appends (the server and `npm run user`,
// server/audit/auditLog.ts) both take one. git's own lock files are ownedLock.ts: git knows only those.
import { createHash } from 'node:crypto';
import { realpath, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export interface SocketLock {
  release(): Promise<void>;
}

const RETRY_MS = 15;

/** Unix socket paths are short (108 bytes); a long one falls back to an abstract socket. */
async function socketPath(file: string): Promise<string> {
  if (Buffer.byteLength(file) < 100) return file;
  const dir = await realpath(path.dirname(file));
  const id = createHash('sha1')
    .update(path.join(dir, path.basename(file)))
    .digest('hex');
  return `\0csed-cms-${id}`;
}

const listen = (where: string) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer((socket) => socket.end());
    server.unref();
    server.once('error', reject);
    server.listen(where, () => {
      server.off('error', reject);
      resolve(server);
    });
  });

const answers = (where: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(where);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** One try: the lock, or null while a live holder answers. A dead holder's file is removed first. */
async function tryTake(where: string): Promise<SocketLock | null> {
  let server: net.Server;
  try {
    server = await listen(where);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    if (await answers(where)) return null;
    // Left by a process that died (or by an older lock file): nobody answers on it.
    if (!where.startsWith('\0')) await rm(where, { force: true });
    try {
      server = await listen(where);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EADDRINUSE') return null; // someone was quicker
      throw again;
    }
  }
  return { release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Takes the lock at `file`, retrying while a live holder has it for up to `waitMs`; null if it still does. */
export async function takeSocketLock(file: string, waitMs = 0): Promise<SocketLock | null> {
  const where = await socketPath(file);
  const until = Date.now() + waitMs;
  for (;;) {
    const lock = await tryTake(where);
    if (lock || Date.now() >= until) return lock;
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}

/** Runs `task` holding the lock at `file`; throws when another process holds it for `waitMs`. */
export async function withSocketLock<T>(file: string, waitMs: number, task: () => Promise<T>): Promise<T> {
  const lock = await takeSocketLock(file, waitMs);
  if (!lock) throw new Error(`${file} is held by another process.`);
  try {
    return await task();
  } finally {
    await lock.release();
  }
}
