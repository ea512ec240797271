// The PDF text thread with real PDFs and real pdf.js: text comes back, a file pdf.js cannot open is
// refused without harm to the next one, and a closed thread leaves nothing running.
import { afterAll, expect, it } from 'vitest';
import { textPdf } from '../testing/textPdf.ts';
import { PdfTextThread } from './pdfTextThread.ts';

const thread = new PdfTextThread();
afterAll(async () => thread.close());

it("reads a PDF's text in its thread, whitespace collapsed", async () => {
  const pdf = textPdf(['Findings on the   quillwort cohort', 'of rural districts, 2026.']);
  expect(await thread.extract(pdf)).toBe('Findings on the quillwort cohort of rural districts, 2026.');
});

it('refuses a file that is not a PDF, and reads the next PDF all the same', async () => {
  await expect(thread.extract(Buffer.from('not a PDF at all'))).rejects.toThrow(/PDF/);
  expect(await thread.extract(textPdf(['Still reading']))).toBe('Still reading');
});

it('starts a new thread for a PDF that comes after it was closed', async () => {
  await thread.close();
  expect(await thread.extract(textPdf(['Read again']))).toBe('Read again');
});
