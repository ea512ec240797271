// A prepared answer with its header lists made once, so that sending it is one writeHead and one end.
// The same object answers in Express (which has already set the security headers) and on the fast path
// (which sends them itself), so both paths send the same headers by construction.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Encoding, Prepared } from './prepared.ts';

export type Header = readonly [string, string];

export interface AnswerOptions {
  /** Headers of this answer: Cache-Control, Content-Security-Policy, ... */
  headers: readonly Header[];
  /** Headers that Express middleware sets before the route runs (helmet's, the API's). */
  around: readonly Header[];
  /** Sent with `Vary: Cookie`: signed-in staff get another answer at the same URL. */
  varyCookie?: boolean;
  /** False when the bytes have no known version: no ETag, never 304. */
  etag?: boolean;
  /** The status of a full answer: 200 unless said (the not-found page is sent with 404). */
  status?: number;
}

interface Lists {
  own: string[];
  full: string[];
}

const flat = (headers: readonly Header[]) => headers.flat();

export class Answer {
  private readonly base: Header[];
  private readonly notModified: Lists;
  /** Header lists by coding, and the body for the compressed ones (a large plain body is unzipped per send). */
  private readonly byEncoding = new Map<Encoding | 'identity', Lists & { body: Buffer | null }>();

  constructor(
    readonly prepared: Prepared,
    private readonly options: AnswerOptions,
  ) {
    const vary = [
      ...(prepared.encodings.length ? ['Accept-Encoding'] : []),
      ...(options.varyCookie ? ['Cookie'] : []),
    ];
    this.base = [
      ...options.headers,
      ...(options.etag === false ? [] : [['ETag', prepared.etag] as const]),
      ...(vary.length ? [['Vary', vary.join(', ')] as const] : []),
    ];
    this.notModified = this.lists(this.base);
  }

  /** `full`: with the headers Express middleware would have set (the fast path). */
  send(req: IncomingMessage, res: ServerResponse, full: boolean): void {
    const inm = requestHeader(req, 'if-none-match');
    if (inm !== undefined && this.options.etag !== false && matches(inm, this.prepared.etag)) {
      res.writeHead(304, full ? this.notModified.full : this.notModified.own);
      res.end();
      return;
    }
    const v = this.variant(chooseEncoding(requestHeader(req, 'accept-encoding'), this.prepared.encodings));
    res.writeHead(this.options.status ?? 200, full ? v.full : v.own);
    if (req.method === 'HEAD') res.end();
    else res.end(v.body ?? this.prepared.body);
  }

  private variant(enc: Encoding | null): Lists & { body: Buffer | null } {
    const key = enc ?? 'identity';
    let v = this.byEncoding.get(key);
    if (!v) {
      const encoded = enc && this.prepared.encoded(enc);
      const body = encoded || this.prepared.body;
      v = {
        body: encoded || null,
        ...this.lists([
          ...this.base,
          ['Content-Type', this.prepared.type],
          ...(encoded ? [['Content-Encoding', enc] as const] : []),
          ['Content-Length', String(body.length)],
        ]),
      };
      this.byEncoding.set(key, v);
    }
    return v;
  }

  private lists(own: readonly Header[]): Lists {
    const named = new Set(own.map(([name]) => name.toLowerCase()));
    // The route's own value wins, as when Express middleware set it first and the route set it again.
    const around = this.options.around.filter(([name]) => !named.has(name.toLowerCase()));
    return { own: flat(own), full: flat([...around, ...own]) };
  }
}

/**
 * A request header (`name` in lower case), repeated ones joined as node:http joins them. Read from
 * rawHeaders: the first use of req.headers builds an object of all of them, a cost the fast path avoids.
 */
export function requestHeader(req: IncomingMessage, name: string): string | undefined {
  const raw = req.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
  }
  return value;
}

const matches = (inm: string, etag: string) =>
  inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);

const NONE: readonly Encoding[] = [];
const PREFERENCE: readonly Encoding[] = ['br', 'gzip'];
const accepted = new Map<string, readonly Encoding[]>();

/** The content codings an Accept-Encoding header allows, best first (q=0 refuses; br wins ties). */
export function acceptedEncodings(header: string | undefined): readonly Encoding[] {
  if (!header) return NONE;
  let hit = accepted.get(header);
  if (hit) return hit;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const qParam = params.find((p) => /^q\s*=/.test(p));
    const weight = qParam ? Number(qParam.slice(qParam.indexOf('=') + 1).trim()) : 1;
    if (!Number.isNaN(weight)) q.set(name, Math.max(weight, q.get(name) ?? 0));
  }
  const weightOf = (enc: Encoding) =>
    q.get(enc) ?? (enc === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
  hit = PREFERENCE.filter((enc) => weightOf(enc) > 0).sort((a, b) => weightOf(b) - weightOf(a));
  // Headers come from clients: keep at most a few hundred of them.
  if (accepted.size >= 256) accepted.clear();
  accepted.set(header, hit);
  return hit;
}

function chooseEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!available.length) return null;
  for (const enc of acceptedEncodings(header)) if (available.includes(enc)) return enc;
  return null;
}
