// Tokens for scripts (docs/accounts.md), kept in CMS_DATA_DIR/private/api-tokens.json. A token is
// `cms_<id>_<secret>`: the id finds its record at once, and only the SHA-256 of the whole token is kept
// (32 random bytes need no slow hash), so the private folder never holds a working token; it is shown
// once, to the person who made it. The file is rewritten whole under its lock file (lockedRewrite.ts),
// so a crash mid-write leaves the old file or the new one. A token acts as its role, never above its
// maker's role as it is now; it stops when its maker is removed or disabled, or when it is revoked.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { rewriteLocked } from '../store/lockedRewrite.ts';
import { SerialQueue } from '../store/queue.ts';
import { AppError } from '../schema/errors.ts';
import { isRole, ROLES, type Role } from '../schema/roles.ts';
import { TOKEN_NAME_MAX, TOKENS_PER_PERSON, type TokenView } from '../schema/accountViews.ts';

const TOKEN = /^cms_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest();

/** "Last used" is kept to the minute: a script's every call does not rewrite the file. */
const USE_GRANULARITY_MS = 60_000;

const RecordSchema = z.object({
  id: z.string(),
  /** The maker's account by its id (never reused) and name. */
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** SHA-256 of the whole token, hex. */
  hash: z.string(),
  created: z.string(),
  lastUsed: z.string().optional(),
  lastAddress: z.string().optional(),
});
export type TokenRecord = z.infer<typeof RecordSchema>;

/** Who makes a token: the signed-in person. */
interface Maker {
  id: string;
  username: string;
  role: Role;
}

/** The lower of two roles: what a token acts as when its maker's role is now lower than its own. */
export const lowerRole = (a: Role, b: Role): Role => (ROLES.indexOf(a) <= ROLES.indexOf(b) ? a : b);

export const tokenView = (t: TokenRecord): TokenView => ({
  id: t.id,
  name: t.name,
  role: t.role,
  username: t.username,
  created: t.created,
  lastUsed: t.lastUsed ?? null,
  lastAddress: t.lastAddress ?? null,
});

const refuse = (status: number, field: string, message: string) =>
  new AppError(status, message, { [field]: message });

/** The name and role asked for, checked against the maker's role; an AppError naming the field. */
function checkRequest(maker: Maker, input: { name?: unknown; role?: unknown }): { name: string; role: Role } {
  const name = typeof input.name === 'string' ? input.name.trim().replace(/\s+/g, ' ') : '';
  if (!name)
    throw refuse(400, 'name', 'Give the token a name that says what it is for, such as “newsletter script”.');
  if (name.length > TOKEN_NAME_MAX)
    throw refuse(400, 'name', `A token’s name is at most ${TOKEN_NAME_MAX} characters.`);
  if (!isRole(input.role))
    throw refuse(400, 'role', 'Choose what the token may do: contributor, editor or admin.');
  if (ROLES.indexOf(input.role) > ROLES.indexOf(maker.role))
    throw refuse(
      403,
      'role',
      `A token can do at most what you can do yourself: choose ${ROLES.slice(0, ROLES.indexOf(maker.role) + 1).join(' or ')}.`,
    );
  return { name, role: input.role };
}

export class ApiTokens {
  private tokens = new Map<string, TokenRecord>();
  private readonly queue = new SerialQueue();
  /** When each token's use was last written (or asked to be): one write a minute at most. */
  private readonly noted = new Map<string, number>();

  constructor(private readonly file: string) {}

  async load(): Promise<this> {
    try {
      this.read(await readFile(this.file, 'utf8'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    return this;
  }

  /** Every token, or one person's (by account id), newest first. */
  list(userId?: string): TokenRecord[] {
    return [...this.tokens.values()]
      .filter((t) => userId === undefined || t.userId === userId)
      .sort((a, b) => b.created.localeCompare(a.created));
  }

  get(id: string): TokenRecord | undefined {
    return this.tokens.get(id);
  }

  /** A new token for the maker: its record, and the token itself (shown once, never kept). */
  async make(
    maker: Maker,
    input: { name?: unknown; role?: unknown },
  ): Promise<{ record: TokenRecord; token: string }> {
    const { name, role } = checkRequest(maker, input);
    const id = randomBytes(6).toString('hex');
    const token = `cms_${id}_${randomBytes(32).toString('base64url')}`;
    const record: TokenRecord = {
      id,
      userId: maker.id,
      username: maker.username,
      name,
      role,
      hash: hashOf(token).toString('hex'),
      created: new Date().toISOString(),
    };
    await this.write((tokens) => {
      if ([...tokens.values()].filter((t) => t.userId === maker.id).length >= TOKENS_PER_PERSON)
        throw refuse(
          400,
          'name',
          `You have ${TOKENS_PER_PERSON} tokens already: revoke one you no longer use first.`,
        );
      tokens.set(id, record);
    });
    return { record, token };
  }

  /** The record a token names, when it is one of ours; undefined for anything else (revoked, made up). */
  find(token: string): TokenRecord | undefined {
    const m = TOKEN.exec(token);
    const record = m ? this.tokens.get(m[1]!) : undefined;
    if (!record) return undefined;
    const kept = Buffer.from(record.hash, 'hex');
    const given = hashOf(token);
    return kept.length === given.length && timingSafeEqual(kept, given) ? record : undefined;
  }

  /** Revokes a token by its id; answers the record, or undefined when there was none. */
  async revoke(id: string): Promise<TokenRecord | undefined> {
    let gone: TokenRecord | undefined;
    await this.write((tokens) => {
      gone = tokens.get(id);
      if (!gone) return false;
      tokens.delete(id);
    });
    return gone;
  }

  /** Revokes every token whose maker no longer has an account (removed, or made again under the name). */
  async dropOrphans(stillThere: (userId: string) => boolean): Promise<TokenRecord[]> {
    const gone = this.list().filter((t) => !stillThere(t.userId));
    if (gone.length)
      await this.write((tokens) => {
        for (const t of gone) tokens.delete(t.id);
      });
    return gone;
  }

  /** Notes a use of the token; written when a minute has passed since the last note. */
  touch(record: TokenRecord, address: string | undefined): void {
    const now = Date.now();
    if (now - (this.noted.get(record.id) ?? 0) < USE_GRANULARITY_MS) return;
    this.noted.set(record.id, now);
    const note = (t: TokenRecord) => {
      t.lastUsed = new Date(now).toISOString();
      if (address) t.lastAddress = address;
    };
    note(record); // shown at once; on disk once the write below lands
    // A lost "last used" costs nothing; a write that fails is tried again at the next use.
    void this.write((tokens) => {
      const t = tokens.get(record.id);
      if (!t) return false;
      note(t);
    }).catch(() => this.noted.delete(record.id));
  }

  /** Settles once every change asked for so far is on disk. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  private read(text: string | undefined): void {
    const list = text === undefined ? [] : z.array(RecordSchema).parse(JSON.parse(text));
    this.tokens = new Map(list.map((t) => [t.id, t]));
  }

  /** Applies a change to the file as it is now, under its lock; a change answering false writes nothing. */
  private write(change: (tokens: Map<string, TokenRecord>) => unknown): Promise<void> {
    return this.queue.run(async () => {
      await rewriteLocked(this.file, (text) => {
        this.read(text);
        if (change(this.tokens) === false) return undefined;
        return `${JSON.stringify([...this.tokens.values()], null, 2)}\n`;
      });
    });
  }
}
