// Invite and password-reset links, kept in CMS_DATA_DIR/private/one-time-links.json. Only each token's
// SHA-256 is kept (like share links), so the private folder never holds a working link; the token is
// shown once, to the admin who made it. A link works once, until it expires or is withdrawn, and only
// while its maker may still make it (an enabled admin) and the account it resets is still there.
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileDurable } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';
import { ROLES, type Role } from '../schema/roles.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVITE_LIFETIME_MS = 7 * DAY_MS;
export const RESET_LIFETIME_MS = DAY_MS;

const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const LinkSchema = z.object({
  id: z.string(),
  hash: z.string(),
  kind: z.enum(['invite', 'reset']),
  /** invite: the role it gives; reset: the account whose password it sets, by name and id. */
  role: z.enum(ROLES).optional(),
  username: z.string().optional(),
  userId: z.string().optional(),
  created: z.string(),
  expires: z.string(),
  /** The admin who made it, by name and account id (links from before ids name them only). */
  by: z.string(),
  byId: z.string().optional(),
});
export type OneTimeLink = z.infer<typeof LinkSchema>;

export interface MadeLink {
  link: OneTimeLink;
  token: string;
}

/** Whether a link may still be used: its maker is still an enabled admin, its account still there. */
export type StillValid = (link: OneTimeLink) => boolean;

/** Who makes a link and, for a reset, whose password it sets. */
interface Named {
  id: string;
  username: string;
}

export class OneTimeLinks {
  private links: OneTimeLink[] = [];
  private readonly queue = new SerialQueue();

  constructor(
    private readonly file: string,
    private readonly stillValid: StillValid = () => true,
  ) {}

  async load(): Promise<this> {
    try {
      this.links = z.array(LinkSchema).parse(JSON.parse(await readFile(this.file, 'utf8')));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    return this;
  }

  /** Open links of the kind, newest first. */
  open(kind: 'invite' | 'reset'): OneTimeLink[] {
    return this.links
      .filter((l) => l.kind === kind && this.works(l))
      .sort((a, b) => b.created.localeCompare(a.created));
  }

  make(kind: 'invite', role: Role, by: Named): Promise<MadeLink>;
  make(kind: 'reset', account: Named, by: Named): Promise<MadeLink>;
  async make(kind: 'invite' | 'reset', about: Role | Named, by: Named): Promise<MadeLink> {
    const token = randomBytes(24).toString('base64url');
    const hash = hashOf(token);
    const now = Date.now();
    const life = kind === 'invite' ? INVITE_LIFETIME_MS : RESET_LIFETIME_MS;
    const link: OneTimeLink = {
      id: hash.slice(0, 12),
      hash,
      kind,
      ...(typeof about === 'string' ? { role: about } : { username: about.username, userId: about.id }),
      created: new Date(now).toISOString(),
      expires: new Date(now + life).toISOString(),
      by: by.username,
      byId: by.id,
    };
    await this.write(() => {
      // A new reset link for an account replaces the one before it.
      if (kind === 'reset')
        this.links = this.links.filter((l) => !(l.kind === 'reset' && l.userId === link.userId));
      this.links.push(link);
    });
    return { link, token };
  }

  /** The open link this token names, of this kind; undefined when unknown, used, withdrawn or expired. */
  find(kind: 'invite' | 'reset', token: unknown): OneTimeLink | undefined {
    if (typeof token !== 'string' || !TOKEN.test(token)) return undefined;
    const hash = hashOf(token);
    const link = this.links.find((l) => l.hash === hash && l.kind === kind);
    return link && this.works(link) ? link : undefined;
  }

  /**
   * Uses the link once: `use` runs (making the account, setting the password) only while the link is
   * still open, under the queue, so two people racing with one link cannot both succeed.
   */
  async consume<T>(
    kind: 'invite' | 'reset',
    token: unknown,
    use: (link: OneTimeLink) => Promise<T>,
  ): Promise<T | undefined> {
    return this.queue.run(async () => {
      const link = this.find(kind, token);
      if (!link) return undefined;
      const result = await use(link);
      this.links = this.links.filter((l) => l !== link);
      await this.save();
      return result;
    });
  }

  /** Withdraws an open link of the kind by its id; undefined when there is none. */
  async withdraw(kind: 'invite' | 'reset', id: string): Promise<OneTimeLink | undefined> {
    let gone: OneTimeLink | undefined;
    await this.write(() => {
      gone = this.links.find((l) => l.id === id && l.kind === kind && this.works(l));
      this.links = this.links.filter((l) => l !== gone);
    });
    return gone;
  }

  /** Drops the links that stopped working (their maker disabled, removed or no longer an admin). */
  async dropInvalid(): Promise<OneTimeLink[]> {
    const now = Date.now();
    const gone = this.links.filter((l) => Date.parse(l.expires) > now && !this.stillValid(l));
    if (gone.length) await this.write(() => (this.links = this.links.filter((l) => !gone.includes(l))));
    return gone;
  }

  private works(link: OneTimeLink): boolean {
    return Date.parse(link.expires) > Date.now() && this.stillValid(link);
  }

  private write(change: () => void): Promise<void> {
    return this.queue.run(async () => {
      change();
      await this.save();
    });
  }

  private async save(): Promise<void> {
    const now = Date.now();
    this.links = this.links.filter((l) => Date.parse(l.expires) > now);
    await writeFileDurable(this.file, `${JSON.stringify(this.links, null, 2)}\n`, { mode: 0o600 });
  }
}
