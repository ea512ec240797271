// Keeps the site on time with "Show from" / "Show until": one timer, set for the next moment any
// item enters or leaves its window (recomputed on every content change). When it comes, a
// 'schedule' change of those entities goes out on the index's change feed, so prepared answers,
// pages, feeds and open pages (SSE) follow exactly as after a save, though nothing was written. Nothing is stored: after a restart the state is read from content
// and clock again (visibility.ts decides per request with the clock).
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { siteEntities } from '../schema/registry.ts';
import { boundariesAfter, isScheduled, windowOf } from '../schema/schedule.ts';

/** Longest single wait; a later boundary is reached in steps (timers cannot wait past ~24 days). */
const MAX_WAIT_MS = 60 * 60 * 1000;

const scheduled = siteEntities.filter(isScheduled);

export class ScheduleClock {
  private timer: NodeJS.Timeout | null = null;
  private next: number | null = null;
  /** Boundaries after this moment have not been announced yet. */
  private since: number;
  // A save announces its change before it answers: the sweep over every scheduled item waits a turn.
  private rearm: NodeJS.Immediate | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly index: ContentIndex,
    private readonly now: () => number = Date.now,
  ) {
    this.since = now();
    this.unsubscribe = index.changes.on((change) => {
      // Its own announcements changed no item (the clock re-arms itself after making one), and
      // neither did a change that left every file as it was.
      if (change.kind === 'schedule' || change.kind === 'unchanged') return;
      this.rearm ??= setImmediate(() => {
        this.rearm = null;
        this.arm();
      });
    });
    this.arm();
  }

  /** The next moment an item enters or leaves its window, or null when none is ahead. */
  get nextBoundary(): number | null {
    return this.next;
  }

  close(): void {
    this.unsubscribe();
    if (this.rearm) clearImmediate(this.rearm);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = this.now();
    let next = Infinity;
    for (const def of scheduled) {
      for (const item of this.index.all(def)) {
        for (const t of boundariesAfter(item.data, now)) next = Math.min(next, t);
      }
    }
    this.next = Number.isFinite(next) ? next : null;
    if (this.next === null) return;
    this.timer = setTimeout(() => this.fire(), Math.min(this.next - now, MAX_WAIT_MS));
    this.timer.unref();
  }

  private fire(): void {
    this.timer = null;
    const now = this.now();
    // Timers may wake a millisecond early, and long waits come in steps: not there yet, wait again.
    if (this.next === null || now < this.next) return this.arm();
    const changed = new Set<string>();
    for (const def of scheduled) {
      for (const item of this.index.all(def)) {
        const { from, until } = windowOf(item.data);
        if ([from, until].some((t) => t !== null && t > this.since && t <= now)) {
          changed.add(def.name);
          break;
        }
      }
    }
    this.since = now;
    if (changed.size) this.index.changes.emit({ kind: 'schedule', entities: changed });
    this.arm();
  }
}
