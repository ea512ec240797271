// The PDF process: pdf.js (its build for Node) reads the text of PDFs and draws their first pages here,
// in a process of its own that the server forks (pdfProcess.ts), so the memory pdf.js takes for a
// document is this process's, under its own limits, and given back whole when it ends. One document at
// a time; each answer carries its request's id. It never outlives the server (see the end of this file).
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import 'pdfjs-dist/legacy/build/pdf.mjs';
// pdf.js's reading half, loaded with it (it sets globalThis.pdfjsWorker, which pdf.js then uses) rather
// than imported by pdf.js on the first document: the process's modules are all loaded by its start.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { pdfText } from './pdfText.ts';
import { firstPagePicture, type FirstPageSize } from './firstPage.ts';

/** A document comes as its bytes, or as the path of a file the server made (an upload's temporary
 *  file), which this process reads itself: the server then neither reads nor serializes it. */
export type PdfSource = { bytes: Uint8Array } | { file: string };

export type PdfRequest = { id: number } & PdfSource &
  (
    | {
        job: 'text';
        /** Text past this many characters is not read: the rest of the document is left unread. */
        maxChars: number;
      }
    | { job: 'firstPage'; size: FirstPageSize }
  );
/** `ready` comes once, when pdf.js is loaded: a job's time limit counts from then, not from the start. */
export type PdfReply =
  | { ready: true }
  | { id: number; text: string; cut: boolean }
  | { id: number; jpeg: Uint8Array; width: number; height: number }
  | { id: number; error: string };

/** How often the process looks whether the server is still its parent. */
const ORPHAN_CHECK_MS = 250;

const send = (reply: PdfReply) => process.send?.(reply);

/** The document's bytes as pdf.js takes them: a plain view (IPC and readFile hand over a Buffer, which
 *  pdf.js refuses), no copy. */
async function documentBytes(source: PdfSource): Promise<Uint8Array> {
  const bytes =
    'file' in source
      ? await readFile(source.file).catch(() => Promise.reject(new Error('its file could not be read')))
      : source.bytes;
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

process.on('message', (request: PdfRequest) => {
  const { id } = request;
  const done: Promise<PdfReply> = documentBytes(request).then((data) =>
    request.job === 'text'
      ? pdfText(data, request.maxChars).then(({ text, cut }) => ({ id, text, cut }))
      : firstPagePicture(data, request.size).then((picture) => ({ id, ...picture })),
  );
  done.then(send, (e: unknown) => send({ id, error: (e as Error).message }));
});
// The server gone (stopped, or killed without a word), nothing is left to read for: this process ends
// when its IPC channel closes, or, while pdf.js is in one long step and this thread cannot hear that,
// when a small thread of its own sees it has a new parent (the server's end handed it to another).
process.on('disconnect', () => process.exit(0));
const orphanWatch = `const { workerData: parent } = require('node:worker_threads');
setInterval(() => { if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL'); }, ${ORPHAN_CHECK_MS});`;
new Worker(orphanWatch, { eval: true, workerData: process.ppid, execArgv: [] }).unref(); // no loaders, no pdf.js
send({ ready: true });
