// The server's side of the PDF text thread (pdfTextWorker.ts): started on the first PDF, ended once it
// has had nothing to do for a while, so pdf.js takes memory only while PDFs are being read.
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { PdfTextReply, PdfTextRequest } from './pdfTextWorker.ts';

/** An idle thread is ended after this long (the next PDF starts a new one): pdf.js holds about 20× a
 *  large PDF's size off its heap while it reads it, and that is given back only when the thread ends. */
const IDLE_MS = 5_000;
/** A PDF not read in this time is given up on, and its thread ended (pdf.js may be stuck in it). */
const TIME_LIMIT_MS = 120_000;
/** Heap the thread may use: a PDF that needs more ends the thread, not the server. */
const HEAP_MB = 512;

/** The thread: in the bundle (scripts/build/server.ts) its own entry, beside this module's chunk. */
function newThread(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts'))
    // vite-ignore: Vite (vitest's jsdom suites import the server too) must not bundle a Node thread.
    return new Worker(new URL(/* @vite-ignore */ './pdfTextWorker.js', import.meta.url), options);
  // Run from TypeScript (tests, npm run dev): Node 20 does not apply --import loaders to a thread's
  // own file, so the thread starts with a line that loads its TypeScript file through tsx.
  const file = JSON.stringify(new URL('./pdfTextWorker.ts', import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(/* @vite-ignore */ `import(${tsx}).then((tsx) => tsx.tsImport(${file}, ${file}))`, {
    ...options,
    eval: true,
  });
}

interface Pending {
  resolve(text: string): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout;
}

export class PdfTextThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;

  /** The text of a PDF (whitespace collapsed); rejects when pdf.js cannot read it. */
  extract(pdf: Buffer): Promise<string> {
    const worker = this.start();
    const id = this.nextId++;
    const bytes = new Uint8Array(pdf); // a copy of its own, handed over to the thread without another
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(worker, new Error('reading it took too long')), TIME_LIMIT_MS);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, bytes } satisfies PdfTextRequest, [bytes.buffer]);
    });
  }

  /** Ends the thread; a PDF being read is given up on. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (worker) {
      this.fail(worker, new Error('the server is stopping'));
      await worker.terminate();
    }
  }

  private start(): Worker {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (this.worker) {
      this.worker.ref();
      return this.worker;
    }
    const worker = newThread({ resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    worker.on('message', (reply: PdfTextReply) => this.answer(reply));
    worker.on('error', (e) => this.fail(worker, e));
    worker.on('exit', () => this.fail(worker, new Error('the PDF text thread stopped')));
    this.worker = worker;
    return worker;
  }

  private answer(reply: PdfTextReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    clearTimeout(waiting.timer);
    if ('text' in reply) waiting.resolve(reply.text);
    else waiting.reject(new Error(reply.error));
    if (this.pending.size === 0) this.rest();
  }

  /** Nothing to do: the thread no longer keeps the process alive, and ends if nothing comes. */
  private rest(): void {
    const worker = this.worker;
    if (!worker) return;
    worker.unref();
    this.idle = setTimeout(() => void this.close(), IDLE_MS).unref();
  }

  /** The thread failed or is being ended: everything it was given fails with it. */
  private fail(worker: Worker, e: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(e);
    }
    this.pending.clear();
    void worker.terminate();
  }
}
