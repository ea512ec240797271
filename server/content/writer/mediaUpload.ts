// Uploads: multer with explicit limits, the type decided from the bytes, names made by the server.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import multer from 'multer';
import type { Request, RequestHandler } from 'express';
import { AppError } from '../../schema/errors.ts';
import { fileBlobId } from '../../store/blobId.ts';

import { IMAGE_LIMIT, PDF_LIMIT } from '../../schema/fileLimits.ts';
export { IMAGE_LIMIT, PDF_LIMIT };

export type SniffedType = 'pdf' | 'png' | 'jpg' | 'gif' | 'webp';

/** The file type from its first bytes; SVG and everything else is null. */
export function sniff(bytes: Uint8Array): SniffedType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  const head = b.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

/** A checked upload: its temporary file is committed from disk (streamed, never whole in memory). */
export interface Upload {
  field: string;
  type: SniffedType;
  /** The temporary file in private/uploads, kept until the request's save is done (keepingUploads). */
  file: string;
  size: number;
  /** Its git blob id, read by streaming the file once. */
  blob: string;
}

/** Largest picture accepted, in pixels: a 20,000 × 20,000 PNG is only 1 MB but 1.6 GB to decode. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface UploadLimits {
  /** Uploads one person may have in flight at once (more: 429). */
  perUser: number;
  /** Uploads the whole server takes at once (more: 429). */
  total: number;
}

export const UPLOAD_LIMITS: UploadLimits = { perUser: 2, total: 6 };

const BUSY = 'Too many uploads are in progress right now. Please wait for them to finish, then try again.';

/** Checks the text fields that came before a file; an error refuses the upload before its bytes are kept. */
export type BeforeFile = (fieldsSoFar: Record<string, unknown>) => AppError | null;

/** Per request, the save that uses its upload files (keepingUploads). */
const holds = new WeakMap<Request, Promise<unknown>>();

/**
 * Runs `task` (the handler that saves a request's uploads) keeping the request's temporary files
 * until it settles, even if the client goes away first: a save still waiting its turn in the save
 * queue then streams them into git all the same. They are removed right after.
 */
