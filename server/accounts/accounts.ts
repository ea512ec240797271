// Staff accounts as a team uses them: roles, invites, password resets, sessions one by one, two-step
// sign-in and the settings admins choose. Every change is audited (who, when, from where) through the
// `record` callback; the HTTP layer checks who may call what before it gets here.
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AppError } from '../schema/errors.ts';
import type { AuditEvent } from '../schema/auditEvent.ts';
import { isRole, ROLES, ROLE_LABELS, type Role } from '../schema/roles.ts';
import { writeFileDurable } from '../store/durable.ts';
import { SerialQueue } from '../store/queue.ts';
import { checkPassword, checkProfile, UserError, type User, type UserStore } from './users.ts';
import { SessionStore, type SessionRecord } from './sessions.ts';
import { OneTimeLinks, type OneTimeLink } from './oneTimeLinks.ts';
import {
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  totpQrSvg,
  totpUri,
  useRecoveryCode,
} from './twoFactor.ts';

export interface AccountSettings {
  /** Roles whose accounts must use two-step sign-in. */
  requireTwoFactor: Record<Role, boolean>;
}

const SettingsSchema = z.object({
  requireTwoFactor: z.object({ contributor: z.boolean(), editor: z.boolean(), admin: z.boolean() }),
});

const DEFAULT_SETTINGS: AccountSettings = {
  requireTwoFactor: { contributor: false, editor: false, admin: false },
};

/** Who asks, and from where: the audit's who and address. */
export interface Asker {
  username: string;
  address?: string;
}

/** The request a session starts from: its browser and address, shown in the session list. */
export interface FromBrowser {
  userAgent?: string;
  address?: string;
}

/** How long a password sign-in waits for its second step. */
export const SECOND_STEP_MS = 5 * 60 * 1000;

export class Accounts {
  private settingsNow: AccountSettings = DEFAULT_SETTINGS;
  private readonly settingsQueue = new SerialQueue();

  private constructor(
    readonly users: UserStore,
    readonly sessions: SessionStore,
    readonly links: OneTimeLinks,
    private readonly settingsFile: string,
    private readonly record: (event: AuditEvent) => Promise<void>,
    /** The site's name, shown in the authenticator app beside the account. */
    private readonly issuer: string,
  ) {}

