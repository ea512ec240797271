// The one HTTP client of the web app: every call goes to the project's own /api/, always asks for
// media as URLs and items as stored values (`shape=typed`: booleans and readable names, not the
// documented endpoints' '0'/'1' and codes), gives up after 15 s (DESIGN decision 9) and turns JSON
// errors into ApiError.
import { SOURCE_LANGUAGE } from '../../../server/schema/site/languages.ts';

export const API_TIMEOUT_MS = 15_000;

export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  /** The whole error answer, for what some calls add beside `error` and `fields` (a 409's conflicts). */
  readonly answer: Record<string, unknown> | undefined;
  constructor(
    message: string,
    status: number,
    fields?: Record<string, string>,
    answer?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.answer = answer;
  }
}

/** `/api/<endpoint>` with `media=url&shape=typed` added to whatever query the endpoint already has. */
export function apiUrl(endpoint: string): string {
  const path = endpoint.replace(/^\/+/, '').replace(/^api\//, '');
  return `/api/${path}${path.includes('?') ? '&' : '?'}media=url&shape=typed`;
}

// The language the public site's reads answer in (issue 36): set once by the public site at start
// (App.tsx) for a page under /es/; never by the admin app, whose reads are always the source items.
let readLanguage: string | undefined;

/** Reads (GET) ask for items in `lang` from now on; undefined (or English) asks for the source items. */
export function setReadLanguage(lang: string | undefined): void {
  readLanguage = lang && lang !== SOURCE_LANGUAGE ? lang : undefined;
}

/** apiUrl of a read, in the read language when one is set (`lang=es`). */
export const readUrl = (endpoint: string): string =>
  readLanguage ? `${apiUrl(endpoint)}&lang=${encodeURIComponent(readLanguage)}` : apiUrl(endpoint);

interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
}

async function request<T>(endpoint: string, opts: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('Request timed out', 'TimeoutError')),
    API_TIMEOUT_MS,
  );
  const onOuterAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    const res = await fetch(opts.method === 'POST' ? apiUrl(endpoint) : readUrl(endpoint), {
      method: opts.method ?? 'GET',
      headers:
        opts.body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'same-origin',
      // Revalidate with the server's ETag every time, so a change announced by the stream shows.
      cache: 'no-cache',
      signal: controller.signal,
    });
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: handled below */
    }
    if (!res.ok) {
      const err = json as { error?: unknown; fields?: Record<string, string> } | undefined;
      const message = typeof err?.error === 'string' ? err.error : `Request failed (${res.status})`;
      throw new ApiError(message, res.status, err?.fields);
    }
    if (json === undefined) throw new ApiError('The server sent an unreadable answer', res.status);
    return json as T;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (controller.signal.aborted && !opts.signal?.aborted)
      throw new ApiError('The server took too long to answer', 0);
    if (opts.signal?.aborted) throw e;
    throw new ApiError('The server could not be reached', 0);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}

export const getJson = <T>(endpoint: string, signal?: AbortSignal) => request<T>(endpoint, { signal });
export const postJson = <T>(endpoint: string, body: unknown, signal?: AbortSignal) =>
  request<T>(endpoint, { method: 'POST', body, signal });