export function keepingUploads<T>(req: Request, task: () => Promise<T>): Promise<T> {
  const run = task();
  holds.set(
    req,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Parses a multipart body when there is one (other bodies pass through untouched), streaming each
 * file to a private temporary folder instead of holding it in memory. A person may have a few uploads
 * in flight and the server a few more in all; past that the request is refused (429) before its body
 * is read. The temporary files are removed when the request ends, whatever its outcome (once the
 * save that uses them is done: keepingUploads).
 */
export function uploadParser(
  tmpDir: string,
  who: (req: Request) => string,
  limits: UploadLimits = UPLOAD_LIMITS,
): (beforeFile?: BeforeFile) => RequestHandler {
  const inFlight = new Map<string, number>();
  let total = 0;
  // Every temporary file a request's upload made, finished or not, so each is removed when it ends.
  const written = new WeakMap<Request, string[]>();
  // Per request: its check, and how to answer at once (multer itself reports an error only once the
  // whole body has arrived, which would keep the refused person waiting for the upload to finish).
  const checks = new WeakMap<Request, { check: BeforeFile; refuse: (e: AppError) => void }>();
  const parser = multer({
    // Browsers send a form's fields before its files: what must be there is checked before a byte is kept.
    fileFilter: (req, _file, cb) => {
      const entry = checks.get(req);
      const refusal = entry?.check((req.body ?? {}) as Record<string, unknown>) ?? null;
      if (!refusal) return cb(null, true);
      entry!.refuse(refusal);
      cb(refusal);
    },
    storage: multer.diskStorage({
      destination: (_req, _file, cb) => {
        mkdir(tmpDir, { recursive: true, mode: 0o700 }).then(
          () => cb(null, tmpDir),
          (e: Error) => cb(e, tmpDir),
        );
      },
      filename: (req, _file, cb) => {
        const name = `upload-${randomBytes(12).toString('hex')}`;
        const list = written.get(req) ?? [];
        list.push(path.join(tmpDir, name));
        written.set(req, list);
        cb(null, name);
      },
    }),
    limits: { fileSize: PDF_LIMIT, files: 4, fields: 40, fieldSize: 1024 * 1024, parts: 50 },
  });
  return (beforeFile) => (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    let answered = false;
    const once = (err?: unknown) => {
      if (answered) return;
      answered = true;
      next(err);
    };
    if (beforeFile) checks.set(req, { check: beforeFile, refuse: once });
    const person = who(req);
    if ((inFlight.get(person) ?? 0) >= limits.perUser || total >= limits.total) {
      res.setHeader('Retry-After', '5');
      return next(new AppError(429, BUSY));
    }
    inFlight.set(person, (inFlight.get(person) ?? 0) + 1);
    total++;
    let ended = false;
    res.once('close', () => {
      if (ended) return;
      ended = true;
      // An upload counts as in flight while its files exist: until its save is done.
      void (holds.get(req) ?? Promise.resolve()).then(() => {
        total--;
        const left = (inFlight.get(person) ?? 1) - 1;
        if (left > 0) inFlight.set(person, left);
        else inFlight.delete(person);
        for (const file of written.get(req) ?? []) void rm(file, { force: true });
      });
    });
    parser.any()(req, res, (err: unknown) => {
      if (!err) return once();
      if (err instanceof AppError) return once(err);
      // Files multer had started before the error are not in req.files: it removes them itself.
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE')
          return once(
            new AppError(413, 'The file is too large. PDFs can be up to 25 MB and images up to 5 MB.'),
          );
        return once(
          new AppError(
            err.code === 'LIMIT_FILE_COUNT' || err.code.startsWith('LIMIT_') ? 413 : 400,
            'Too many files or fields were sent.',
          ),
        );
      }
      once(new AppError(400, 'The upload could not be read. Please try again.'));
    });
  };
}

export { uploadsDir, removeStaleUploads } from './uploadsDir.ts';

async function firstBytes(file: string, n: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await handle.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Width × height of an image, read from its header only; null when it cannot be read. */
async function pixelsOf(file: string): Promise<number | null> {
  try {
    const { default: sharp } = await import('sharp'); // a native library: loaded on the first upload
    const { width, height } = await sharp(file, { limitInputPixels: false }).metadata();
    return width && height ? width * height : null;
  } catch {
    return null;
  }
}

/**
 * Checks each uploaded file against the kind its field expects (400/413/415), from its first bytes and,
 * for a picture, its size in pixels; only then is its blob id read, streaming it (the save then
 * streams the file into git: it is never whole in memory).
 */
export async function checkUploads(
  files: Express.Multer.File[] | undefined,
  kindOf: (field: string) => 'image' | 'pdf' | undefined,
): Promise<Upload[]> {
  const seen = new Set<string>();
  const checked: { field: string; path: string; type: SniffedType }[] = [];
  for (const f of files ?? []) {
    const kind = kindOf(f.fieldname);
    if (!kind) throw new AppError(400, `Unexpected file field "${f.fieldname}".`);
    if (seen.has(kind + f.fieldname)) throw new AppError(400, `Send one file for "${f.fieldname}".`);
    seen.add(kind + f.fieldname);
    if (f.size === 0) throw new AppError(400, 'The file is empty.', { [f.fieldname]: 'The file is empty.' });
    const type = sniff(await firstBytes(f.path, 16));
    if (kind === 'pdf' && type !== 'pdf') {
      throw new AppError(415, 'This file is not a PDF. Please choose a PDF file.', {
        [f.fieldname]: 'Not a PDF file',
      });
    }
    if (kind === 'image') {
      if (!type || type === 'pdf') {
        throw new AppError(415, 'This file is not a supported image. Please use JPEG, PNG, GIF or WebP.', {
          [f.fieldname]: 'Not a supported image',
        });
      }
      if (f.size > IMAGE_LIMIT)
        throw new AppError(413, 'The image is too large. Images can be up to 5 MB.', {
          [f.fieldname]: 'Larger than 5 MB',
        });
      const pixels = await pixelsOf(f.path);
      // A header sharp cannot read is let through as before: the type was already checked from its bytes.
      if (pixels !== null && pixels > MAX_IMAGE_PIXELS)
        throw new AppError(
          413,
          'The picture has too many pixels. Pictures can be up to 40 megapixels (for example 8000 × 5000).',
          { [f.fieldname]: 'More than 40 megapixels' },
        );
    }
    checked.push({ field: f.fieldname, path: f.path, type: type! });
  }
  return Promise.all(
    checked.map(async (c) => {
      const { oid, size } = await fileBlobId(c.path);
      return { field: c.field, type: c.type, file: c.path, size, blob: oid };
    }),
  );
}
