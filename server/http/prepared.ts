// Read answers are prepared once per content change: body, ETag and compressed variants, then reused.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export interface Prepared {
  readonly body: Buffer;
  readonly etag: string;
  readonly type: string;
  /** The content codings it can be sent in besides identity. */
  readonly encodings: readonly Encoding[];
  /** The body in this content coding, or null when it has none (small or already compressed bodies). */
  encoded(enc: Encoding): Buffer | null;
}

/** Below this a compressed copy saves less than its own headers cost. */
const MIN_COMPRESS = 1024;
/** Brotli's best quality costs ~1 s per 600 KB; above this size quality 6 gives most of its gain in ms. */
const BEST_BROTLI_UP_TO = 16 * 1024;
/**
 * Above this a body made here is kept gzipped only once a client asked for a compressed copy: its
 * plain copy is ~10× the size and almost no client asks for it (at 10,000 items the news page and
 * lists held 38 MB of plain copies beside 3 MB compressed). A plain answer unzips it, ms per MB.
 */
const KEEP_ZIPPED_ABOVE = 256 * 1024;

export const etagOf = (body: Buffer) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

const compressors: Record<Encoding, (body: Buffer) => Buffer> = {
  gzip: (body) => gzipSync(body, { level: 6 }),
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: body.length <= BEST_BROTLI_UP_TO ? 11 : 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
};

/** Ready compressed bodies, or 'compress' to make them on first use when the body is large enough. */
type Variants = Partial<Record<Encoding, Buffer>> | 'compress';

class PreparedBody implements Prepared {
  readonly etag: string;
  readonly encodings: readonly Encoding[];
  private readonly variants: Partial<Record<Encoding, Buffer | null>>;
  /** The plain bytes, or null once only the gzipped copy is kept. */
  private plain: Buffer | null;
  /** Large and compressed here: the plain copy goes once a compressed one is asked for. */
  private readonly zipOnce: boolean;

  constructor(
    body: Buffer,
    readonly type: string,
    variants: Variants,
    etag?: string,
  ) {
    this.etag = etag ?? etagOf(body);
    this.variants =
      variants !== 'compress'
        ? { br: variants.br ?? null, gzip: variants.gzip ?? null }
        : body.length > MIN_COMPRESS
          ? {}
          : { br: null, gzip: null };
    this.encodings = (['br', 'gzip'] as const).filter((enc) => this.variants[enc] !== null);
    this.plain = body;
    this.zipOnce = variants === 'compress' && body.length > KEEP_ZIPPED_ABOVE;
  }

  get body(): Buffer {
    return this.plain ?? gunzipSync(this.variants.gzip!);
  }

  encoded(enc: Encoding): Buffer | null {
    let v = this.variants[enc];
    // Made when a client first asks for it, so an encoding nobody uses costs nothing (a page drawn
    // again before anyone asked for it was never compressed).
    if (v === undefined) v = this.variants[enc] = compressors[enc](this.body);
    if (this.zipOnce && this.plain) {
      this.variants.gzip ??= compressors.gzip(this.plain);
      this.plain = null;
    }
    return v;
  }
}

/** `etag`: when the bytes have a version of their own (a media file's blob id). */
export function prepareBody(
  body: Buffer,
  type: string,
  variants: Variants = 'compress',
  etag?: string,
): Prepared {
  return new PreparedBody(body, type, variants, etag);
}

export function prepareJson(value: unknown): Prepared {
  return prepareBody(Buffer.from(JSON.stringify(value)), 'application/json; charset=utf-8');
}

/** Cache of prepared answers, keyed by endpoint + variant, dropped when their entities change. */
export class PreparedCache {
  private entries = new Map<string, { deps: string[]; value: Prepared }>();
  private changes = 0;
  private readonly lastChange = new Map<string, number>();

  /** Where the changes stand now: an answer made over several turns checks it with changedSince(). */
  mark(): number {
    return this.changes;
  }

  /** Whether one of `deps` changed after `mark` (an answer made from what came before is not kept). */
  changedSince(mark: number, deps: readonly string[]): boolean {
    return deps.some((d) => (this.lastChange.get(d) ?? 0) > mark);
  }

  get(key: string, deps: string[], build: () => unknown): Prepared {
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const value = prepareJson(build());
    this.entries.set(key, { deps, value });
    return value;
  }

  /** A prepared answer of any kind (a page's HTML), for answers whose deps are known only once built. */
  peek(key: string): Prepared | undefined {
    return this.entries.get(key)?.value;
  }

  put(key: string, deps: string[], value: Prepared): void {
    this.entries.set(key, { deps, value });
  }

  invalidate(changed: ReadonlySet<string>): void {
    this.changes++;
    for (const d of changed) this.lastChange.set(d, this.changes);
    for (const [key, entry] of this.entries)
      if (entry.deps.some((d) => changed.has(d))) this.entries.delete(key);
  }
}
