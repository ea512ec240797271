// The admin's writes. Reads go through the shared client (web/src/lib/api.ts, GET only); writes need
// PUT and DELETE, upload progress and the 409 answer's newer version, so they use XMLHttpRequest:
// its upload.onprogress is what lets every upload show a progress bar.
import { ApiError, apiUrl, getJson } from '../lib/api.ts';

export { ApiError, getJson };

/**
 * A stored value as the app reads it: text, an ISO date or time, a media URL, a readable name, a
 * yes/no, a number (how many), or a list's items (each a set of such values, or a plain value).
 */
export type FieldValue = string | boolean | number | ListValue;
/** A list field's value: its items in order (a page's sections, a menu's links). */
export type ListValue = (FieldValue | ListItemValue)[];
export interface ListItemValue {
  [key: string]: FieldValue;
}

/**
 * An item as the app reads it (`shape=typed` and the admin's own API): stored names and values,
 * every declared field present, plus id and version. Never the documented wire's '0'/'1' or codes.
 */
export type AdminItem = { id: string; version: string } & Record<string, FieldValue>;

/** A save or delete refused because someone else saved first: `current` is their version. */
export class ConflictError extends ApiError {
  readonly current: AdminItem;
  constructor(message: string, current: AdminItem) {
    super(message, 409);
    this.name = 'ConflictError';
    this.current = current;
  }
}

/** A 429 answer: the server asks to wait `retryAfterMs` before trying again (its Retry-After). */
export class RetryLaterError extends ApiError {
  readonly retryAfterMs: number;
  constructor(message: string, retryAfterMs: number, answer?: Record<string, unknown>) {
    super(message, 429, undefined, answer);
    this.name = 'RetryLaterError';
    this.retryAfterMs = retryAfterMs;
  }
}

/** Waited when a 429 names no time (or a time past this cap): a second, at most a minute. */
const RETRY_DEFAULT_MS = 1000;
const RETRY_MAX_MS = 60_000;

/** A Retry-After header (seconds, or an HTTP date) as milliseconds to wait from `now`. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  const value = header?.trim() ?? '';
  let ms = RETRY_DEFAULT_MS;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else if (value && !Number.isNaN(Date.parse(value))) ms = Date.parse(value) - now;
  return Math.min(Math.max(ms, 0), RETRY_MAX_MS);
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SendOptions {
  /** Called with 0..1 while the request body uploads (multipart only). */
  onProgress?: (fraction: number) => void;
}

/** Plain-words message for a status the server did not explain. */
function fallbackMessage(status: number): string {
  if (status === 0) return 'The server could not be reached. Check your connection and try again.';
  if (status === 401) return 'You are signed out. Please sign in again.';
  if (status === 413) return 'The file is too large.';
  if (status === 429) return 'Too many attempts. Please wait a few minutes and try again.';
  if (status >= 500) return 'Something went wrong on the server. Please try again.';
  return `The request failed (${status}).`;
}

/** The messages 401 answers gave: shown errors that only said "sign in" go once the editor has. */
const signedOutMessages = new Set<string>([fallbackMessage(401)]);
export const saysSignedOut = (message: string | null | undefined): boolean =>
  !!message && signedOutMessages.has(message);

let onUnauthorized: () => void = () => undefined;
let onSetUpTwoFactor: () => void = () => undefined;
/**
 * Lets the sign-in state hear about a 401, and about a 403 that says two-step sign-in must be set up
 * first (required for the role since this tab opened), without this module importing it.
 */
export function setUnauthorizedHandler(fn: () => void, setUpTwoFactor?: () => void): void {
  onUnauthorized = fn;
  if (setUpTwoFactor) onSetUpTwoFactor = setUpTwoFactor;
}

const TIMEOUT_MS = 15_000;
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * Sends JSON (a plain object), multipart (FormData) or a file as the whole body (a Blob: a spreadsheet
 * to import) to /api/<endpoint>; resolves with the JSON answer.
 */
export function send<T = unknown>(
  method: Method,
  endpoint: string,
  body?: Record<string, unknown> | FormData | Blob,
  opts: SendOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(endpoint));
    xhr.setRequestHeader('Accept', 'application/json');
    const multipart = body instanceof FormData || body instanceof Blob;
    xhr.timeout = multipart ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS;
    if (multipart && opts.onProgress) {
      const report = opts.onProgress;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) report(e.loaded / e.total);
      };
      xhr.upload.onload = () => report(1);
    }
    xhr.onload = () => {
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve((json ?? {}) as T);
      const err = (json ?? {}) as { error?: unknown; fields?: Record<string, string>; current?: AdminItem };
      const message = typeof err.error === 'string' && err.error ? err.error : fallbackMessage(xhr.status);
      if (xhr.status === 401) {
        signedOutMessages.add(message);
        onUnauthorized();
      }
      if (xhr.status === 403 && (json as { setUpTwoFactor?: unknown } | undefined)?.setUpTwoFactor === true)
        onSetUpTwoFactor();
      if (xhr.status === 409 && err.current) return reject(new ConflictError(message, err.current));
      if (xhr.status === 429)
        return reject(
          new RetryLaterError(
            message,
            retryAfterMs(xhr.getResponseHeader('Retry-After')),
            json as Record<string, unknown> | undefined,
          ),
        );
      reject(new ApiError(message, xhr.status, err.fields, json as Record<string, unknown> | undefined));
    };
    xhr.onerror = () => reject(new ApiError(fallbackMessage(0), 0));
    xhr.ontimeout = () => reject(new ApiError('The server took too long to answer. Please try again.', 0));
    if (body === undefined) xhr.send();
    else if (body instanceof Blob) {
      xhr.setRequestHeader('Content-Type', body.type || 'application/octet-stream');
      xhr.send(body);
    } else if (multipart) xhr.send(body);
    else {
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.send(JSON.stringify(body));
    }
  });
}

/** A user-facing message for anything a request threw. */
export function messageOf(e: unknown): string {
  if (e instanceof Error && e.message) return e.message;
  return 'Something went wrong. Please try again.';
}

/** Field messages from a 400 answer, keyed by stored field name. */
export function fieldErrorsOf(e: unknown): Record<string, string> {
  return e instanceof ApiError && e.fields ? e.fields : {};
}
