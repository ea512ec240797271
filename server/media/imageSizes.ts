// The real width and height of the site's images (what pages put on <img> so nothing shifts as they
// load), read once per blob with sharp's metadata and kept in memory by blob id: a changed image has
// a new blob id, so a size is never stale. Reading is asynchronous; a page rendered before an image's
// size is known is made again once it is (onMeasured).
import { blobId } from '../store/blobId.ts';
import { nextTurn, pacer, type Turn } from '../store/turns.ts';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import type { ImageSize } from '../schema/site/imageVariants.ts';

/** The cache dependency of pages drawn before all their images' sizes were known. */
export const IMAGE_SIZES_DEP = 'image-sizes';

export const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);

export const isImagePath = (rel: string) => IMAGE_EXTENSIONS.has(rel.split('.').pop()!.toLowerCase());

type ReadFile = (rel: string) => Promise<Buffer | null>;

export class ImageSizes {
  private readonly sizes = new Map<string, ImageSize | null>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly index: ContentIndex,
    private readonly read: ReadFile,
  ) {}

  /** The image's size as shown (EXIF orientation applied), or undefined while it is not known. */
  size(rel: string): ImageSize | undefined {
    const blob = this.index.mediaVersion(rel);
    if (!blob || !isImagePath(rel)) return undefined;
    const known = this.sizes.get(blob);
    if (known !== undefined) return known ?? undefined;
    void this.measure(rel);
    return undefined;
  }

  /** Reads the size of the image's current blob, once per blob however many ask at once. */
  measure(rel: string): Promise<void> {
    const blob = this.index.mediaVersion(rel);
    if (!blob || this.sizes.has(blob)) return Promise.resolve();
    let job = this.pending.get(blob);
    if (!job) {
      job = this.readSize(rel, blob).finally(() => this.pending.delete(blob));
      this.pending.set(blob, job);
    }
    return job;
  }

  /** Sizes of every image the index knows that are not known yet (at start, after an upload). */
  async warm(turn: Turn = nextTurn): Promise<void> {
    const pace = pacer(turn);
    for (const rel of this.index.knownPaths()) {
      if (rel.startsWith('media/') && isImagePath(rel)) await this.measure(rel);
      await pace();
    }
  }

  onMeasured(listener: () => void): void {
    this.listeners.add(listener);
  }

  private async readSize(rel: string, blob: string): Promise<void> {
    let size: ImageSize | null = null;
    try {
      const bytes = await this.read(rel);
      if (bytes && blobId(bytes) === blob) {
        const { default: sharp } = await import('sharp');
        const meta = await sharp(bytes).metadata();
        const { width, height } = meta.autoOrient;
        if (width > 0 && height > 0) size = { width, height };
      }
    } catch {
      size = null; // not an image sharp can read: shown without a size, as before
    }
    // Only the version the index still announces (the file may have changed while it was read).
    if (size === null && this.index.mediaVersion(rel) !== blob) return;
    this.sizes.set(blob, size);
    for (const l of this.listeners) l();
  }
}
