// The server's side of the PDF process (pdfChild.ts): a child process, started on the first
// PDF, given one document at a time from a queue, started again for the next document when it dies,
// and ended once it has had nothing to do for a while. pdf.js's memory for a document is the child's,
// under its own limits, and all of it is given back when the child ends; the server keeps only the
// text or the picture that comes back. The child ends with the server, however the server ends
// (pdfChild.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { PdfReply, PdfRequest, PdfSource } from './pdfChild.ts';
import type { FirstPageSize } from './firstPage.ts';

export type { FirstPageSize };

/** A first page drawn: its JPEG's bytes and its size in pixels. */
export interface PdfPicture {
  jpeg: Buffer;
  width: number;
  height: number;
}

export interface PdfLimits {
  /** The child's JavaScript heap (--max-old-space-size): a PDF that needs more ends the child only. */
  heapMb: number;
  /** The child's resident memory, heap and all (read from /proc while it reads a PDF, on Linux): past
   *  it the child is killed. The heap limit alone leaves pdf.js's byte arrays unbounded, and a 1 MB PDF
   *  can unpack into gigabytes of them. */
  memoryMb: number;
  /** A PDF not read in this time is given up on and its child killed (pdf.js may be stuck in it);
   *  counted from when the child is ready, so a slow start does not eat a document's time. */
  timeLimitMs: number;
  /** Text past this many characters is not read: search keeps what comes before. */
  maxChars: number;
  /** An idle child is ended after this long; the next PDF starts a new one. */
  idleMs: number;
}

export const PDF_LIMITS: PdfLimits = {
  heapMb: 256,
  memoryMb: 512,
  timeLimitMs: 60_000,
  maxChars: 1_000_000,
  idleMs: 5_000,
};

/** For first-page pictures, made while staff wait for their save: the same memory, less time. */
export const PDF_PICTURE_LIMITS: PdfLimits = { ...PDF_LIMITS, timeLimitMs: 20_000 };

/** What a PDF's text came back as: `cut` when it was longer than the limit and only its start was read. */
export interface PdfText {
  text: string;
  cut: boolean;
}

/** The PDF process could not be started: no fault of the document, which is tried again later. */
export class PdfReaderUnavailable extends Error {}

/** What a child that failed wrote last on stderr is kept to this length, to say why it stopped. */
const STDERR_KEPT = 4_000;

/** A child not ready in this time is ended (a machine far too busy, or a broken install). */
const START_LIMIT_MS = 30_000;

/** How often a reading child's memory is looked at: a fast-growing one overshoots by ~100 ms of growth. */
const MEMORY_CHECK_MS = 100;

/** A process's resident memory in MB (Linux's /proc), or null where it cannot be read. */
function residentMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** The child: from TypeScript (tests, npm run dev) its .ts file through tsx; in the bundle
 *  (scripts/build/server.ts) its own entry, beside this module's chunk. */
