// WebP variants of the site's images at a few widths (variants.ts), for srcset, and one picture for
// link previews (`?share=1`: 1200 × 630 JPEG, cropped around the picture's focal point). Each is
// encoded once per blob and size (and focal point), on first request, and kept outside git in
// <cacheDir>/<blob id>-<width>.webp or <blob id>-share-<x>x<y>.jpg (written to a temporary file, then
// renamed): a changed image has a new blob id, so new variants.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { blobId } from '../store/blobId.ts';
import { writeFileDurable } from '../store/durable.ts';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { prepareBody } from './prepared.ts';
import type { Answer } from './answer.ts';
import { makeEntry, pick } from './mediaFiles.ts';
import { VARIANT_WIDTHS } from '../schema/site/imageVariants.ts';
import { isImagePath } from '../media/imageSizes.ts';
import type { FocalPoint } from '../schema/mediaLibrary.ts';
import type SharpModule from 'sharp';

type ReadFile = (rel: string) => Promise<Buffer | null>;

/** Photos (JPEG, WebP): lossy at quality 75, a fifth to a half fewer bytes than the JPEG at a width. */
const QUALITY = 75;
/**
 * Graphics (PNG, GIF: a schedule, logos, icons) are encoded losslessly: text stays sharp, and lossy
 * WebP of the workshop schedule was larger than its PNG (57 KB to 53 KB) where lossless is 45 KB.
 */
const LOSSLESS = /\.(png|gif)$/i;

