// Failure counters in fixed windows (the first failure opens a window; it ends windowSeconds later),
// kept in a file in private/ so that a restart does not hand an attacker a fresh set of guesses.
// The file is rewritten whole, with git's lock-file discipline (temp file, flush, rename), at most
// one write in flight; a lost last write (a crash) only forgets the newest failures.
// The one counter of the server's limits: the sign-in throttle and the contact form's limits
// (contactLimiter.ts) both count in it.
import { readFileSync } from 'node:fs';
import { writeFileDurable } from '../../store/durable.ts';

interface Window {
  points: number;
  /** When the window ends (ms since the epoch). */
  until: number;
}

export interface Count {
  points: number;
  msBeforeNext: number;
}

/** More keys than this and the oldest windows are dropped (a flood of made-up names cannot grow it). */
const MAX_KEYS = 20_000;

export class WindowCounters {
  private readonly windows = new Map<string, Window>();
  private writing: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly windowMs: number,
    private readonly file?: string,
  ) {
    if (file) this.load(file);
  }

  get(key: string): Count | null {
    const w = this.live(key);
    return w ? { points: w.points, msBeforeNext: w.until - Date.now() } : null;
  }

  /** Adds one point; `over` when that makes more than `limit`. */
  consume(key: string, limit: number): Count & { over: boolean } {
    const now = Date.now();
    const w = this.live(key) ?? { points: 0, until: now + this.windowMs };
    w.points += 1;
    this.windows.delete(key); // re-inserted last: the map's order is the order windows were touched
    this.windows.set(key, w);
    if (this.windows.size > MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
    this.save();
    return { points: w.points, msBeforeNext: w.until - now, over: w.points > limit };
  }

  /** Takes back one point (an attempt that turned out not to be a guess). */
  reward(key: string): void {
    const w = this.live(key);
    if (!w) return;
    w.points = Math.max(0, w.points - 1);
    this.save();
  }

  delete(key: string): void {
    if (this.windows.delete(key)) this.save();
  }

  /** Resolves once what has been counted so far is on disk. */
  async flushed(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private live(key: string): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.until <= Date.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private load(file: string): void {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return; // missing or damaged (a hand edit): start counting afresh
    }
    if (!data || typeof data !== 'object') return;
    const now = Date.now();
    for (const [key, w] of Object.entries(data as Record<string, unknown>)) {
      const { points, until } = (w ?? {}) as Partial<Window>;
      if (typeof points === 'number' && typeof until === 'number' && until > now)
        this.windows.set(key, { points, until });
    }
  }

  private save(): void {
    if (!this.file) return;
    if (this.writing) {
      this.again = true;
      return;
    }
    const file = this.file;
    this.writing = (async () => {
      do {
        this.again = false;
        const now = Date.now();
        const live = Object.fromEntries([...this.windows].filter(([, w]) => w.until > now));
        await writeFileDurable(file, JSON.stringify(live), { mode: 0o600 }).catch(() => undefined);
      } while (this.again);
      this.writing = null;
    })();
  }
}
