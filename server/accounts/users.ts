// Admin users, kept in CMS_DATA_DIR/private/users.json with bcrypt hashes (never in the site repo).
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import bcrypt from 'bcrypt';
import { writeFileDurable } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';
import { AppError } from '../schema/errors.ts';

export interface User {
  username: string;
  name: string;
  email: string;
  hash: string;
  /** Bumped by sign-out and password changes; a session carrying an older epoch is refused. */
  epoch: number;
}

export const MIN_PASSWORD_LENGTH = 10;
const USERNAME = /^[a-z0-9][a-z0-9._-]{1,39}$/i;

export class UserError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new UserError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  // bcrypt reads only the first 72 bytes; a longer password would be silently truncated.
  if (Buffer.byteLength(password, 'utf8') > 72)
    throw new UserError('The password must be at most 72 bytes long.');
}

export class UserStore {
  private users = new Map<string, User>();
  private readonly queue = new SerialQueue();
  private dummyHash?: string;
  private loadedMtime = 0;

  constructor(
    private readonly file: string,
    private readonly cost = 12,
  ) {}

  async load(): Promise<this> {
    try {
      const text = await readFile(this.file, 'utf8');
      this.loadedMtime = statSync(this.file).mtimeMs;
      const list = JSON.parse(text) as User[];
      this.users = new Map(list.map((u) => [u.username.toLowerCase(), u]));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    return this;
  }

  /** Picks up changes made by `npm run user` while the server runs (removed users, new passwords). */
  async sync(): Promise<void> {
    let mtime = 0;
    try {
      mtime = statSync(this.file).mtimeMs;
    } catch {
      return;
    }
    if (mtime !== this.loadedMtime) await this.queue.run(() => this.load());
  }

  get count(): number {
    return this.users.size;
  }

  list(): Omit<User, 'hash'>[] {
    return [...this.users.values()].map(({ hash: _hash, ...rest }) => rest);
  }

  get(username: string): User | undefined {
    return this.users.get(username.toLowerCase());
  }

  /** Like get, after picking up changes other processes made to the users file. */
  async fresh(username: string): Promise<User | undefined> {
    await this.sync();
    return this.get(username);
  }

  async add(input: { username: string; password: string; name?: string; email?: string }): Promise<User> {
    if (!USERNAME.test(input.username))
      throw new UserError('A username is 2–40 letters, digits, dots, dashes or underscores.');
    if (this.get(input.username)) throw new UserError(`There is already a user called ${input.username}.`);
    checkPassword(input.password);
    const user: User = {
      username: input.username,
      name: input.name?.trim() || input.username,
      email: input.email?.trim() || `${input.username}@localhost`,
      hash: await bcrypt.hash(input.password, this.cost),
      epoch: 1,
    };
    await this.mutate(() => {
      if (this.get(user.username)) throw new UserError(`There is already a user called ${user.username}.`);
      this.users.set(user.username.toLowerCase(), user);
    });
    return user;
  }

  async setPassword(username: string, password: string): Promise<void> {
    this.require(username);
    checkPassword(password);
    const hash = await bcrypt.hash(password, this.cost);
    await this.mutate(() => {
      const user = this.require(username);
      Object.assign(user, { hash, epoch: user.epoch + 1 });
    });
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

  /** The user when the password matches; takes as long when the user does not exist. */
  async verify(username: string, password: string): Promise<User | null> {
    const user = typeof username === 'string' ? await this.fresh(username) : undefined;
    if (typeof password !== 'string' || Buffer.byteLength(password, 'utf8') > 72) return null;
    this.dummyHash ??= await bcrypt.hash('not a real password', this.cost);
    const ok = await bcrypt.compare(password, user?.hash ?? this.dummyHash);
    return ok && user ? user : null;
  }

  private require(username: string): User {
    const user = this.get(username);
    if (!user) throw new UserError(`There is no user called ${username}.`);
    return user;
  }

  /** Applies a change to the file as it is now (the user command may have changed it), then writes it. */
  private mutate(change: () => unknown): Promise<void> {
    return this.queue.run(async () => {
      await this.load();
      change();
      await writeFileDurable(this.file, `${JSON.stringify([...this.users.values()], null, 2)}\n`, {
        mode: 0o600,
      });
      this.loadedMtime = statSync(this.file).mtimeMs;
    });
  }
}
