// The PDF process: pdf.js (its build for Node) reads the text of PDFs here, in a process of its
// own that the server forks (pdfProcess.ts), so the memory pdf.js takes for a document is this
// process's, under its own limits, and given back whole when it ends. One document at a time; each
// answer carries its request's id. It never outlives the server (see the end of this file).
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
// pdf.js's reading half, loaded with it (it sets globalThis.pdfjsWorker, which pdf.js then uses) rather
// than imported by pdf.js on the first document: the process's modules are all loaded by its start.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

export interface PdfRequest {
  id: number;
  bytes: Uint8Array;
  /** Text past this many characters is not read: the rest of the document is left unread. */
  maxChars: number;
}
/** `ready` comes once, when pdf.js is loaded: a job's time limit counts from then, not from the start. */
export type PdfReply =
  { ready: true } | { id: number; text: string; cut: boolean } | { id: number; error: string };

/** How often the process looks whether the server is still its parent. */
const ORPHAN_CHECK_MS = 250;

// The fonts and character maps pdf.js reads some PDFs' text with, from its package (file paths in Node).
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dataDir = (name: string) => path.join(pdfjsDir, name) + path.sep;

/** The text of every page, whitespace collapsed to single spaces, up to `maxChars` characters. */
async function pdfText(bytes: Uint8Array, maxChars: number): Promise<{ text: string; cut: boolean }> {
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
    let text = '';
    for (let n = 1; n <= pdf.numPages && text.length <= maxChars; n++) {
      const page = await pdf.getPage(n);
      const { items } = await page.getTextContent();
      const pageText = items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => item.str + (item.hasEOL ? '\n' : ''))
        .join('');
      text += (n > 1 ? '\n' : '') + pageText.replace(/\s+/g, ' ');
      page.cleanup();
    }
    text = text.replace(/\s+/g, ' ').trim();
    if (text.length <= maxChars) return { text, cut: false };
    return { text: text.slice(0, maxChars).replace(/\s+\S*$/, ''), cut: true }; // not in mid-word
  } finally {
    await task.destroy(); // everything pdf.js kept of this document
  }
}

const send = (reply: PdfReply) => process.send?.(reply);

process.on('message', ({ id, bytes, maxChars }: PdfRequest) => {
  // A view of the bytes as they came (IPC may hand over a Buffer, which pdf.js refuses): no copy.
  pdfText(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), maxChars).then(
    ({ text, cut }) => send({ id, text, cut }),
    (e: unknown) => send({ id, error: (e as Error).message }),
  );
});
// The server gone (stopped, or killed without a word), nothing is left to read for: this process ends
// when its IPC channel closes, or, while pdf.js is in one long step and this thread cannot hear that,
// when a small thread of its own sees it has a new parent (the server's end handed it to another).
process.on('disconnect', () => process.exit(0));
const orphanWatch = `const { workerData: parent } = require('node:worker_threads');
setInterval(() => { if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL'); }, ${ORPHAN_CHECK_MS});`;
new Worker(orphanWatch, { eval: true, workerData: process.ppid, execArgv: [] }).unref(); // no loaders, no pdf.js
send({ ready: true });
