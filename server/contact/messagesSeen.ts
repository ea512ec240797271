// How far each person has read the contact messages: the time of the newest message the Messages page
// showed them, by username, in private/messages-seen.json. A message received after it is new to
// them (the admin's badge); someone who never opened the page has every message new.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurable } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';

export const SEEN_FILE = 'messages-seen.json';

export class MessagesSeen {
  private readonly file: string;
  private readonly queue = new SerialQueue();
  private seen: Record<string, string> | null = null;

  constructor(privateDir: string) {
    this.file = path.join(privateDir, SEEN_FILE);
  }

  private async load(): Promise<Record<string, string>> {
    if (this.seen) return this.seen;
    const text = await readFile(this.file, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return '{}';
      throw e;
    });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = {}; // a damaged file: everyone starts over with every message new
    }
    const entries = Object.entries(parsed && typeof parsed === 'object' ? parsed : {}).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && !Number.isNaN(Date.parse(e[1])),
    );
    this.seen = Object.fromEntries(entries);
    return this.seen;
  }

  /** The newest message time this person has seen, or null. */
  async of(username: string): Promise<string | null> {
    return (await this.queue.run(() => this.load()))[username.toLowerCase()] ?? null;
  }

  /** Notes that the person has seen the messages up to `upTo` (never moves back). */
  mark(username: string, upTo: string): Promise<void> {
    return this.queue.run(async () => {
      const seen = await this.load();
      const key = username.toLowerCase();
      const before = seen[key];
      if (before && Date.parse(before) >= Date.parse(upTo)) return;
      seen[key] = new Date(upTo).toISOString();
      await writeFileDurable(this.file, `${JSON.stringify(seen, null, 2)}\n`, { mode: 0o600 });
    });
  }
}

/** How many of these received times are after `seen` (all when null). */
export const countAfter = (received: readonly string[], seen: string | null): number => {
  const since = seen ? Date.parse(seen) : -Infinity;
  return received.filter((r) => {
    const t = Date.parse(r);
    return Number.isNaN(t) || t > since;
  }).length;
};
