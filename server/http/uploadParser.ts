// Receiving uploads: multer with explicit limits, each file streamed to a private temporary folder
// under a name the server makes, a few in flight per person and in all. What is received is then
// checked by the content layer (server/content/writer/mediaUpload.ts: type from the bytes, sizes).
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import multer from 'multer';
import type { Request, RequestHandler } from 'express';
import { AppError } from '../schema/errors.ts';
import { PDF_LIMIT } from '../schema/fileLimits.ts';

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

/** Makes the upload handler of a route: what it checks before a file is kept, and how many files it takes. */
export type UploadParser = (beforeFile?: BeforeFile, options?: { files?: number }) => RequestHandler;

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
): UploadParser {
  const inFlight = new Map<string, number>();
  let total = 0;
  // Every temporary file a request's upload made, finished or not, so each is removed when it ends.
  const written = new WeakMap<Request, string[]>();
  // Per request: its check, and how to answer at once (multer itself reports an error only once the
  // whole body has arrived, which would keep the refused person waiting for the upload to finish).
  const checks = new WeakMap<Request, { check: BeforeFile; refuse: (e: AppError) => void }>();
  // One multer per file count a route takes (an item's form: a few; the media library: many).
  const parsers = new Map<number, ReturnType<typeof multer>>();
  const parserFor = (files: number) => {
    let made = parsers.get(files);
    if (!made) parsers.set(files, (made = makeParser(files)));
    return made;
  };
  const makeParser = (files: number) =>
    multer({
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
      limits: { fileSize: PDF_LIMIT, files, fields: 40, fieldSize: 1024 * 1024, parts: files + 46 },
    });
  return (beforeFile, options = {}) =>
    (req, res, next) => {
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
      parserFor(options.files ?? 4).any()(req, res, (err: unknown) => {
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
