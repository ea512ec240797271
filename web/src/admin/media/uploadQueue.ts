// Many files uploaded one per request, so each has its own progress bar, at most two at a time (the
// server refuses a third from one person with 429 and a Retry-After). A file the server asks to wait
// for waits that long and goes again, keeping its place; one that fails keeps its message in plain
// words and can be retried. A file the browser can tell is wrong (type, size) fails at once, unsent.
// Plain TypeScript with the upload call passed in: the page and the markdown editor share it, and the
// tests drive it with their own clock.
import { ApiError, messageOf, RetryLaterError } from '../api.ts';
import { fileProblem } from './mediaRules.ts';
import type { MediaFile } from './mediaTypes.ts';

export type UploadState = 'waiting' | 'uploading' | 'paused' | 'done' | 'failed';

export interface UploadEntry {
  readonly id: number;
  readonly file: File;
  readonly state: UploadState;
  /** 0..1 of the file sent. */
  readonly progress: number;
  /** Why it failed, or (while paused) why it waits, in plain words. */
  readonly error: string | null;
  readonly result: MediaFile | null;
  /** Whether it was sent: a file the browser refused never was, and trying it again would not help. */
  readonly sent: boolean;
}

export type UploadCall = (file: File, onProgress: (fraction: number) => void) => Promise<MediaFile>;

export interface UploadQueueOptions {
  upload: UploadCall;
  /** Uploads at once (the server takes two from one person). */
  concurrency?: number;
  /** How a wait is waited: a timer in the browser, the test's own clock in tests. */
  wait?: (ms: number) => Promise<void>;
  /** Why the browser already knows the server would refuse a file; null when it looks fine. */
  check?: (file: File) => string | null;
  /** 429 answers in a row a file waits out before it is said to have failed. */
  maxWaits?: number;
}

export const BUSY_MESSAGE = 'Waiting a moment: the server is still busy with your other uploads.';
const GAVE_UP = 'The server stayed too busy to take this file. Please try again in a minute.';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class UploadQueue {
  private entries: UploadEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private running = 0;
  private nextId = 1;
  private readonly upload: UploadCall;
  private readonly concurrency: number;
  private readonly wait: (ms: number) => Promise<void>;
  private readonly check: (file: File) => string | null;
  private readonly maxWaits: number;
  private readonly settledListeners = new Set<(entry: UploadEntry) => void>();

  constructor(opts: UploadQueueOptions) {
    this.upload = opts.upload;
    this.concurrency = opts.concurrency ?? 2;
    this.wait = opts.wait ?? sleep;
    this.check = opts.check ?? fileProblem;
    this.maxWaits = opts.maxWaits ?? 5;
  }

  /** The files, in the order they were added (a new array after every change). */
  snapshot = (): readonly UploadEntry[] => this.entries;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Hears each file as it finishes, uploaded or failed. Returns the way to stop. */
  onSettled = (listener: (entry: UploadEntry) => void): (() => void) => {
    this.settledListeners.add(listener);
    return () => {
      this.settledListeners.delete(listener);
    };
  };

  private settled(entry: UploadEntry): void {
    for (const l of [...this.settledListeners]) l(entry);
  }

  /** Adds files: those the browser can tell are wrong fail at once, the rest wait their turn. */
  add(files: Iterable<File>): UploadEntry[] {
    const added = [...files].map((file): UploadEntry => {
      const problem = this.check(file);
      const id = this.nextId++;
      return problem
        ? { id, file, state: 'failed', progress: 0, error: problem, result: null, sent: false }
        : { id, file, state: 'waiting', progress: 0, error: null, result: null, sent: false };
    });
    if (!added.length) return [];
    this.entries = [...this.entries, ...added];
    this.changed();
    for (const e of added) if (e.state === 'failed') this.settled(e);
    this.pump();
    return added;
  }

  /** Tries a failed file again (checked again first). */
  retry(id: number): void {
    const entry = this.find(id);
    if (entry?.state !== 'failed') return;
    const problem = this.check(entry.file);
    this.set(id, { state: problem ? 'failed' : 'waiting', progress: 0, error: problem });
    if (problem) this.settled(this.find(id)!);
    else this.pump();
  }

  /** Takes a finished file (uploaded or failed) off the list. */
  dismiss(id: number): void {
    const entry = this.find(id);
    if (!entry || !(entry.state === 'done' || entry.state === 'failed')) return;
    this.entries = this.entries.filter((e) => e.id !== id);
    this.changed();
  }

  /** Takes every uploaded file off the list; failed ones stay until retried or dismissed. */
  clearDone(): void {
    if (!this.entries.some((e) => e.state === 'done')) return;
    this.entries = this.entries.filter((e) => e.state !== 'done');
    this.changed();
  }

  /** Whether any file is still waiting or being sent. */
  get busy(): boolean {
    return this.entries.some((e) => e.state === 'waiting' || e.state === 'uploading' || e.state === 'paused');
  }

  private find(id: number) {
    return this.entries.find((e) => e.id === id);
  }

  private set(id: number, patch: Partial<Omit<UploadEntry, 'id' | 'file' | 'sent'>> & { sent?: true }): void {
    this.entries = this.entries.map((e) => (e.id === id ? { ...e, ...patch } : e));
    this.changed();
  }

  private changed(): void {
    for (const l of [...this.listeners]) l();
  }

  /** Starts waiting files, oldest first, while there is room. */
  private pump(): void {
    while (this.running < this.concurrency) {
      const next = this.entries.find((e) => e.state === 'waiting');
      if (!next) return;
      this.running++;
      this.set(next.id, { state: 'uploading', progress: 0, error: null, sent: true });
      void this.run(next.id, next.file).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  /** Sends one file; a 429 holds its place (and its turn) for the time the server asks. */
  private async run(id: number, file: File): Promise<void> {
    for (let waits = 0; ; waits++) {
      try {
        const result = await this.upload(file, (fraction) => {
          if (this.find(id)?.state === 'uploading') this.set(id, { progress: fraction });
        });
        this.set(id, { state: 'done', progress: 1, error: null, result });
        break;
      } catch (e) {
        const busy = e instanceof ApiError && e.status === 429;
        if (busy && waits < this.maxWaits) {
          this.set(id, { state: 'paused', progress: 0, error: BUSY_MESSAGE });
          await this.wait(e instanceof RetryLaterError ? e.retryAfterMs : 1000);
          this.set(id, { state: 'uploading', progress: 0, error: null });
          continue;
        }
        this.set(id, { state: 'failed', error: busy ? GAVE_UP : messageOf(e) });
        break;
      }
    }
    const entry = this.find(id);
    if (entry) this.settled(entry);
  }
}
