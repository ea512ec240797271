// The PDF text thread: pdf.js (its build for Node) reads the text of PDFs here, off the server's main
// thread, so a long or hostile PDF costs this thread and never holds up the server's answers.
// Requests come from PdfTextThread (pdfTextThread.ts); each answer carries its request's id.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

export interface PdfTextRequest {
  id: number;
  bytes: Uint8Array;
}
export type PdfTextReply = { id: number; text: string } | { id: number; error: string };

// The fonts and character maps pdf.js reads some PDFs' text with, from its package (file paths in Node).
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dataDir = (name: string) => path.join(pdfjsDir, name) + path.sep;

/** The text of every page, whitespace collapsed to single spaces. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({
    data: bytes,
    standardFontDataUrl: dataDir('standard_fonts'),
    cMapUrl: dataDir('cmaps'),
    cMapPacked: true,
    wasmUrl: dataDir('wasm'),
    useSystemFonts: true,
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS, // a PDF's font quirks are not the server log's business
  });
  try {
    const pdf = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const { items } = await page.getTextContent();
      pages.push(
        items
          .filter((item): item is TextItem => 'str' in item)
          .map((item) => item.str + (item.hasEOL ? '\n' : ''))
          .join(''),
      );
      page.cleanup();
    }
    return pages.join('\n').replace(/\s+/g, ' ').trim();
  } finally {
    await task.destroy(); // everything pdf.js kept of this document
  }
}

parentPort?.on('message', ({ id, bytes }: PdfTextRequest) => {
  pdfText(bytes).then(
    (text) => parentPort!.postMessage({ id, text } satisfies PdfTextReply),
    (e: unknown) => parentPort!.postMessage({ id, error: (e as Error).message } satisfies PdfTextReply),
  );
});