  static async open(opts: {
    users: UserStore;
    privateDir: string;
    sessionLifetimeMs: number;
    record: (event: AuditEvent) => Promise<void>;
    issuer: string;
  }): Promise<Accounts> {
    const sessions = await new SessionStore(
      path.join(opts.privateDir, 'sessions.json'),
      opts.sessionLifetimeMs,
    ).load();
    const links = await new OneTimeLinks(path.join(opts.privateDir, 'one-time-links.json')).load();
    const accounts = new Accounts(
      opts.users,
      sessions,
      links,
      path.join(opts.privateDir, 'account-settings.json'),
      opts.record,
      opts.issuer,
    );
    try {
      const text = await readFile(accounts.settingsFile, 'utf8');
      accounts.settingsNow = SettingsSchema.parse(JSON.parse(text));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    return accounts;
  }

  get settings(): AccountSettings {
    return this.settingsNow;
  }

  /** Settles once every write asked for so far is on disk. */
  async idle(): Promise<void> {
    await Promise.all([this.sessions.idle(), this.settingsQueue.idle()]);
  }

  /** The user's role requires two-step sign-in and they have not set it up. */
  mustSetUpTwoFactor(user: User): boolean {
    return this.settingsNow.requireTwoFactor[user.role] && !user.twoFactor;
  }

  // ── Sessions ──────────────────────────────────────────────────────────────────────────────────

  /** A password sign-in: a full session, or one that still owes its second step. */
  async signedIn(user: User, from: FromBrowser): Promise<SessionRecord> {
    const pending = !!user.twoFactor;
    const session = await this.sessions.start(user.username, from, pending);
    if (!pending) await this.noteSignIn(user);
    return session;
  }

  /** The second step of a sign-in: a code from the app or a recovery code. False when wrong. */
  async secondStep(
    user: User,
    session: SessionRecord,
    given: { code?: unknown; recoveryCode?: unknown },
    address?: string,
  ): Promise<boolean> {
    const ok = await this.checkSecondFactor(user, given, address);
    if (!ok) {
      await this.record({ action: 'two-factor-failed', who: user.username, address });
      return false;
    }
    await this.sessions.completeTwoFactor(session.id);
    await this.noteSignIn(user);
    return true;
  }

  async endSession(user: User, id: string, asker: Asker): Promise<void> {
    const own = this.sessions.of(user.username).some((s) => s.id === id);
    if (!own) throw new AppError(404, 'There is no such session (it may have ended already).');
    await this.sessions.end([id]);
    await this.record({
      action: 'session-end',
      who: asker.username,
      address: asker.address,
      detail: `one session of ${user.username}`,
    });
  }

  /** Every session of the user ends (this one too), and cookies from before stop working. */
  async signOutEverywhere(user: User, asker: Asker): Promise<void> {
    await this.users.bumpEpoch(user.username);
    await this.sessions.endAllOf(user.username);
    await this.record({ action: 'sign-out-everywhere', who: asker.username, address: asker.address });
  }

  // ── Your own account ──────────────────────────────────────────────────────────────────────────

  async updateProfile(user: User, input: { name?: unknown; email?: unknown }, asker: Asker): Promise<User> {
    const profile = checkProfile(input);
    if (profile.name === undefined && profile.email === undefined)
      throw new UserError('Say what to change: name or email.');
    const changed = await this.users.update(user.username, (u) => Object.assign(u, profile));
    await this.record({
      action: 'user-profile',
      who: asker.username,
      address: asker.address,
      detail: Object.keys(profile).join(' and '),
    });
    return changed;
  }

  /** A new password: every other session of the user ends, `keep` (this browser's) stays. */
  async changePassword(
    user: User,
    input: { current?: unknown; password?: unknown },
    keep: string,
    asker: Asker,
  ): Promise<User> {
    if (!(await this.users.passwordMatches(user, input.current)))
      throw new UserError('Your current password is not right.', 'current');
    if (typeof input.password !== 'string') throw new UserError('Please choose a new password.', 'password');
    const changed = await this.users.setPassword(user.username, input.password);
    await this.sessions.endAllOf(user.username, keep);
    await this.record({
      action: 'user-password',
      who: asker.username,
      address: asker.address,
      detail: 'their own',
    });
    return changed;
  }

  // ── Two-step sign-in ──────────────────────────────────────────────────────────────────────────

  /** A new key to scan; it is on only once a code from it is confirmed. */
  async startTwoFactor(user: User): Promise<{ secret: string; uri: string; qrSvg: string }> {
    const secret = newTotpSecret();
    await this.users.update(user.username, (u) => {
      u.twoFactorPending = secret;
    });
    const uri = totpUri(secret, user.username, this.issuer);
    return { secret, uri, qrSvg: await totpQrSvg(uri) };
  }

  async confirmTwoFactor(user: User, code: unknown, asker: Asker): Promise<string[]> {
    const secret = user.twoFactorPending;
    if (!secret) throw new AppError(409, 'Start setting up two-step sign-in first.');
    const step = matchTotp(secret, typeof code === 'string' ? code : '', undefined);
    if (step === null)
      throw new UserError('That code is not right. Type the 6 digits your app shows now.', 'code');
    const { codes, hashes } = newRecoveryCodes();
    await this.users.update(user.username, (u) => {
      u.twoFactor = { secret, lastStep: step, recovery: hashes, since: new Date().toISOString() };
      delete u.twoFactorPending;
    });
    await this.record({ action: 'two-factor-on', who: asker.username, address: asker.address });
    return codes;
  }

  async renewRecoveryCodes(user: User, password: unknown, asker: Asker): Promise<string[]> {
    if (!user.twoFactor) throw new AppError(409, 'Two-step sign-in is not on.');
    await this.requirePassword(user, password);
    const { codes, hashes } = newRecoveryCodes();
    await this.users.update(user.username, (u) => {
      if (u.twoFactor) u.twoFactor.recovery = hashes;
    });
    await this.record({ action: 'recovery-codes-renewed', who: asker.username, address: asker.address });
    return codes;
  }

  async turnOffTwoFactor(user: User, password: unknown, asker: Asker): Promise<void> {
    if (!user.twoFactor) throw new AppError(409, 'Two-step sign-in is not on.');
    if (this.settingsNow.requireTwoFactor[user.role])
      throw new AppError(
        403,
        `Two-step sign-in is required for ${ROLE_LABELS[user.role].toLowerCase()}s here.`,
      );
    await this.requirePassword(user, password);
    await this.users.update(user.username, (u) => {
      delete u.twoFactor;
      delete u.twoFactorPending;
    });
    await this.record({ action: 'two-factor-off', who: asker.username, address: asker.address });
  }

  // ── Accounts (admins) ─────────────────────────────────────────────────────────────────────────

  async invite(role: unknown, asker: Asker): Promise<{ token: string; link: OneTimeLink }> {
    if (!isRole(role)) throw new UserError('Choose a role: contributor, editor or admin.', 'role');
    const made = await this.links.make('invite', role, asker.username);
    await this.record({
      action: 'invite-create',
      who: asker.username,
      address: asker.address,
      detail: `as ${role}, link ${made.link.id}, until ${made.link.expires}`,
    });
    return made;
  }

  async withdrawInvite(id: string, asker: Asker): Promise<void> {
    const gone = await this.links.withdraw(id);
    if (!gone) throw new AppError(404, 'There is no such invite (it may have been used or expired).');
    await this.record({
      action: 'invite-withdraw',
      who: asker.username,
      address: asker.address,
      detail: `link ${id}`,
    });
  }

  /** Makes the invited person's account; undefined when the link is not open. */
  async acceptInvite(
    token: unknown,
    input: { username?: unknown; name?: unknown; email?: unknown; password?: unknown },
    address?: string,
  ): Promise<User | undefined> {
    const username = typeof input.username === 'string' ? input.username.trim() : '';
    // Checked before the link is spent: a typo does not use up the invite.
    const profile = checkProfile({ name: input.name, email: input.email });
    if (typeof input.password !== 'string') throw new UserError('Please choose a password.', 'password');
    checkPassword(input.password);
    const password = input.password;
    return this.links.consume('invite', token, async (link) => {
      const user = await this.users.add({ username, password, ...profile, role: link.role! });
      await this.record({
        action: 'invite-use',
        who: user.username,
        address,
        detail: `joined as ${link.role}, invited by ${link.by} (link ${link.id})`,
      });
      return user;
    });
  }

  async setRole(username: string, role: unknown, asker: Asker): Promise<User> {
    if (!isRole(role)) throw new UserError('Choose a role: contributor, editor or admin.', 'role');
    const user = this.requireUser(username);
    if (user.role === role) return user;
    if (user.username.toLowerCase() === asker.username.toLowerCase())
      throw new AppError(409, 'You cannot change your own role. Ask another admin.');
    if (user.role === 'admin') this.keepAnAdmin(user);
    const changed = await this.users.update(username, (u) => {
      u.role = role;
    });
    await this.record({
      action: 'user-role',
      who: asker.username,
      address: asker.address,
      detail: `${user.username}: ${user.role} → ${role}`,
    });
    return changed;
  }

  async setDisabled(username: string, disabled: unknown, asker: Asker): Promise<User> {
    if (typeof disabled !== 'boolean')
      throw new UserError('Say whether the account is disabled (true or false).', 'disabled');
    const user = this.requireUser(username);
    if (!!user.disabled === disabled) return user;
    if (disabled && user.username.toLowerCase() === asker.username.toLowerCase())
      throw new AppError(409, 'You cannot disable your own account. Ask another admin.');
    if (disabled && user.role === 'admin') this.keepAnAdmin(user);
    const changed = await this.users.update(username, (u) => {
      if (disabled) u.disabled = true;
      else delete u.disabled;
    });
    if (disabled) await this.sessions.endAllOf(user.username);
    await this.record({
      action: disabled ? 'user-disable' : 'user-enable',
      who: asker.username,
      address: asker.address,
      detail: user.username,
    });
    return changed;
  }

  async resetLink(username: string, asker: Asker): Promise<{ token: string; link: OneTimeLink }> {
    const user = this.requireUser(username);
    const made = await this.links.make('reset', user.username, asker.username);
    await this.record({
      action: 'reset-create',
      who: asker.username,
      address: asker.address,
      detail: `for ${user.username}, link ${made.link.id}, until ${made.link.expires}`,
    });
    return made;
  }

  /** Sets a new password through a reset link; every session of the account ends. */
  async useResetLink(token: unknown, password: unknown, address?: string): Promise<User | undefined> {
    if (typeof password !== 'string') throw new UserError('Please choose a password.', 'password');
    checkPassword(password);
    return this.links.consume('reset', token, async (link) => {
      const user = await this.users.setPassword(link.username!, password);
      await this.sessions.endAllOf(user.username);
      await this.record({
        action: 'reset-use',
        who: user.username,
        address,
        detail: `link ${link.id} made by ${link.by}`,
      });
      return user;
    });
  }

  async setSettings(input: unknown, asker: Asker): Promise<AccountSettings> {
    const parsed = SettingsSchema.safeParse(input);
    if (!parsed.success)
      throw new UserError(
        `Say for each role (${ROLES.join(', ')}) whether two-step sign-in is required (true or false).`,
        'requireTwoFactor',
      );
    await this.settingsQueue.run(async () => {
      await writeFileDurable(this.settingsFile, `${JSON.stringify(parsed.data, null, 2)}\n`, { mode: 0o600 });
      this.settingsNow = parsed.data;
    });
    const required = ROLES.filter((r) => parsed.data.requireTwoFactor[r]);
    await this.record({
      action: 'account-settings',
      who: asker.username,
      address: asker.address,
      detail: `two-step sign-in required for: ${required.length ? required.join(', ') : 'no one'}`,
    });
    return this.settingsNow;
  }

  /** The accounts page: every account, open invites, the settings. */
  overview() {
    return {
      users: this.users.list().sort((a, b) => a.username.localeCompare(b.username)),
      invites: this.links
        .invites()
        .map((l) => ({ id: l.id, role: l.role!, created: l.created, expires: l.expires, by: l.by })),
      settings: this.settingsNow,
    };
  }

  private async noteSignIn(user: User): Promise<void> {
    await this.users.update(user.username, (u) => {
      u.lastSignIn = new Date().toISOString();
    });
  }

  private async checkSecondFactor(
    user: User,
    given: { code?: unknown; recoveryCode?: unknown },
    address?: string,
  ): Promise<boolean> {
    const tf = user.twoFactor;
    if (!tf) return false;
    if (typeof given.code === 'string' && given.code.trim()) {
      const step = matchTotp(tf.secret, given.code, tf.lastStep);
      if (step === null) return false;
      await this.users.update(user.username, (u) => {
        if (u.twoFactor) u.twoFactor.lastStep = step;
      });
      return true;
    }
    if (typeof given.recoveryCode === 'string' && given.recoveryCode.trim()) {
      const left = useRecoveryCode(tf.recovery, given.recoveryCode);
      if (!left) return false;
      await this.users.update(user.username, (u) => {
        if (u.twoFactor) u.twoFactor.recovery = left;
      });
      await this.record({
        action: 'recovery-code-used',
        who: user.username,
        address,
        detail: `${left.length} left`,
      });
      return true;
    }
    return false;
  }

  private async requirePassword(user: User, password: unknown): Promise<void> {
    if (!(await this.users.passwordMatches(user, password)))
      throw new UserError('Your password is not right.', 'password');
  }

  private requireUser(username: string): User {
    const user = this.users.get(username);
    if (!user) throw new AppError(404, `There is no user called ${username}.`);
    return user;
  }

  /** Refuses a change that would leave no enabled admin (no one could manage accounts any more). */
  private keepAnAdmin(user: User): void {
    const others = this.users.enabledAdmins().filter((u) => u.username !== user.username);
    if (!others.length)
      throw new AppError(409, `${user.username} is the last admin: make someone else an admin first.`);
  }
}
