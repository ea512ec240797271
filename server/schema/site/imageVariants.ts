// Responsive images: which WebP variants of an image exist and how a page asks for them. Shared by
// the server (which makes and serves them, server/media/) and the page components (srcset).

/** The widths a variant can be asked for; anything else is refused, so the cache stays bounded. */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;

export interface ImageSize {
  width: number;
  height: number;
  /**
   * Where a layout that crops the picture (object-fit: cover) keeps it: its focal point as CSS
   * `object-position` ('20% 80%'), made on the server from the file's about file.
   */
  position?: string;
  /** Its stored description: the words for it where a page has none of its own. */
  alt?: string;
}

/** The CSS that keeps a picture's focal point in view where a layout crops it (object-fit: cover). */
export const focusPosition = (focus: { x: number; y: number }): string =>
  `${Math.round(focus.x * 100)}% ${Math.round(focus.y * 100)}%`;

/**
 * The variant widths worth offering for an image this wide, as [asked width, real width]: every
 * standard width below its own, and the first one at or above it, which gives the image at its own
 * width (variants are never upscaled).
 */
export function variantsFor(width: number): [number, number][] {
  const out: [number, number][] = [];
  for (const w of VARIANT_WIDTHS) {
    out.push([w, Math.min(w, width)]);
    if (w >= width) break;
  }
  return out;
}

/** A variant's address: the media URL (content-versioned by its ?v=) with the asked width. */
export function variantUrl(src: string, width: number): string {
  return `${src}${src.includes('?') ? '&' : '?'}w=${width}`;
}

/** The srcset of an image: its WebP variants by real width. */
export function srcsetFor(src: string, size: ImageSize): string {
  return variantsFor(size.width)
    .map(([asked, real]) => `${variantUrl(src, asked)} ${real}w`)
    .join(', ');
}

/** The media file (`media/…`) a same-site /media/ URL names, or null for any other address. */
export function mediaPathOf(src: string): string | null {
  if (!src.startsWith('/media/')) return null;
  const q = src.indexOf('?');
  try {
    return decodeURIComponent(src.slice(1, q < 0 ? undefined : q));
  } catch {
    return null;
  }
}
