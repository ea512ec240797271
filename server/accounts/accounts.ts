// Staff accounts as a team uses them: sessions one by one, your own account, and the parts that
// do the rest (TeamAccounts: invites, roles, reset links; TwoStepSignIn; AccountSettingsFile). Every
// change is audited (who, when, from where) through the `record` callback; the HTTP layer checks who
// may call what before it gets here.
import path from 'node:path';
import { AppError } from '../schema/errors.ts';
import { checkProfile, UserError, type User, type UserStore } from './users.ts';
import { SessionStore, type SessionRecord } from './sessions.ts';
import { OneTimeLinks } from './oneTimeLinks.ts';
import { AccountSettingsFile, type AccountSettings } from './accountSettings.ts';
import { TwoStepSignIn } from './twoStepSignIn.ts';
import { linkStillValid, TeamAccounts } from './teamAccounts.ts';
import type { Asker, RecordEvent } from './asker.ts';
import type { AccountsOverview } from '../schema/accountViews.ts';
import { ApiTokens, lowerRole, type TokenRecord } from './apiTokens.ts';
import { can } from '../schema/roles.ts';

/** Who a token acts for: its maker as they are now, with the role the token acts as. */
export interface TokenHolder {
  /** The maker's account, with `role` lowered to the token's (never raised above theirs). */
  user: User;
  /** The maker's account as it is (its own role: two-step sign-in rules are the account's). */
  owner: User;
  token: TokenRecord;
}

/** The request a session starts from: its browser and address, shown in the session list. */
export interface FromBrowser {
  userAgent?: string;
  address?: string;
}

/** The audit's "who" for what follows a change made with `npm run user`. */
const SHELL_ASKER = 'npm run user';

/** How long a password sign-in waits for its second step. */
export const SECOND_STEP_MS = 5 * 60 * 1000;

export class Accounts {
  /** Invites, roles, disabling and reset links (admins). */
  readonly team: TeamAccounts;
  /** Setting up, renewing and turning off two-step sign-in, and checking its second step. */
  readonly twoStep: TwoStepSignIn;
  private stopWatching?: () => void;

  private constructor(
    readonly users: UserStore,
    readonly sessions: SessionStore,
    readonly links: OneTimeLinks,
    /** Tokens for scripts (apiTokens.ts). */
    readonly tokens: ApiTokens,
    private readonly settingsFile: AccountSettingsFile,
    private readonly record: RecordEvent,
    issuer: string,
  ) {
    this.team = new TeamAccounts(users, sessions, links, record);
    this.twoStep = new TwoStepSignIn(users, record, issuer, () => settingsFile.current);
  }

  static async open(opts: {
    users: UserStore;
    privateDir: string;
    sessionLifetimeMs: number;
    record: RecordEvent;
    issuer: string;
  }): Promise<Accounts> {
    const sessions = await new SessionStore(
      path.join(opts.privateDir, 'sessions.json'),
      opts.sessionLifetimeMs,
    ).load();
    await opts.users.ensureIds();
    const links = await new OneTimeLinks(
      path.join(opts.privateDir, 'one-time-links.json'),
      linkStillValid(opts.users),
    ).load();
    const settings = await AccountSettingsFile.load(
      path.join(opts.privateDir, 'account-settings.json'),
      opts.record,
    );
    const tokens = await new ApiTokens(path.join(opts.privateDir, 'api-tokens.json')).load();
    const accounts = new Accounts(opts.users, sessions, links, tokens, settings, opts.record, opts.issuer);
    await accounts.endWhatNoLongerStands();
    return accounts;
  }

  /**
   * Ends the sessions (and so their open streams) and withdraws the links that a change made outside
   * the server took away: `npm run user -- remove`, `passwd`, `role`. Runs as the users file changes
   * (watchUsersFile) and at each start.
   */
  async endWhatNoLongerStands(): Promise<void> {
    await this.sessions.endUnstanding((id) => this.users.byId(id));
    await this.tokens.dropOrphans((id) => this.users.byId(id) !== undefined);
    await this.team.dropInvalidLinks({ username: SHELL_ASKER });
  }

  /** Changes made to the users file by another process take effect at once, not at the next request. */
  watchUsersFile(): void {
    this.stopWatching?.();
    const stop = this.users.onChangedElsewhere(
      () => void this.endWhatNoLongerStands().catch(() => undefined),
    );
    this.users.watch();
    this.stopWatching = () => {
      stop();
      this.users.unwatch();
    };
  }

  /** Stops watching the users file; settles once every write asked for so far is on disk. */
  async close(): Promise<void> {
    this.stopWatching?.();
    this.stopWatching = undefined;
    await this.idle();
  }

