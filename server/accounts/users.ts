// Admin users, kept in CMS_DATA_DIR/private/users.json with bcrypt hashes (never in the site repo).
import { statSync, watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import bcrypt from 'bcrypt';
import { rewriteLocked } from '../store/lockedRewrite.ts';
import { SerialQueue } from '../store/queue.ts';
import { AppError } from '../schema/errors.ts';
import { isRole, type Role } from '../schema/roles.ts';
import { emailProblem } from '../schema/email.ts';
import { passwordProblem } from '../schema/password.ts';
import type { PublicAccount } from '../schema/accountViews.ts';
import type { EmailChoices } from '../schema/notifications.ts';

export interface User {
  /**
   * Never reused: sessions and links name the account by it, so an account removed and made again
   * under the same name is another account (the old one's cookies and links do not carry over).
   */
  id: string;
  username: string;
  name: string;
  email: string;
  hash: string;
  /**
   * Bumped by "sign out everywhere", password and role changes; a session of an older epoch is refused.
   */
  epoch: number;
  /** Accounts made before roles existed are admins (see load). */
  role: Role;
  /** A disabled account cannot sign in, and its sessions are refused. */
  disabled?: boolean;
  /** When the account last signed in (ISO time). */
  lastSignIn?: string;
  /** Two-step sign-in, when on. */
  twoFactor?: TwoFactor;
  /** A key being set up: it becomes `twoFactor` once a code from it is confirmed. */
  twoFactorPending?: string;
  /** Which notices also come by email; a choice never made keeps its default (schema/notifications.ts). */
  notify?: { email?: Partial<EmailChoices> };
}

export interface TwoFactor {
  /** The shared key (base32), as the authenticator app holds it. */
  secret: string;
  /** The last time step a code was accepted for: a code is never accepted twice. */
  lastStep?: number;
  /** SHA-256 hashes of the recovery codes not used yet. */
  recovery: string[];
  since: string;
}

export type { PublicAccount } from '../schema/accountViews.ts';

export const publicAccount = (u: User): PublicAccount => ({
  username: u.username,
  name: u.name,
  email: u.email,
  role: u.role,
  disabled: !!u.disabled,
  lastSignIn: u.lastSignIn ?? null,
  twoFactor: !!u.twoFactor,
});

export { MIN_PASSWORD_LENGTH } from '../schema/password.ts';
const USERNAME = /^[a-z0-9][a-z0-9._-]{1,39}$/i;
const NAME_MAX = 100;

export class UserError extends AppError {
  constructor(message: string, field?: string) {
    super(400, message, field ? { [field]: message } : undefined);
  }
}

export function checkUsername(username: string): void {
  if (!USERNAME.test(username))
    throw new UserError('A user name is 2–40 letters, digits, dots, dashes or underscores.', 'username');
}

/** The name and email as kept, or a UserError naming the field. */
export function checkProfile(input: { name?: unknown; email?: unknown }): { name?: string; email?: string } {
  const out: { name?: string; email?: string } = {};
  if (input.name !== undefined) {
    const name = typeof input.name === 'string' ? input.name.trim().replace(/\s+/g, ' ') : '';
    if (!name) throw new UserError('Please enter a name.', 'name');
    if (name.length > NAME_MAX) throw new UserError(`A name is at most ${NAME_MAX} characters.`, 'name');
    out.name = name;
  }
  if (input.email !== undefined) {
    const email = typeof input.email === 'string' ? input.email.trim() : '';
    const problem = email ? emailProblem(email) : 'Please enter an email address.';
    if (problem) throw new UserError(problem, 'email');
    out.email = email;
  }
  return out;
}

export function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new UserError(problem, 'password');
}

const newAccountId = () => randomBytes(12).toString('base64url');

