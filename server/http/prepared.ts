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
  /** Bytes held now: the plain copy (if kept) and the compressed ones made so far. */
  readonly held: number;
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

  get held(): number {
    return (this.plain?.length ?? 0) + (this.variants.br?.length ?? 0) + (this.variants.gzip?.length ?? 0);
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

/**
 * What the cache holds at most, in bytes of answers (an entry's own cost counted too): the addresses
 * are endless (`news.php?page=<n>&size=<m>`, a language's pages), so the least recently used go.
 */
export const CACHE_BUDGET = 64 * 1024 * 1024;
/** What an entry costs besides its bytes (its key, deps, the Map's slot, the Answer made of it). */
const ENTRY_COST = 512;

interface Entry {
  deps: string[];
  value: Prepared;
  /** Its bytes when last counted (an answer compresses on first use, and may drop its plain copy). */
  bytes: number;
  /** When it was last asked for (a count of look-ups, cheaper than moving it in the Map). */
  used: number;
}

/**
 * Cache of prepared answers, keyed by endpoint + variant, dropped when their entities change, and
 * the least recently used dropped when the answers pass `budget` bytes.
 */
export class PreparedCache {
  private entries = new Map<string, Entry>();
  private changes = 0;
  private readonly lastChange = new Map<string, number>();
  private clock = 0;
  /** The bytes of the entries as last counted. */
  private bytes = 0;

  constructor(private readonly budget = CACHE_BUDGET) {}

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
    if (hit) {
      hit.used = ++this.clock;
      return hit.value;
    }
    const value = prepareJson(build());
    this.put(key, deps, value);
    return value;
  }

  /** A prepared answer of any kind (a page's HTML), for answers whose deps are known only once built. */
  peek(key: string): Prepared | undefined {
    const hit = this.entries.get(key);
    if (hit) hit.used = ++this.clock;
    return hit?.value;
  }

  put(key: string, deps: string[], value: Prepared): void {
    this.remove(key);
    const entry = { deps, value, bytes: value.held + ENTRY_COST, used: ++this.clock };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    if (this.bytes > this.budget) this.trim(entry);
  }

  /** Bytes held by the answers kept, counted now. */
  get held(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.value.held + ENTRY_COST;
    return total;
  }

  invalidate(changed: ReadonlySet<string>): void {
    this.changes++;
    for (const d of changed) this.lastChange.set(d, this.changes);
    for (const [key, entry] of this.entries) if (entry.deps.some((d) => changed.has(d))) this.remove(key);
  }

  private remove(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.bytes;
    this.entries.delete(key);
  }

  /**
   * Counts the entries again (answers compress after they are kept) and drops the least recently
   * used until they fit in three quarters of the budget, so the next few answers need no count.
   * `newest` stays: the answer just made is sent, and an answer larger than the budget is still
   * kept until the next one comes.
   */
  private trim(newest: Entry): void {
    this.bytes = 0;
    for (const entry of this.entries.values()) this.bytes += entry.bytes = entry.value.held + ENTRY_COST;
    if (this.bytes <= this.budget) return;
    const oldestFirst = [...this.entries].sort((a, b) => a[1].used - b[1].used);
    for (const [key, entry] of oldestFirst) {
      if (this.bytes <= (this.budget * 3) / 4) break;
      if (entry !== newest) this.remove(key);
    }
  }
}
