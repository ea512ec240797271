// How the site watcher knows it has seen everything up to now (its settled()), without a blind wait.
// On Linux every folder watch of a process shares one queue of the system's events, read in order: a
// marker file written after some writes comes back after their events. Then the watcher waits for
// the work those events started.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempNameFor } from '../../store/durable.ts';

// Named as the store's temp files are (`.<name>.<hex>.tmp`), so one a crash leaves in .git is removed
// at the next start with theirs (removeTempFiles).
const MARKER = 'cms-watch-marker';
const MARKER_PREFIX = `.${MARKER}.`;

/** Marker files written into a watched folder (.git), each awaited until its event comes back. */
export class EventMarkers {
  private readonly waiting = new Map<string, () => void>();

  constructor(private readonly dir: string) {}

  /** Whether an event's file name is a marker (its waiter is let go); the watch ignores it then. */
  heard(name: string): boolean {
    if (!name.startsWith(MARKER_PREFIX)) return false;
    this.waiting.get(name)?.();
    return true;
  }

  /** Writes a marker and resolves once its event arrives (or after `timeoutMs`: a watch that went away). */
  async roundTrip(timeoutMs = 2000): Promise<void> {
    const file = tempNameFor(path.join(this.dir, MARKER));
    const name = path.basename(file);
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<void>((resolve) => {
      this.waiting.set(name, resolve);
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      await writeFile(file, '');
      await back;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(name);
      await rm(file, { force: true });
    }
  }
}

/** Work under way (refreshes, polls): idle() resolves when none is left, including work added meanwhile. */
export class WorkInHand {
  private readonly running = new Set<Promise<unknown>>();

  add<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    void work.finally(() => this.running.delete(work)).catch(() => undefined);
    return work;
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
