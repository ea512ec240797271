// What the server does after it listens — loading its routes and page renderer, keeping the parse
// cache, building the search index and the history map, reading images' sizes — one task at a time,
// each in slices. While requests come in, the slices take a small share of the event loop, so a start
// under traffic answers visitors at full speed and finishes the rest a little later; when nobody
// asks, the work runs flat out. /api/health says when it is done.
import type { Turn } from '../store/turns.ts';

/** While requests come in, background work takes at most this share of the event loop. */
export const SHARE_WHILE_BUSY = 0.1;
/** Requests "come in" when one was seen this recently. */
export const QUIET_MS = 100;
/** The longest pause after one slice (a slice that ran long is not paid back for seconds). */
const MAX_PAUSE_MS = 250;

export interface BackgroundState {
  done: boolean;
  /** The task being worked on, and the ones after it, in plain words. */
  running: string | null;
  waiting: string[];
  /** From the server's start of the work (as it listened) to its end. */
  doneAfterMs: number | null;
  /** Tasks that ended in an error (the server goes on; what they would have prepared is made when asked). */
  failed: { task: string; message: string }[];
}

interface Task {
  name: string;
  run: (turn: Turn) => Promise<void>;
  ended: () => void;
}

export class BackgroundWork {
  private lastRequest = performance.now(); // listening counts as busy: the first answers go first
  private sliceStart = performance.now();
  private readonly started = performance.now();
  private readonly queue: Task[] = [];
  private running: string | null = null;
  private doneAt: number | null = null;
  private readonly failed: BackgroundState['failed'] = [];
  private closed = false;
  private idle: Promise<void> = Promise.resolve();

  constructor(private readonly log: (message: string) => void = () => undefined) {}

  /** Called for every request the server receives. */
  sawRequest(): void {
    this.lastRequest = performance.now();
  }

  /**
   * Gives the event loop back after a slice: at once when no request came in lately, otherwise after
   * a pause long enough that the slice was at most SHARE_WHILE_BUSY of the time.
   */
  readonly turn: Turn = () => {
    const now = performance.now();
    const busy = now - this.lastRequest < QUIET_MS;
    const pause = busy ? Math.min(MAX_PAUSE_MS, (now - this.sliceStart) * (1 / SHARE_WHILE_BUSY - 1)) : 0;
    return new Promise<void>((go) => {
      const resume = () => {
        this.sliceStart = performance.now();
        go();
      };
      if (pause >= 1) setTimeout(resume, pause);
      else setImmediate(resume);
    });
  };

  /** Queues a task after those already queued; resolves when it has ended, whether or not it failed. */
  add(name: string, run: (turn: Turn) => Promise<void>): Promise<void> {
    return new Promise<void>((ended) => {
      this.queue.push({ name, run, ended });
      this.doneAt = null;
      if (!this.running) this.idle = this.work();
    });
  }

  /** No task starts after this; resolves when the one running has ended. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.ended();
    await this.idle;
  }

  state(): BackgroundState {
    return {
      done: this.doneAt !== null,
      running: this.running,
      waiting: this.queue.map((t) => t.name),
      doneAfterMs: this.doneAt === null ? null : Math.round(this.doneAt - this.started),
      failed: [...this.failed],
    };
  }

  private async work(): Promise<void> {
    this.sliceStart = performance.now(); // nothing of the background ran since the last task
    let task: Task | undefined;
    while (!this.closed && (task = this.queue.shift())) {
      this.running = task.name;
      await this.turn(); // each task starts on a turn of its own, after the requests waiting
      try {
        await task.run(this.turn);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        this.failed.push({ task: task.name, message });
        this.log(`Background work "${task.name}" failed: ${message}`);
      }
      task.ended();
    }
    this.running = null;
    if (!this.closed) this.doneAt = performance.now();
  }
}
