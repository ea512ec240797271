// Pictures drawn by the tests themselves, to compare what the server drew against: the coloured blocks
// of blocksPdf (textPdf.ts), painted pixel by pixel here without pdf.js or any canvas, and a measure of
// how far a picture (any format sharp reads) is from one.
import sharp from 'sharp';
import type { Block } from './textPdf.ts';

export interface RawPicture {
  width: number;
  height: number;
  /** RGB, three bytes a pixel, row after row. */
  rgb: Buffer;
}

/** The page of `blocksPdf(pageWidth, pageHeight, blocks)` painted at `width` pixels across, on white. */
export function paintBlocks(
  pageWidth: number,
  pageHeight: number,
  blocks: Block[],
  width: number,
): RawPicture {
  const scale = width / pageWidth;
  const height = Math.round(pageHeight * scale);
  const rgb = Buffer.alloc(width * height * 3, 255);
  for (const b of blocks) {
    const [x0, x1] = [Math.round(b.x * scale), Math.round((b.x + b.width) * scale)];
    const [y0, y1] = [Math.round(b.y * scale), Math.round((b.y + b.height) * scale)];
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) rgb.set(b.rgb, (y * width + x) * 3);
  }
  return { width, height, rgb };
}

/** How `picture` differs from `reference`, pixel by pixel: the mean difference of a channel (0–255), and
 *  the share of pixels with a channel more than 48 off (edges and JPEG's blocks give a few). Pictures of
 *  different sizes are as far apart as can be. */
export async function difference(
  picture: Buffer,
  reference: RawPicture,
): Promise<{ mean: number; farOff: number; width: number; height: number }> {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  if (width !== reference.width || height !== reference.height)
    return { mean: 255, farOff: 1, width, height };
  let sum = 0;
  let far = 0;
  for (let p = 0; p < width * height; p++) {
    let worst = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(data[p * 3 + c]! - reference.rgb[p * 3 + c]!);
      sum += d;
      worst = Math.max(worst, d);
    }
    if (worst > 48) far++;
  }
  return { mean: sum / (width * height * 3), farOff: far / (width * height), width, height };
}

/** Three blocks on a 400 × 200 pt page (green over red on the left, blue on the right): a picture
 *  whose halves and corners show at once if a page were drawn mirrored, flipped or cut. */
export const SAMPLE_PAGE = {
  width: 400,
  height: 200,
  blocks: [
    { x: 200, y: 0, width: 200, height: 200, rgb: [30, 60, 200] },
    { x: 0, y: 0, width: 200, height: 100, rgb: [20, 160, 60] },
    { x: 0, y: 100, width: 200, height: 100, rgb: [200, 30, 40] },
  ] satisfies Block[] as Block[],
};
