// A PDF's first page drawn as a JPEG, by pdf.js on the canvas it draws with in Node (@napi-rs/canvas),
// in the PDF process (pdfChild.ts): the picture a paper shows when staff upload its PDF alone.
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { openPdf, whyUnreadable } from './openPdf.ts';

export interface FirstPageSize {
  /** The picture's width in pixels (a page narrower than it is tall keeps this width). */
  width: number;
  /** The tallest picture made: a very tall page is drawn smaller, so the canvas stays bounded. */
  maxHeight: number;
  /** JPEG quality, 1–100. */
  quality: number;
}

export interface FirstPagePicture {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

/** pdf.js's canvas factory in Node: canvases of @napi-rs/canvas, which it also draws patterns on. */
interface NodeCanvasFactory {
  create(width: number, height: number): { canvas: Canvas; context: SKRSContext2D };
}

/** Page 1 drawn to fit `size` (white under it, as a viewer shows it); fails in plain words. */
export async function firstPagePicture(bytes: Uint8Array, size: FirstPageSize): Promise<FirstPagePicture> {
  const task = openPdf(bytes);
  try {
    const pdf = await task.promise.catch((e: unknown) => Promise.reject(new Error(whyUnreadable(e))));
    const page = await pdf.getPage(1);
    const { width, height } = page.getViewport({ scale: 1 });
    if (!(width > 0 && height > 0)) throw new Error('its first page has no size');
    const viewport = page.getViewport({ scale: Math.min(size.width / width, size.maxHeight / height) });
    const w = Math.max(1, Math.round(viewport.width));
    const h = Math.max(1, Math.round(viewport.height));
    const { canvas, context } = (pdf.canvasFactory as NodeCanvasFactory).create(w, h);
    await page
      .render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as never, viewport })
      .promise.catch((e: unknown) => Promise.reject(new Error(whyUnreadable(e))));
    const jpeg = await canvas.encode('jpeg', size.quality);
    return { jpeg, width: w, height: h };
  } finally {
    await task.destroy();
  }
}
