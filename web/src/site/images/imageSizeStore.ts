// Images' real sizes in the browser: arriving with the page's data (pageDataClient.ts) before it is
// hydrated or drawn, so an image is drawn with the same width, height and srcset as on the server.
import type { ImageSize } from '../../../../server/schema/site/imageVariants.ts';

const sizes = new Map<string, ImageSize>();
/** Above this many the oldest are let go (a long visit through many pages). */
const MAX_SIZES = 2000;

export function addImageSizes(more: Readonly<Record<string, ImageSize>> | undefined): void {
  for (const [src, size] of Object.entries(more ?? {})) {
    sizes.delete(src);
    sizes.set(src, size);
  }
  for (const src of sizes.keys()) {
    if (sizes.size <= MAX_SIZES) break;
    sizes.delete(src);
  }
}

export const knownImageSize = (src: string): ImageSize | undefined => sizes.get(src);
