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
  /** The account by its id, never reused, and its epoch when the session started: see standing. */
  userId: string;
  epoch: number;
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
  /** The password step came from a browser that signed in to the account before (its device cookie). */
  knownDevice?: string;
}

/** The account a session stands for, as sessions need it. */
interface Holder {
  id: string;
  username: string;
  epoch: number;
  disabled?: boolean;
}

/**
 * Whether the session still stands for this account: the same account (not one made later under the
 * same name), not disabled, and nothing since has ended its sessions (password, role, sign-out
 * everywhere move the epoch on).
 */
export const stillStands = (session: SessionRecord, user: Holder | undefined): user is Holder =>
  !!user && !user.disabled && user.id === session.userId && user.epoch === session.epoch;

const RecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  epoch: z.number(),
  username: z.string(),
  created: z.number(),
  lastActive: z.number(),
  browser: z.string(),
  address: z.string(),
  pendingTwoFactor: z.boolean().optional(),
  knownDevice: z.string().optional(),
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
      // A missing file is a server no one signed in to yet; a damaged one (or one from before sessions
      // named accounts by id) signs everyone out, which is safe: they sign in again.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.sessions.clear();
    }
    return this;
  }

  get(id: string): SessionRecord | undefined {
    return this.sessions.get(id);
  }

  /** The account's sessions, most recently used first. */
  of(user: { id: string }): SessionRecord[] {
    return [...this.sessions.values()]
      .filter((s) => s.userId === user.id)
      .sort((a, b) => b.lastActive - a.lastActive);
  }

  async start(
    user: Holder,
    request: { userAgent?: string; address?: string },
    secondStep: { owed: boolean; knownDevice?: string | null } = { owed: false },
  ): Promise<SessionRecord> {
    const now = Date.now();
    const record: SessionRecord = {
      id: randomBytes(18).toString('base64url'),
      userId: user.id,
      epoch: user.epoch,
      username: user.username,
      created: now,
      lastActive: now,
      browser: browserName(request.userAgent),
      address: request.address ?? '',
      ...(secondStep.owed ? { pendingTwoFactor: true } : {}),
      ...(secondStep.owed && secondStep.knownDevice ? { knownDevice: secondStep.knownDevice } : {}),
    };
    await this.write(() => this.sessions.set(record.id, record));
    return record;
  }

  /** The second step was given: the same session becomes a full one. */
  async completeTwoFactor(id: string): Promise<void> {
    await this.write(() => {
      const s = this.sessions.get(id);
      if (s) {
        delete s.pendingTwoFactor;
        delete s.knownDevice;
      }
    });
  }

  /** The account's epoch moved on by this browser's own doing (a new password): it stays signed in. */
  async follow(id: string, epoch: number): Promise<void> {
    await this.write(() => {
      const s = this.sessions.get(id);
      if (s) s.epoch = epoch;
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
  endAllOf(user: { id: string }, keep?: string): Promise<string[]> {
    return this.end(this.of(user).flatMap((s) => (s.id === keep ? [] : [s.id])));
  }

  /** Ends every session that no longer stands for its account (removed, disabled, signed out). */
  endUnstanding(accountOf: (id: string) => Holder | undefined): Promise<string[]> {
    const gone = [...this.sessions.values()].filter((s) => !stillStands(s, accountOf(s.userId)));
    return gone.length ? this.end(gone.map((s) => s.id)) : Promise.resolve([]);
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
