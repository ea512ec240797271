// The team, as admins manage it: invites (made, withdrawn, accepted), roles, disabling accounts and
// password reset links. No change may leave the site without an enabled admin, and a link works only
// while the admin who made it still is one (OneTimeLinks' stillValid, linkStillValid below).
import { AppError } from '../schema/errors.ts';
import { can, isRole } from '../schema/roles.ts';
import { checkPassword, checkProfile, UserError, type User, type UserStore } from './users.ts';
import type { SessionStore } from './sessions.ts';
import type { OneTimeLink, OneTimeLinks } from './oneTimeLinks.ts';
import type { Asker, RecordEvent } from './asker.ts';

/** A link works while its maker is an enabled admin and the account it resets is still there. */
export const linkStillValid =
  (users: UserStore) =>
  (link: OneTimeLink): boolean => {
    const maker = link.byId ? users.byId(link.byId) : users.get(link.by);
    if (!maker || maker.disabled || !can(maker.role, 'administer')) return false;
    if (link.kind === 'invite') return true;
    return !!(link.userId ? users.byId(link.userId) : link.username && users.get(link.username));
  };

const LINK_WORDS = { invite: 'invite', reset: 'password-reset link' } as const;

/** Someone joined with an invite: their new account, and the username of the admin who made it. */
export type InviteUsed = (joined: User, maker: string | undefined) => void;

export class TeamAccounts {
  private readonly inviteListeners = new Set<InviteUsed>();

  constructor(
    private readonly users: UserStore,
    private readonly sessions: SessionStore,
    private readonly links: OneTimeLinks,
    private readonly record: RecordEvent,
  ) {}

  async invite(role: unknown, asker: Asker): Promise<{ token: string; link: OneTimeLink }> {
    if (!isRole(role)) throw new UserError('Choose a role: contributor, editor or admin.', 'role');
    const made = await this.links.make('invite', role, this.requireUser(asker.username));
    await this.record({
      action: 'invite-create',
      who: asker.username,
      address: asker.address,
      detail: `as ${role}, link ${made.link.id}, until ${made.link.expires}`,
    });
    return made;
  }

  async withdraw(kind: 'invite' | 'reset', id: string, asker: Asker): Promise<void> {
    const gone = await this.links.withdraw(kind, id);
    if (!gone)
      throw new AppError(404, `There is no such ${LINK_WORDS[kind]} (it may have been used or expired).`);
    await this.record({
      action: `${kind}-withdraw`,
      who: asker.username,
      address: asker.address,
      detail: `link ${id}${gone.username ? ` for ${gone.username}` : ''}`,
    });
  }

  /**
   * Withdraws the links that stopped working: their maker was disabled, removed or lost the admin
   * role (here or with `npm run user`), or the account a reset link is for was removed.
   */
  async dropInvalidLinks(asker: Asker): Promise<void> {
    for (const link of await this.links.dropInvalid())
      await this.record({
        action: `${link.kind}-withdraw`,
        who: asker.username,
        address: asker.address,
        detail: `link ${link.id}${link.username ? ` for ${link.username}` : ''}, made by ${link.by}: it stopped working when their account changed`,
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
      const maker = (link.byId ? this.users.byId(link.byId) : this.users.get(link.by))?.username;
      // Those told of it never undo the join (the account is made already).
      for (const listener of this.inviteListeners)
        try {
          listener(user, maker);
        } catch {
          // A listener's own failure is its own to report.
        }
      return user;
    });
  }

  onInviteUsed(listener: InviteUsed): () => void {
    this.inviteListeners.add(listener);
    return () => this.inviteListeners.delete(listener);
  }

  async setRole(username: string, role: unknown, asker: Asker): Promise<User> {
    if (!isRole(role)) throw new UserError('Choose a role: contributor, editor or admin.', 'role');
    const user = this.requireUser(username);
    if (user.role === role) return user;
    if (user.username.toLowerCase() === asker.username.toLowerCase())
      throw new AppError(409, 'You cannot change your own role. Ask another admin.');
    if (user.role === 'admin') this.keepAnAdmin(user);
    const changed = await this.users.setRole(username, role);
    await this.sessions.endAllOf(changed);
    await this.dropInvalidLinks(asker);
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
    if (disabled) await this.sessions.endAllOf(changed);
    if (disabled) await this.dropInvalidLinks(asker);
    await this.record({
      action: disabled ? 'user-disable' : 'user-enable',
      who: asker.username,
      address: asker.address,
      detail: user.username,
    });
    return changed;
  }

  /**
   * Removes an account: its sessions end and its streams close at once, its links stop working. What
   * the person made stays (commits name them). A new account of the same name is another account.
   */
  async remove(username: string, asker: Asker): Promise<void> {
    const user = this.requireUser(username);
    if (user.username.toLowerCase() === asker.username.toLowerCase())
      throw new AppError(409, 'You cannot remove your own account. Ask another admin.');
    if (user.role === 'admin' && !user.disabled) this.keepAnAdmin(user);
    await this.users.remove(user.username);
    await this.sessions.endAllOf(user);
    await this.record({
      action: 'user-remove',
      who: asker.username,
      address: asker.address,
      detail: `removed ${user.username}`,
    });
    await this.dropInvalidLinks(asker);
  }

  async resetLink(username: string, asker: Asker): Promise<{ token: string; link: OneTimeLink }> {
    const user = this.requireUser(username);
    const made = await this.links.make('reset', user, this.requireUser(asker.username));
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
      const account = link.userId ? this.users.byId(link.userId) : this.users.get(link.username!);
      if (!account) return undefined; // removed since the link was found
      const user = await this.users.setPassword(account.username, password);
      await this.sessions.endAllOf(user);
      await this.record({
        action: 'reset-use',
        who: user.username,
        address,
        detail: `link ${link.id} made by ${link.by}`,
      });
      return user;
    });
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
