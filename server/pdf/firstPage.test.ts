// First-page pictures with real PDFs, real pdf.js and @napi-rs/canvas in the real PDF process: the
// picture is compared, pixel by pixel, with one the test paints itself from the same blocks (no
// pdf.js, no canvas: testing/pictures.ts); a tall or huge page stays within the size; a locked or
// damaged PDF fails in plain words and the same child draws the next one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { blocksPdf, lockedPdf, textPdf } from '../testing/textPdf.ts';
import { difference, paintBlocks, SAMPLE_PAGE } from '../testing/pictures.ts';
import { PDF_PICTURE_LIMITS, PdfProcess } from './pdfProcess.ts';

const pictures = new PdfProcess(PDF_PICTURE_LIMITS);
afterAll(() => pictures.close());
const SIZE = { width: 800, maxHeight: 2000, quality: 85 };

describe("a PDF's first page as a picture", () => {
  it('draws page 1 as a JPEG that matches the page painted independently, within a tolerance', async () => {
    const { width, height, blocks } = SAMPLE_PAGE;
    const picture = await pictures.firstPage(blocksPdf(width, height, blocks), SIZE);
    expect((await sharp(picture.jpeg).metadata()).format).toBe('jpeg');
    expect([picture.width, picture.height]).toEqual([800, 400]);
    const diff = await difference(picture.jpeg, paintBlocks(width, height, blocks, 800));
    expect(diff.mean).toBeLessThan(2);
    expect(diff.farOff).toBeLessThan(0.01);
    // The comparison sees a wrong picture: the same blocks with the halves swapped are far off.
    const swapped = blocks.map((b) => ({ ...b, x: width - b.x - b.width }));
    const wrong = await difference(picture.jpeg, paintBlocks(width, height, swapped, 800));
    expect(wrong.mean).toBeGreaterThan(40);
  });

  it('draws only the first page, text in its standard font', async () => {
    const picture = await pictures.firstPage(textPdf(['The first page of a paper']), SIZE);
    expect([picture.width, picture.height]).toEqual([800, 1035]); // US Letter, 612 × 792 pt
    const { channels, isOpaque } = await sharp(picture.jpeg).stats();
    expect(isOpaque).toBe(true);
    // White paper with a line of dark text: nearly white on average, with some dark pixels.
    expect(channels[0]!.mean).toBeGreaterThan(240);
    expect(channels[0]!.min).toBeLessThan(80);
  });

  it('keeps a very tall or very large page within the size asked for', async () => {
    const tall = await pictures.firstPage(blocksPdf(100, 10_000, []), SIZE);
    expect([tall.width, tall.height]).toEqual([20, 2000]);
    const huge = await pictures.firstPage(blocksPdf(14_400, 14_400, []), SIZE);
    expect([huge.width, huge.height]).toEqual([800, 800]);
  });

  it('says in plain words why a locked or damaged PDF cannot be drawn, then draws the next', async () => {
    await expect(pictures.firstPage(lockedPdf(), SIZE)).rejects.toThrow('it is protected with a password');
    const pid = pictures.pid;
    await expect(pictures.firstPage(Buffer.from('%PDF-1.4\nnothing else'), SIZE)).rejects.toThrow(
      'it is damaged or is not really a PDF',
    );
    const next = await pictures.firstPage(blocksPdf(200, 100, []), SIZE);
    expect([next.width, next.height]).toEqual([800, 400]);
    expect(pictures.pid).toBe(pid);
  });

  it('draws from a file the PDF process reads itself, as from the same bytes; a missing file fails plainly', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cms-first-page-'));
    try {
      const pdf = blocksPdf(SAMPLE_PAGE.width, SAMPLE_PAGE.height, SAMPLE_PAGE.blocks);
      const file = path.join(dir, 'upload-1');
      await writeFile(file, pdf);
      const fromFile = await pictures.firstPage({ file }, SIZE);
      const fromBytes = await pictures.firstPage(pdf, SIZE);
      expect([fromFile.width, fromFile.height]).toEqual([800, 400]);
      expect(fromFile.jpeg.equals(fromBytes.jpeg)).toBe(true);
      const pid = pictures.pid;
      await expect(pictures.firstPage({ file: path.join(dir, 'gone') }, SIZE)).rejects.toThrow(
        'its file could not be read',
      );
      expect((await pictures.firstPage({ file }, SIZE)).width).toBe(800);
      expect(pictures.pid).toBe(pid);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