function newChild(heapMb: number): ChildProcess {
  const heap = `--max-old-space-size=${heapMb}`;
  const built = !import.meta.url.endsWith('.ts');
  // vite-ignore: Vite (vitest's jsdom suites import the server too) must not bundle a Node process.
  const file = new URL(/* @vite-ignore */ built ? './pdfChild.js' : './pdfChild.ts', import.meta.url);
  // From TypeScript, pdf.js's modules are loaded before tsx's loader is in place: through it, their
  // 3 MB would cost the child about 250 MB more, which the built child never spends.
  const fromSource = () =>
    ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs', 'tsx'].flatMap((m) => [
      '--import',
      import.meta.resolve(m),
    ]);
  return fork(file, [], {
    execArgv: [...(built ? [] : fromSource()), heap],
    serialization: 'advanced', // a PDF's bytes go over IPC as bytes, not as JSON numbers
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
}

/** What the child answered a job with (its text or its picture). */
type Answer = Exclude<PdfReply, { ready: true } | { error: string }>;

interface Job {
  resolve(answer: Answer): void;
  reject(e: Error): void;
}

/** What a job asks of the child, less the bytes and the id the request is sent with. */
type Work = { job: 'text'; maxChars: number } | { job: 'firstPage'; size: FirstPageSize };

/** A job waiting for the child: its bytes (when it has them) are held only until they are handed over. */
interface Waiting extends Job {
  source: PdfSource;
  work: Work;
}

/** A child and what it is doing: starting, reading one job, or waiting (idle timer set). */
interface Running {
  child: ChildProcess;
  ready: boolean;
  job: Job | null;
  id: number;
  /** The job's time limit, or the start's, or the idle end. */
  timer: NodeJS.Timeout | null;
  /** While it reads: the look at its memory. */
  watch: NodeJS.Timeout | null;
  /** Why the server ended it, when it did: the job's error says so instead of how it exited. */
  endedBecause: string | null;
  stderr: string;
}

export class PdfProcess {
  private readonly queue: Waiting[] = [];
  private running: Running | null = null;
  private nextId = 1;

  constructor(readonly limits: PdfLimits = PDF_LIMITS) {}

  /** The child's process id while there is one (for tests and the upload benchmark). */
  get pid(): number | undefined {
    return this.running?.child.pid;
  }

  /** The text of a PDF (whitespace collapsed); rejects, in plain words, when it cannot be read. */
  async extract(pdf: Buffer): Promise<PdfText> {
    const answer = await this.run({ bytes: pdf }, { job: 'text', maxChars: this.limits.maxChars });
    if (!('text' in answer)) throw new Error('the PDF process answered a text job with something else');
    return { text: answer.text, cut: answer.cut };
  }

  /**
   * The PDF's first page drawn as a JPEG of `size`; rejects, in plain words, when it cannot be drawn.
   * Given a file (one the server made: an upload's temporary file), the child reads it itself, so the
   * server's thread neither reads nor serializes its bytes (20 MB of copying while reads wait).
   */
  async firstPage(pdf: Buffer | { file: string }, size: FirstPageSize): Promise<PdfPicture> {
    const answer = await this.run(Buffer.isBuffer(pdf) ? { bytes: pdf } : pdf, { job: 'firstPage', size });
    if (!('jpeg' in answer)) throw new Error('the PDF process answered a picture job with something else');
    // IPC may hand the bytes over as a Buffer or a plain Uint8Array: the caller gets a Buffer.
    return { jpeg: Buffer.from(answer.jpeg), width: answer.width, height: answer.height };
  }

  private run(source: PdfSource, work: Work): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ source, work, resolve, reject });
      this.next();
    });
  }

  /** Ends the child; the PDF being read and those waiting are given up on. */
  async close(): Promise<void> {
    const stopping = new Error('the server is stopping');
    for (const job of this.queue.splice(0)) job.reject(stopping);
    const running = this.running;
    if (running) await this.end(running, 'the server is stopping');
  }

  /** Gives the child the next job when it is free, starting a child first when there is none. */
  private next(): void {
    if (this.queue.length === 0) return;
    const running = this.running ?? this.start();
    if (!running.ready || running.job) return;
    const { source, work, ...job } = this.queue.shift()!;
    running.job = job;
    running.id = this.nextId++;
    this.busy(running, true);
    this.setTimer(
      running,
      this.limits.timeLimitMs,
      `reading it took longer than ${seconds(this.limits.timeLimitMs)}`,
    );
    this.watchMemory(running);
    const request: PdfRequest = { id: running.id, ...source, ...work };
    // Serialized at once: the server keeps no copy of the bytes while the child reads them. A failed send
    // means the child is gone, and its exit fails the job.
    running.child.send(request, () => undefined);
  }

  private start(): Running {
    const child = newChild(this.limits.heapMb);
    const running: Running = {
      child,
      ready: false,
      job: null,
      id: 0,
      timer: null,
      watch: null,
      endedBecause: null,
      stderr: '',
    };
    this.running = running;
    child.stderr!.on('data', (chunk: Buffer) => {
      running.stderr = (running.stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    child.on('message', (reply: PdfReply) => this.answer(running, reply));
    // 'close', not 'exit': by then stderr has been read to its end (a crash's reason comes last).
    child.on('close', (code, signal) => this.gone(running, exitReason(running, code, signal, this.limits)));
    // Only when it could not be started at all (no exit follows) or could not be signalled.
    child.on('error', (e) => {
      if (child.pid === undefined) this.gone(running, `the PDF process could not start: ${e.message}`);
    });
    this.setTimer(running, START_LIMIT_MS, `the PDF process did not start in ${seconds(START_LIMIT_MS)}`);
    return running;
  }

  private answer(running: Running, reply: PdfReply): void {
    if (this.running !== running) return; // ended already: a late word
    if ('ready' in reply) {
      running.ready = true;
      this.clearTimer(running);
    } else {
      const job = running.job;
      if (!job || reply.id !== running.id) return;
      running.job = null;
      this.clearTimer(running);
      if ('error' in reply) job.reject(new Error(reply.error));
      else job.resolve(reply);
    }
    if (this.queue.length > 0) return this.next();
    // Nothing to do: the child no longer keeps the server alive, and ends if nothing comes.
    this.busy(running, false);
    this.setTimer(running, this.limits.idleMs, null);
  }

  /** The child ended (its exit, or a failed start): its job fails with why, and the queue goes on. A
   *  child that never got ready fails the queue instead: a new one would most likely fail alike. */
  private gone(running: Running, why: string): void {
    if (this.running !== running) return;
    this.running = null;
    this.clearTimer(running);
    const job = running.job;
    running.job = null;
    job?.reject(new Error(why));
    if (running.ready) return this.next();
    const unavailable = new PdfReaderUnavailable(why);
    for (const waiting of this.queue.splice(0)) waiting.reject(unavailable);
  }

  /** Ends the child (`why` becomes its job's error; null for an idle end) and waits for it to be gone. */
  private async end(running: Running, why: string | null): Promise<void> {
    running.endedBecause ??= why;
    const { child } = running;
    if (this.running !== running) return; // gone already
    // A ready child with no job is let go of at once: a PDF that comes before it has closed starts a
    // new child instead of being handed to this one as it dies.
    if (running.ready && !running.job) {
      this.running = null;
      this.clearTimer(running);
    }
    const closed = new Promise((done) => child.once('close', done));
    this.busy(running, true); // what waits for its end keeps the event loop until then
    child.kill('SIGKILL'); // it holds nothing worth a clean end, and a stuck pdf.js would ignore one
    await closed;
  }

  /** Whether the child keeps the server's event loop alive: only while it has work. */
  private busy({ child }: Running, busy: boolean): void {
    const handles = [child, child.channel, child.stderr as Socket | null];
    for (const h of handles) {
      if (busy) h?.ref();
      else h?.unref();
    }
  }

  /** The one timer of a child: a time limit (`why` is the job's error) or, with null, the idle end. */
  private setTimer(running: Running, ms: number, why: string | null): void {
    this.clearTimer(running);
    running.timer = setTimeout(() => void this.end(running, why), ms);
    running.timer.unref();
  }

  private clearTimer(running: Running): void {
    if (running.timer) clearTimeout(running.timer);
    running.timer = null;
    if (running.watch) clearInterval(running.watch);
    running.watch = null;
  }

  /** Until the job's timer is cleared: the child is killed once its memory is past the limit. */
  private watchMemory(running: Running): void {
    const { pid } = running.child;
    const { memoryMb } = this.limits;
    if (pid === undefined || residentMb(pid) === null) return; // not Linux: the heap limit only
    running.watch = setInterval(() => {
      if ((residentMb(pid) ?? 0) <= memoryMb) return;
      this.clearTimer(running);
      void this.end(running, `it needed more memory than the PDF process may use (${memoryMb} MB)`);
    }, MEMORY_CHECK_MS);
    running.watch.unref();
  }
}

const seconds = (ms: number) => `${+(ms / 1000).toFixed(1)} s`;

/** Why a child ended, in plain words, for the job it was reading (or those waiting for it to start). */
function exitReason(running: Running, code: number | null, signal: string | null, limits: PdfLimits): string {
  if (running.endedBecause) return running.endedBecause;
  const outOfMemory = /heap limit|out of memory/i.test(running.stderr);
  if (outOfMemory && running.ready)
    return `it needed more memory than the PDF process may use (a ${limits.heapMb} MB heap)`;
  const how = outOfMemory
    ? `its memory limit of ${limits.heapMb} MB is too small`
    : `${signal ? `stopped by ${signal}` : `exit code ${code}`}${lastLine(running.stderr)}`;
  return `the PDF process ${running.ready ? 'ended while reading it' : 'could not start'} (${how})`;
}

/** The last thing a child wrote on stderr (a crash's message), as a suffix, or nothing. */
function lastLine(stderr: string): string {
  const line = stderr.trim().split('\n').at(-1)?.trim().slice(0, 200);
  return line ? `: ${line}` : '';
}
