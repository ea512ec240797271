// Reads of the site's files that cannot be turned against the server: only regular files are read (a
// FIFO, socket or device named like content is refused without waiting on it), nothing through a link
// at the file itself, and nothing over the size its folder allows (schema/fileLimits.ts).
import { hash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, type Stats } from 'node:fs';
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

/** A file read by a ScratchReader: its git blob id, and its text while the reader reads no other file. */
export interface ScratchRead {
  blob: string;
  text(): string;
}

/** Room before a file's bytes for git's blob header (`blob <size>\0`), so the id is one hash of one buffer. */
const HEADER_ROOM = 32;

/**
 * Reads regular files one after another into one buffer that grows as needed (a start reads 10,000
 * files this way: no buffer, hash object or promise per file), with the checks of
 * readRegularFileSync. What a read gives is good until the next read.
 */
export class ScratchReader {
  private buf = Buffer.allocUnsafe(64 * 1024);

  read(abs: string, rel: string): ScratchRead {
    let fd: number;
    try {
      fd = openSync(abs, FLAGS);
    } catch (e) {
      return openError(e);
    }
    let size = 0;
    try {
      const s = fstatSync(fd);
      refuse(rel, s);
      if (HEADER_ROOM + s.size > this.buf.length) this.buf = Buffer.allocUnsafe(HEADER_ROOM + s.size);
      // As readFileSync reads a regular file: up to the size fstat gave (less if it shrank meanwhile).
      while (size < s.size) {
        const n = readSync(fd, this.buf, HEADER_ROOM + size, s.size - size, size);
        if (n === 0) break;
        size += n;
      }
    } finally {
      closeSync(fd);
    }
    const header = `blob ${size}\0`;
    const start = HEADER_ROOM - header.length;
    this.buf.write(header, start, 'latin1');
    const blob = hash('sha1', this.buf.subarray(start, HEADER_ROOM + size), 'hex');
    const buf = this.buf;
    return { blob, text: () => buf.toString('utf8', HEADER_ROOM, HEADER_ROOM + size) };
  }
}
