// One server per data folder: a socket lock (store/socketLock.ts) on private/server.sock, which the
// kernel lets go when the process dies (kill -9 included).
import path from 'node:path';
import { AppError } from './schema/errors.ts';
import { takeSocketLock, type SocketLock } from './store/socketLock.ts';

export class DataDirInUseError extends AppError {
  constructor(dataDir: string) {
    super(
      409,
      `Another server is already running on the data folder ${dataDir}: stop it first, or set CMS_DATA_DIR to another folder.`,
    );
  }
}

export type DataDirLock = SocketLock;

/** Takes the data folder for this process until release() (or its end, however it ends). */
export async function lockDataDir(dataDir: string, privateDir: string): Promise<DataDirLock> {
  const lock = await tryLockDataDir(privateDir);
  if (!lock) throw new DataDirInUseError(dataDir);
  return lock;
}

/** The data folder's lock, or null while a server holds it (an import then commits beside it). */
export const tryLockDataDir = (privateDir: string): Promise<DataDirLock | null> =>
  takeSocketLock(path.join(privateDir, 'server.sock'));
