// Request body parsing, added per route after the checks that decide whether the body is wanted at
// all: nothing is read for a caller who is not signed in or not on the site's own pages.
import express, { type RequestHandler } from 'express';
import { CONTENT_FILE_LIMIT } from '../schema/fileLimits.ts';
import { AppError } from '../schema/errors.ts';

/** Deepest nesting of arrays and objects read from JSON; deeper bodies are refused with 400. */
export const MAX_JSON_DEPTH = 32;

/** Largest bodies read, in bytes. */
export const SIGN_IN_LIMIT = 8 * 1024;
export const CONTACT_LIMIT = 10 * 1024;
/** A write's body is at most what a content file may hold. */
export const WRITE_LIMIT = CONTENT_FILE_LIMIT;

const READABLE_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii', 'iso-8859-1', 'latin1']);
const UNREADABLE_CHARSET =
  'What you sent uses a text encoding this site does not read. Please send it as UTF-8.';
const TOO_DEEP = 'What you sent is nested too deeply to be read.';

/**
 * Whether JSON text nests arrays and objects deeper than `max`, from a scan of its bytes (brackets
 * inside strings do not count). Cheap next to JSON.parse, which would build every level first.
 */
export function jsonNestedDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next byte is escaped, even a quote
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Refuses (415) bodies declaring a character set other than UTF-8, ASCII or Latin-1: the parsers would
 * decode UTF-7 or UTF-16, letting text through in a form no check on the way in expects.
 */
export const readableCharsetOnly: RequestHandler = (req, _res, next) => {
  const m = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(req.get('content-type') ?? '');
  const charset = m?.[1]?.toLowerCase();
  if (charset !== undefined && !READABLE_CHARSETS.has(charset)) {
    return next(new AppError(415, UNREADABLE_CHARSET));
  }
  next();
};

const refuseDeepJson = (_req: unknown, _res: unknown, bytes: Buffer) => {
  if (jsonNestedDeeperThan(bytes, MAX_JSON_DEPTH)) throw new AppError(400, TOO_DEEP);
};

/**
 * A body declared larger than `limit` is refused at once (413), before a byte of it is read; so is,
 * on public routes, a body that does not declare its length (browsers always do). Signed-in writes
 * leave multipart bodies to the upload parser and its own limits.
 */
const sizeWithin =
  (limit: number, signedIn: boolean): RequestHandler =>
  (req, _res, next) => {
    if (signedIn && req.is('multipart/form-data')) return next();
    const declared = req.get('content-length');
    if (declared === undefined && req.get('transfer-encoding') !== undefined && !signedIn) {
      return next(new AppError(400, 'This request did not say how large it is, so it was refused.'));
    }
    next(Number(declared ?? 0) > limit ? new AppError(413, 'What you sent is too large.') : undefined);
  };

/**
 * Reads JSON and form bodies of at most `limit` bytes (larger: 413); other kinds of body are left
 * unread. `signedIn`: the route has already checked the session (and takes multipart uploads).
 */
export const readBodies = (limit: number, { signedIn = false } = {}): RequestHandler[] => [
  sizeWithin(limit, signedIn),
  readableCharsetOnly,
  express.json({ limit, verify: refuseDeepJson }),
  express.urlencoded({ extended: false, limit }),
];

/**
 * Reads a file sent as the whole body (a spreadsheet to import), of any declared type, as bytes: at
 * most `limit` (larger: 413). Behind a session check, as every signed-in write.
 */
export const readFileBody = (limit: number): RequestHandler[] => [
  sizeWithin(limit, true),
  readableCharsetOnly,
  express.raw({ type: () => true, limit }),
];
