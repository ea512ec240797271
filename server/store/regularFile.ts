// Reads of the site's files that cannot be turned against the server: only regular files are read (a
// FIFO, socket or device named like content is refused without waiting on it), nothing through a link
// at the file itself, and nothing over the size its folder allows (schema/fileLimits.ts).
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { fileLimitFor, tooLargeMessage } from '../schema/fileLimits.ts';

/** A file the server will not read, with plain words for health and the admin home. */
export class UnreadableFileError extends Error {}

// O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

function refuse(rel: string, s: Stats): void {
  if (!s.isFile()) {
    const kind = s.isFIFO()
      ? 'a pipe (FIFO)'
      : s.isSocket()
        ? 'a socket'
        : s.isDirectory()
          ? 'a folder'
          : 'a device';
    throw new UnreadableFileError(`This is ${kind}, not a regular file, so it is not read.`);
  }
  if (s.size > fileLimitFor(rel)) throw new UnreadableFileError(tooLargeMessage(rel, s.size));
}

const openError = (e: unknown): never => {
  // A socket cannot be opened at all.
  if ((e as NodeJS.ErrnoException).code === 'ENXIO')
    throw new UnreadableFileError('This is a socket, not a regular file, so it is not read.');
  throw e;
};

export async function readRegularFile(abs: string, rel: string): Promise<Buffer> {
  const handle = await open(abs, FLAGS).catch(openError);
  try {
    refuse(rel, await handle.stat());
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

export function readRegularFileSync(abs: string, rel: string): Buffer {
  let fd: number;
  try {
    fd = openSync(abs, FLAGS);
  } catch (e) {
    return openError(e);
  }
  try {
    refuse(rel, fstatSync(fd));
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
