// Signed-in sessions, kept in CMS_DATA_DIR/private/sessions.json: each browser's sign-in is one record,
// named by a random id its cookie carries, so one session can end without the others (sign out here,
// end a session from another browser) and a person can see where they are signed in.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileDurable } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';

export interface SessionRecord {
  id: string;
  username: string;
  /** When it started and when it was last used (ms since the epoch). */
  created: number;
  lastActive: number;
  /** The browser as its User-Agent names it, shortened, and the address it last came from. */
  browser: string;
  address: string;
  /**
   * Signed in with the password but the second step (a code) still owed: such a session can do
   * nothing but give the code, for a few minutes.
   */
  pendingTwoFactor?: boolean;
}

const RecordSchema = z.object({
  id: z.string(),
  username: z.string(),
  created: z.number(),
  lastActive: z.number(),
  browser: z.string(),
  address: z.string(),
  pendingTwoFactor: z.boolean().optional(),
});

/** "Last active" is kept to the minute: a busy editor's every request does not rewrite the file. */
const ACTIVE_GRANULARITY_MS = 60_000;

/** A readable name for the browser from its User-Agent ("Firefox on Windows"). */
export function browserName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : '';
  const system = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || ua.slice(0, 60) || 'Unknown browser';
}

export class SessionStore {
  private sessions = new Map<string, SessionRecord>();
  private readonly queue = new SerialQueue();
  private readonly ended = new Set<(ids: string[]) => void>();

  constructor(
    private readonly file: string,
    /** Sessions older than this are dropped when the file is next written. */
    private readonly lifetimeMs: number,
  ) {}

  async load(): Promise<this> {
    try {
      const list = z.array(RecordSchema).parse(JSON.parse(await readFile(this.file, 'utf8')));
      this.sessions = new Map(list.map((s) => [s.id, s]));
    } catch (e) {
      // A missing file is a server no one signed in to yet; a damaged one signs everyone out, which is
      // safe: they sign in again.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.sessions.clear();
    }
    return this;
  }

  get(id: string): SessionRecord | undefined {
    return this.sessions.get(id);
  }

  of(username: string): SessionRecord[] {
    const key = username.toLowerCase();
    return [...this.sessions.values()]
      .filter((s) => s.username.toLowerCase() === key)
      .sort((a, b) => b.lastActive - a.lastActive);
  }

  async start(
    username: string,
    request: { userAgent?: string; address?: string },
    pendingTwoFactor = false,
  ): Promise<SessionRecord> {
    const now = Date.now();
    const record: SessionRecord = {
      id: randomBytes(18).toString('base64url'),
      username,
      created: now,
      lastActive: now,
      browser: browserName(request.userAgent),
      address: request.address ?? '',
      ...(pendingTwoFactor ? { pendingTwoFactor } : {}),
    };
    await this.write(() => this.sessions.set(record.id, record));
    return record;
  }

  /** The second step was given: the same session becomes a full one. */
  async completeTwoFactor(id: string): Promise<void> {
    await this.write(() => {
      const s = this.sessions.get(id);
      if (s) delete s.pendingTwoFactor;
    });
  }

  /** Notes a request of the session; written when a minute has passed since the last note. */
  touch(record: SessionRecord, address: string | undefined): void {
    const now = Date.now();
    if (now - record.lastActive < ACTIVE_GRANULARITY_MS && (!address || address === record.address)) return;
    record.lastActive = now;
    if (address) record.address = address;
    void this.write(() => undefined).catch(() => undefined); // a lost "last active" costs nothing
  }

  /** Ends sessions by id; answers the ids that were open. */
  async end(ids: Iterable<string>): Promise<string[]> {
    const gone: string[] = [];
    await this.write(() => {
      for (const id of ids) if (this.sessions.delete(id)) gone.push(id);
    });
    if (gone.length) for (const l of this.ended) l(gone);
    return gone;
  }

  /** Ends every session of the user but `keep` (when given). */
  endAllOf(username: string, keep?: string): Promise<string[]> {
    return this.end(this.of(username).flatMap((s) => (s.id === keep ? [] : [s.id])));
  }

  /** Called with the ids of sessions that ended (their open streams close). */
  onEnded(listener: (ids: string[]) => void): () => void {
    this.ended.add(listener);
    return () => this.ended.delete(listener);
  }

  /** Settles once every change asked for so far is on disk. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  private write(change: () => unknown): Promise<void> {
    return this.queue.run(async () => {
      change();
      const oldest = Date.now() - this.lifetimeMs;
      for (const [id, s] of this.sessions) if (s.created < oldest) this.sessions.delete(id);
      await writeFileDurable(this.file, `${JSON.stringify([...this.sessions.values()])}\n`, { mode: 0o600 });
    });
  }
}