export class UserStore {
  private users = new Map<string, User>();
  private readonly queue = new SerialQueue();
  private dummyHash?: string;
  private loadedMtime = 0;
  /** The file's text as last read or written here: other text under the lock is another's change. */
  private loadedText?: string;
  /** Accounts read without an id (made before ids): given one, kept at the next write. */
  private idsMissing = false;
  private readonly changedElsewhere = new Set<() => void>();
  private watcher?: FSWatcher;

  constructor(
    private readonly file: string,
    private readonly cost = 12,
  ) {}

  async load(): Promise<this> {
    try {
      const mtime = this.fileMtime();
      this.read(await readFile(this.file, 'utf8'));
      this.loadedMtime = mtime;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    return this;
  }

  /** The accounts as the file's text holds them (none when there is no file yet). */
  private read(text: string | undefined): void {
    this.loadedText = text;
    const list = text === undefined ? [] : (JSON.parse(text) as User[]);
    // Accounts from before roles: every one could do everything, so each stays an admin.
    for (const u of list) if (!isRole(u.role)) u.role = 'admin';
    for (const u of list.filter((u) => typeof u.id !== 'string' || !u.id)) {
      u.id = newAccountId();
      this.idsMissing = true;
    }
    this.users = new Map(list.map((u) => [u.username.toLowerCase(), u]));
  }

  /** Gives every account an id and keeps it (accounts made before ids): before any session starts. */
  async ensureIds(): Promise<void> {
    if (this.idsMissing) await this.mutate(() => undefined);
  }

  /** Picks up changes made by `npm run user` while the server runs (removed users, new passwords). */
  async sync(): Promise<void> {
    if (this.fileMtime() === this.loadedMtime) return;
    const reloaded = await this.queue.run(async () => {
      if (this.fileMtime() === this.loadedMtime) return false;
      await this.load();
      return true;
    });
    if (reloaded) this.tellChangedElsewhere();
  }

  /**
   * Called when another process (`npm run user`) changed the file: the server ends the sessions and
   * links the change took away. Changes made here end them where they are made.
   */
  onChangedElsewhere(listener: () => void): () => void {
    this.changedElsewhere.add(listener);
    return () => this.changedElsewhere.delete(listener);
  }

  /** Picks up another process's changes as they land, not at the next request (open streams end). */
  watch(): void {
    if (this.watcher) return;
    // The folder, not the file: a durable write replaces the file (a rename), which ends a file watch.
    try {
      this.watcher = watch(path.dirname(this.file), (_event, name) => {
        if (name === path.basename(this.file)) void this.sync().catch(() => undefined);
      });
    } catch {
      // The system's limit of watches reached: every request still reads changes first (sync()).
      return;
    }
    this.watcher.on('error', () => undefined);
  }

  unwatch(): void {
    this.watcher?.close();
    this.watcher = undefined;
  }

  get count(): number {
    return this.users.size;
  }

  list(): PublicAccount[] {
    return [...this.users.values()].map(publicAccount);
  }

  get(username: string): User | undefined {
    return this.users.get(username.toLowerCase());
  }

  byId(id: string): User | undefined {
    for (const u of this.users.values()) if (u.id === id) return u;
    return undefined;
  }

  /** Like get, after picking up changes other processes made to the users file. */
  async fresh(username: string): Promise<User | undefined> {
    await this.sync();
    return this.get(username);
  }

  async add(input: {
    username: string;
    password: string;
    name?: string;
    email?: string;
    /** Admin when not said: what every account was before roles (the first admin, old scripts). */
    role?: Role;
  }): Promise<User> {
    const role = input.role ?? 'admin';
    checkUsername(input.username);
    const taken = () => new UserError(`There is already a user called ${input.username}.`, 'username');
    if (this.get(input.username)) throw taken();
    if (!isRole(role)) throw new UserError('Choose a role: contributor, editor or admin.', 'role');
    checkPassword(input.password);
    const profile = checkProfile({
      name: input.name?.trim() || input.username,
      email: input.email?.trim() || undefined,
    });
    const user: User = {
      id: newAccountId(),
      username: input.username,
      name: profile.name!,
      email: profile.email ?? `${input.username}@localhost`,
      hash: await bcrypt.hash(input.password, this.cost),
      epoch: 1,
      role,
    };
    await this.mutate(() => {
      if (this.get(user.username)) throw taken();
      this.users.set(user.username.toLowerCase(), user);
    });
    return user;
  }

  /**
   * Changes one account under the users file's queue (the file as it is now, then written whole). A
   * change that answers false changes nothing and writes nothing: a compare-and-set on the account as
   * the file holds it (a code used once however many requests race with it).
   */
  async update(username: string, change: (user: User) => unknown): Promise<User> {
    this.require(username);
    let changed!: User;
    await this.mutate(() => {
      changed = this.require(username);
      return change(changed);
    });
    return changed;
  }

  /** A new role: the person's sessions end (what they may do changed under them). */
  setRole(username: string, role: Role): Promise<User> {
    return this.update(username, (user) => {
      user.role = role;
      user.epoch += 1;
    });
  }

  /** Enabled admins: the last one can be neither demoted nor disabled. */
  enabledAdmins(): User[] {
    return [...this.users.values()].filter((u) => u.role === 'admin' && !u.disabled);
  }

  /** Whether the password is this user's (without the timing care of verify: the user is known). */
  async passwordMatches(user: User, password: unknown): Promise<boolean> {
    if (typeof password !== 'string' || Buffer.byteLength(password, 'utf8') > 72) return false;
    return bcrypt.compare(password, user.hash);
  }

  /** A new password ends every session of the user (their epoch moves on). */
  async setPassword(username: string, password: string): Promise<User> {
    this.require(username);
    checkPassword(password);
    const hash = await bcrypt.hash(password, this.cost);
    return this.update(username, (user) => Object.assign(user, { hash, epoch: user.epoch + 1 }));
  }

  async remove(username: string): Promise<void> {
    this.require(username);
    await this.mutate(() => {
      this.require(username);
      this.users.delete(username.toLowerCase());
    });
  }

  /** Ends every session of this user (sign-out): cookies issued before now stop working. */
  async bumpEpoch(username: string): Promise<void> {
    await this.mutate(() => {
      this.require(username).epoch += 1;
    });
  }

  /**
   * The user when the password matches and the account is not disabled; takes as long when the user
   * does not exist.
   */
  async verify(username: string, password: string): Promise<User | null> {
    const user = typeof username === 'string' ? await this.fresh(username) : undefined;
    if (typeof password !== 'string' || Buffer.byteLength(password, 'utf8') > 72) return null;
    this.dummyHash ??= await bcrypt.hash('not a real password', this.cost);
    const ok = await bcrypt.compare(password, user?.hash ?? this.dummyHash);
    return ok && user && !user.disabled ? user : null;
  }

  private require(username: string): User {
    const user = this.get(username);
    if (!user) throw new AppError(404, `There is no user called ${username}.`);
    return user;
  }

  /**
   * Applies a change to the file as it is now (the user command may have changed it), then writes it;
   * a change answering false writes nothing.
   */
  private async mutate(change: () => unknown): Promise<void> {
    const elsewhere = await this.queue.run(async () => {
      let changedElsewhere = false;
      // Under the file's lock (lockedRewrite.ts): `npm run user` and the server never write over
      // each other's changes.
      await rewriteLocked(this.file, (text) => {
        changedElsewhere = text !== this.loadedText;
        this.idsMissing = false;
        this.read(text);
        if (change() === false && !this.idsMissing) return undefined;
        this.idsMissing = false;
        return (this.loadedText = `${JSON.stringify([...this.users.values()], null, 2)}\n`);
      });
      this.loadedMtime = this.fileMtime();
      return changedElsewhere;
    });
    if (elsewhere) this.tellChangedElsewhere();
  }

  private fileMtime(): number {
    try {
      return statSync(this.file).mtimeMs;
    } catch {
      return 0;
    }
  }

  private tellChangedElsewhere(): void {
    for (const listener of this.changedElsewhere) listener();
  }
}