  get settings(): AccountSettings {
    return this.settingsFile.current;
  }

  /** Settles once every write asked for so far is on disk. */
  async idle(): Promise<void> {
    await Promise.all([this.sessions.idle(), this.settingsFile.idle(), this.tokens.idle()]);
  }

  /** The user's role requires two-step sign-in and they have not set it up. */
  mustSetUpTwoFactor(user: User): boolean {
    return this.settings.requireTwoFactor[user.role] && !user.twoFactor;
  }

  // ── Sessions ──────────────────────────────────────────────────────────────────────────────────

  /**
   * A password sign-in: a full session, or one that still owes its second step (which remembers
   * whether the browser signed in to the account before: `knownDevice`, for the code throttle).
   */
  async signedIn(user: User, from: FromBrowser, knownDevice?: string | null): Promise<SessionRecord> {
    const owed = !!user.twoFactor;
    const session = await this.sessions.start(user, from, { owed, knownDevice });
    if (!owed) await this.noteSignIn(user);
    return session;
  }

  /** The second step of a sign-in: a code from the app or a recovery code. False when wrong. */
  async secondStep(
    user: User,
    session: SessionRecord,
    given: { code?: unknown; recoveryCode?: unknown },
    address?: string,
  ): Promise<boolean> {
    const ok = await this.twoStep.checkSecondFactor(user, given, address);
    if (!ok) {
      await this.record({ action: 'two-factor-failed', who: user.username, address });
      return false;
    }
    await this.sessions.completeTwoFactor(session.id);
    await this.noteSignIn(user);
    return true;
  }

  async endSession(user: User, id: string, asker: Asker): Promise<void> {
    const own = this.sessions.of(user).some((s) => s.id === id);
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
    await this.sessions.endAllOf(user);
    await this.record({ action: 'sign-out-everywhere', who: asker.username, address: asker.address });
  }

  // ── Tokens for scripts ────────────────────────────────────────────────────────────────────────

  /**
   * Who a token (as sent in `Authorization: Bearer …`) acts for, or null: unknown or revoked, or its
   * maker removed or disabled. A maker whose role was lowered since lowers the token with it.
   */
  tokenHolder(token: string): TokenHolder | null {
    const record = this.tokens.find(token);
    const owner = record && this.users.byId(record.userId);
    if (!record || !owner || owner.disabled) return null;
    return { user: { ...owner, role: lowerRole(record.role, owner.role) }, owner, token: record };
  }

  async makeToken(user: User, input: { name?: unknown; role?: unknown }, asker: Asker) {
    const made = await this.tokens.make(user, input);
    await this.record({
      action: 'token-create',
      who: asker.username,
      address: asker.address,
      detail: `“${made.record.name}” (${made.record.role})`,
    });
    return made;
  }

  /** Revokes a token of the person's, or anyone's for an admin; 404 in plain words otherwise. */
  async revokeToken(user: User, id: string, asker: Asker): Promise<void> {
    const found = this.tokens.get(id);
    const mayRevoke = found && (found.userId === user.id || can(user.role, 'administer'));
    if (!mayRevoke || !(await this.tokens.revoke(id)))
      throw new AppError(404, 'There is no such token (it may have been revoked already).');
    await this.record({
      action: 'token-revoke',
      who: asker.username,
      address: asker.address,
      detail: `“${found.name}”${found.userId === user.id ? '' : ` of ${found.username}`}`,
    });
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
    await this.sessions.endAllOf(changed, keep);
    await this.sessions.follow(keep, changed.epoch);
    await this.record({
      action: 'user-password',
      who: asker.username,
      address: asker.address,
      detail: 'their own',
    });
    return changed;
  }

  // ── Settings and the accounts page (admins) ───────────────────────────────────────────────────

  setSettings(input: unknown, asker: Asker): Promise<AccountSettings> {
    return this.settingsFile.set(input, asker);
  }

  /** The accounts page: every account, open invites, the settings. */
  overview(): AccountsOverview {
    return {
      users: this.users.list().sort((a, b) => a.username.localeCompare(b.username)),
      invites: this.links
        .open('invite')
        .map((l) => ({ id: l.id, role: l.role!, created: l.created, expires: l.expires, by: l.by })),
      resets: this.links.open('reset').map((l) => ({
        id: l.id,
        username: l.username!,
        created: l.created,
        expires: l.expires,
        by: l.by,
      })),
      settings: this.settings,
    };
  }

  private async noteSignIn(user: User): Promise<void> {
    await this.users.update(user.username, (u) => {
      u.lastSignIn = new Date().toISOString();
    });
  }
}