export class MediaVariants {
  /** How many variants were encoded (not read from the cache): tests hold the cache to it. */
  encodes = 0;
  private readonly inflight = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly index: ContentIndex,
    private readonly read: ReadFile,
    readonly cacheDir: string,
    /** A picture's focal point (its about file's), where a crop keeps it. */
    private readonly focusOf: (rel: string) => FocalPoint | undefined = () => undefined,
  ) {}

  /** The answer for `media/…?w=` (with this `?v=`), or null when there is no such variant. */
  async answer(rel: string, v: string | undefined, width: number): Promise<Answer | null> {
    if (!(VARIANT_WIDTHS as readonly number[]).includes(width) || !isImagePath(rel)) return null;
    const blob = this.index.mediaVersion(rel);
    if (!blob) return null;
    const bytes = await this.variant(rel, blob, { width });
    if (!bytes) return null;
    return pick(makeEntry(prepareBody(bytes, 'image/webp', {}, `"${blob}-${width}"`), blob), v);
  }

  /** The link-preview picture of `media/…?share=1`: 1200 × 630, cropped around its focal point. */
  async shareAnswer(rel: string, v: string | undefined): Promise<Answer | null> {
    if (!isImagePath(rel)) return null;
    const blob = this.index.mediaVersion(rel);
    if (!blob) return null;
    const focus = this.focusOf(rel) ?? { x: 0.5, y: 0.5 };
    const bytes = await this.variant(rel, blob, { share: focus });
    if (!bytes) return null;
    const version = `share-${focusName(focus)}-${blob}`;
    // Its address names the picture's bytes, not the crop: a moved focal point must show, so the
    // answer is revalidated (by its ETag), never cached for good.
    return pick(makeEntry(prepareBody(bytes, 'image/jpeg', {}, `"${version}"`), version), v);
  }

  /**
   * Removes the variants of images that are no longer the site's (replaced or deleted: a variant is
   * only ever read for its image's current blob) and temporary files a stopped server left behind.
   */
  async sweep(): Promise<number> {
    const current = new Set<string>();
    for (const rel of this.index.knownPaths()) {
      const blob = rel.startsWith('media/') ? this.index.mediaVersion(rel) : undefined;
      if (blob) current.add(blob);
    }
    const names = await readdir(this.cacheDir).catch(() => [] as string[]);
    const stale = names.filter((name) => {
      const kept = /^([0-9a-f]{40})-(?:\d+\.webp|share-[0-9.]+x[0-9.]+\.jpg)$/.exec(name);
      return kept ? !current.has(kept[1]!) : name.endsWith('.tmp') && !this.inflightTemp(name);
    });
    await Promise.all(stale.map((name) => rm(path.join(this.cacheDir, name), { force: true })));
    return stale.length;
  }

  /** Whether a temporary file belongs to an encoding still under way (not to be swept). */
  private inflightTemp(name: string): boolean {
    // writeFileDurable's temporary name: `.<name>.<random>.tmp` beside the file.
    return [...this.inflight.keys()].some((file) => name.startsWith(`.${path.basename(file)}.`));
  }

  /** Where a variant is kept. */
  fileOf(blob: string, size: number | Size): string {
    if (typeof size === 'number') return path.join(this.cacheDir, `${blob}-${size}.webp`);
    if ('width' in size) return this.fileOf(blob, size.width);
    return path.join(this.cacheDir, `${blob}-share-${focusName(size.share)}.jpg`);
  }

  private async variant(rel: string, blob: string, size: Size): Promise<Buffer | null> {
    const file = this.fileOf(blob, size);
    const kept = await readFile(file).catch(() => null);
    if (kept) return kept;
    let job = this.inflight.get(file);
    if (!job) {
      job = this.encode(rel, blob, size, file).finally(() => this.inflight.delete(file));
      this.inflight.set(file, job);
    }
    return job;
  }

  private async encode(rel: string, blob: string, size: Size, file: string): Promise<Buffer | null> {
    const original = await this.read(rel);
    // The file changed since the index saw it: the page will ask for the new version's variants.
    if (!original || blobId(original) !== blob) return null;
    let bytes: Buffer;
    try {
      // Loaded on first use: the server starts without it.
      const { default: sharp } = await import('sharp');
      if ('share' in size) bytes = await shareCrop(sharp, original, size.share);
      // animated: a GIF keeps its frames (WebP animates too); autoOrient applies EXIF rotation.
      else
        bytes = await sharp(original, { animated: true })
          .autoOrient()
          .resize({ width: size.width, withoutEnlargement: true })
          .webp(LOSSLESS.test(rel) ? { lossless: true } : { quality: QUALITY })
          .toBuffer();
    } catch {
      return null; // not an image sharp can read
    }
    this.encodes++;
    // Flushed before it is named, so a crash cannot leave a truncated variant served for good.
    await writeFileDurable(file, bytes, { syncFolder: false }).catch(
      () => undefined, // served all the same; encoded again next time
    );
    return bytes;
  }
}

type Size = { width: number } | { share: FocalPoint };
type Sharp = typeof SharpModule;

/** A link preview's size (Open Graph's recommended 1.91:1). */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

const focusName = (f: FocalPoint) => `${Math.round(f.x * 100) / 100}x${Math.round(f.y * 100) / 100}`;

/**
 * The picture scaled to cover 1200 × 630 and cropped there, the focal point as near the middle as
 * the picture's edges allow.
 */
async function shareCrop(sharp: Sharp, original: Buffer, focus: FocalPoint): Promise<Buffer> {
  const oriented = await sharp(original).autoOrient().toBuffer({ resolveWithObject: true });
  const { width, height } = oriented.info;
  const scale = Math.max(SHARE_WIDTH / width, SHARE_HEIGHT / height);
  const w = Math.max(SHARE_WIDTH, Math.round(width * scale));
  const h = Math.max(SHARE_HEIGHT, Math.round(height * scale));
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  const left = clamp(Math.round(focus.x * w - SHARE_WIDTH / 2), w - SHARE_WIDTH);
  const top = clamp(Math.round(focus.y * h - SHARE_HEIGHT / 2), h - SHARE_HEIGHT);
  return sharp(oriented.data)
    .resize(w, h)
    .extract({ left, top, width: SHARE_WIDTH, height: SHARE_HEIGHT })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
