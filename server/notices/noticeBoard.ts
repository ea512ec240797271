// Each person's notices, kept in private/notifications.json: written whole (temp file, flush,
// rename) so a crash leaves the old list or the new one. Read notices go after READ_KEPT_DAYS; past
// MAX_NOTICES for one person the oldest go first. Unread new-message notices are folded into one
// ("3 new messages") so a busy contact form does not bury everything else.
import { randomBytes } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileDurable } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';
import {
  MAX_NOTICES,
  NOTICE_KINDS,
  READ_KEPT_DAYS,
  type NoticeKind,
  type Notification,
  type NotificationsAnswer,
} from '../schema/notifications.ts';

export const NOTICES_FILE = 'notifications.json';

const kept = z.object({
  id: z.string(),
  user: z.string(),
  kind: z.enum(NOTICE_KINDS),
  text: z.string(),
  link: z.string(),
  at: z.string(),
  read: z.boolean(),
  /** When it was marked read: read notices are kept READ_KEPT_DAYS from then. */
  readAt: z.string().optional(),
  /** How many notices this one stands for (folded new-message notices). */
  count: z.number().int().positive().optional(),
});
type Kept = z.infer<typeof kept>;

/** A notice to give: its words, where it leads; `fold` words it again when it stands for `n` of its kind. */
export interface NewNotice {
  kind: NoticeKind;
  text: string;
  link: string;
  fold?: (n: number) => string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export class NoticeBoard {
  private readonly file: string;
  private readonly queue = new SerialQueue();
  private notices: Kept[] | null = null;

  constructor(
    privateDir: string,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (message: string) => void = console.warn,
  ) {
    this.file = path.join(privateDir, NOTICES_FILE);
  }

  private async load(): Promise<Kept[]> {
    if (this.notices) return this.notices;
    let text = '[]';
    try {
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    let parsed: unknown = [];
    try {
      parsed = JSON.parse(text);
    } catch {
      // Kept aside, not overwritten: someone may want to look at what it held.
      const aside = `${this.file}.damaged-${Date.now()}`;
      await rename(this.file, aside).catch(() => undefined);
      this.log(
        `private/${NOTICES_FILE} cannot be read as JSON; it is kept as ${path.basename(aside)} and the notices start over.`,
      );
    }
    this.notices = (Array.isArray(parsed) ? parsed : []).flatMap((n) => {
      const ok = kept.safeParse(n);
      return ok.success ? [ok.data] : [];
    });
    return this.notices;
  }

  /** A person's notices, newest first, with how many are unread. */
  async of(username: string): Promise<NotificationsAnswer> {
    const user = username.toLowerCase();
    const all = await this.queue.run(() => this.load());
    const items = all
      .filter((n) => n.user === user)
      .sort((a, b) => b.at.localeCompare(a.at))
      .map(({ user: _user, count: _count, readAt: _readAt, ...n }): Notification => n);
    return { unread: items.filter((n) => !n.read).length, items };
  }

  async unread(username: string): Promise<number> {
    return (await this.of(username)).unread;
  }

  /** Gives the notice to each of `usernames`; answers the ones given it, for the stream and email. */
  add(usernames: readonly string[], notice: NewNotice): Promise<string[]> {
    const users = [...new Set(usernames.map((u) => u.toLowerCase()))];
    if (!users.length) return Promise.resolve([]);
    return this.queue.run(async () => {
      // A copy: the list in memory changes only once the file is written.
      const all = structuredClone(await this.load());
      const at = this.now().toISOString();
      for (const user of users) {
        const folded = notice.fold && all.find((n) => n.user === user && n.kind === notice.kind && !n.read);
        if (folded && notice.fold) {
          folded.count = (folded.count ?? 1) + 1;
          folded.text = notice.fold(folded.count);
          folded.at = at;
          folded.link = notice.link;
          continue;
        }
        all.push({ id: randomBytes(8).toString('hex'), user, at, read: false, ...pick(notice) });
      }
      await this.save(all);
      return users;
    });
  }

  /** Marks a person's notices read: these ids (others' ids change nothing), or all of them. */
  markRead(username: string, which: { ids: string[] } | { all: true }): Promise<number> {
    const user = username.toLowerCase();
    return this.queue.run(async () => {
      const all = structuredClone(await this.load());
      const ids = 'ids' in which ? new Set(which.ids) : null;
      let marked = 0;
      const readAt = this.now().toISOString();
      for (const n of all)
        if (n.user === user && !n.read && (!ids || ids.has(n.id))) {
          n.read = true;
          n.readAt = readAt;
          marked++;
        }
      if (marked) await this.save(all);
      return marked;
    });
  }

  /** Keeps what is still wanted, then writes the list whole. */
  private async save(all: Kept[]): Promise<void> {
    const oldest = this.now().getTime() - READ_KEPT_DAYS * DAY_MS;
    const fresh = all.filter((n) => !n.read || Date.parse(n.readAt ?? n.at) >= oldest);
    const perUser = new Map<string, Kept[]>();
    for (const n of fresh) perUser.set(n.user, [...(perUser.get(n.user) ?? []), n]);
    const next = [...perUser.values()].flatMap((list) =>
      list.sort((a, b) => b.at.localeCompare(a.at)).slice(0, MAX_NOTICES),
    );
    await writeFileDurable(this.file, `${JSON.stringify(next, null, 1)}\n`, { mode: 0o600 });
    this.notices = next;
  }
}

const pick = ({ kind, text, link }: NewNotice) => ({ kind, text, link });
