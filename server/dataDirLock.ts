// One server per data folder. The lock is a Unix socket the server listens on in private/: the
// kernel closes it when the process dies (kill -9 included), so a lock is never left stale, and a
// second server can tell a live owner (it answers) from a dead one's leftover file (it does not).
import { createHash } from 'node:crypto';
import net from 'node:net';
import { realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from './schema/errors.ts';

export class DataDirInUseError extends AppError {
  constructor(dataDir: string) {
    super(
      409,
      `Another server is already running on the data folder ${dataDir}: stop it first, or set CMS_DATA_DIR to another folder.`,
    );
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Unix socket paths are short (108 bytes); a long folder name falls back to an abstract socket. */
async function socketPath(privateDir: string): Promise<string> {
  const file = path.join(privateDir, 'server.sock');
  if (Buffer.byteLength(file) < 100) return file;
  const id = createHash('sha1')
    .update(await realpath(privateDir))
    .digest('hex');
  return `\0csed-cms-${id}`;
}

const listen = (server: net.Server, where: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where, () => {
      server.off('error', reject);
      resolve();
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

export async function lockDataDir(dataDir: string, privateDir: string): Promise<DataDirLock> {
  const where = await socketPath(privateDir);
  const server = net.createServer((socket) => socket.end());
  server.unref();
  try {
    await listen(server, where);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    if (await answers(where)) throw new DataDirInUseError(dataDir);
    // A socket file left by a server that died: nobody answers on it.
    if (!where.startsWith('\0')) await rm(where, { force: true });
    await listen(server, where);
  }
  return { release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
