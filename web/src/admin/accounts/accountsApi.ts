// The accounts' calls (docs/accounts.md): your own account (profile, password, sessions, two-step
// sign-in), the admins' accounts list (invites, roles, disabling, reset links, the two-step rule per
// role), and the links an admin hands out, opened by someone not signed in.
import { getJson, send } from '../api.ts';
import { userChanged, type AdminUser } from '../auth.ts';
import type { Role } from '../../../../server/schema/roles.ts';

export type {
  InviteView as Invite,
  ResetView as ResetLink,
  PublicAccount as Account,
  SessionView as Session,
} from '../../../../server/schema/accountViews.ts';
import type {
  MadeToken,
  TokenView,
  AccountsOverview,
  PublicAccount as Account,
  AccountSettings,
  SessionView,
} from '../../../../server/schema/accountViews.ts';
import type { NotifySettings } from '../../../../server/schema/notifications.ts';

export interface MyAccount {
  user: AdminUser;
  sessions: SessionView[];
  /** Which notices also come by email, and whether the server can send email at all. */
  notify: NotifySettings;
}

export type RequireTwoFactor = AccountSettings['requireTwoFactor'];
export type AccountsList = AccountsOverview;

/** A one-time link made to hand on (an invite or a password reset). */
export interface MadeLink {
  url: string;
  expires: string;
}

// Your own account.
export const getMyAccount = (signal?: AbortSignal) => getJson<MyAccount>('account', signal);

export async function saveProfile(profile: { name: string; email: string }): Promise<AdminUser> {
  const { user } = await send<{ user: AdminUser }>('PATCH', 'account', profile);
  userChanged(user);
  return user;
}

export const changePassword = (current: string, password: string) =>
  send<{ ok: true }>('POST', 'account/password', { current, password });

export const endSession = (id: string) =>
  send<{ ok: true }>('DELETE', `account/sessions/${encodeURIComponent(id)}`);

export const signOutEverywhere = () => send<{ ok: true }>('POST', 'account/sign-out-everywhere');

/** A new key for the authenticator app, not on until a code from it is confirmed. */
export const startTwoFactor = () =>
  send<{ secret: string; uri: string; qrSvg: string }>('POST', 'account/two-factor');

export const confirmTwoFactor = (code: string) =>
  send<{ recoveryCodes: string[] }>('POST', 'account/two-factor/confirm', { code });

export const newRecoveryCodes = (password: string) =>
  send<{ recoveryCodes: string[] }>('POST', 'account/two-factor/recovery-codes', { password });

export const turnOffTwoFactor = (password: string) =>
  send<{ ok: true }>('DELETE', 'account/two-factor', { password });

// Your tokens for scripts (docs/accounts.md): the token itself only in the answer that makes it.
export type { TokenView as ScriptToken } from '../../../../server/schema/accountViews.ts';

export const getTokens = (signal?: AbortSignal) => getJson<{ tokens: TokenView[] }>('tokens', signal);

/** Everyone's tokens (admins), for the Accounts page. */
export const getEveryonesTokens = (signal?: AbortSignal) =>
  getJson<{ tokens: TokenView[] }>('tokens?all=true', signal);

export const makeToken = (name: string, role: Role) => send<MadeToken>('POST', 'tokens', { name, role });

export const revokeToken = (id: string) => send<{ ok: true }>('DELETE', `tokens/${encodeURIComponent(id)}`);

// The admins' accounts page.
export const getAccounts = (signal?: AbortSignal) => getJson<AccountsList>('users', signal);

export const makeInvite = (role: Role) => send<MadeLink & { id: string }>('POST', 'users/invites', { role });

export const withdrawLink = (kind: 'invite' | 'reset', id: string) =>
  send<{ ok: true }>('DELETE', `users/${kind}s/${encodeURIComponent(id)}`);

export const removeAccount = (username: string) =>
  send<{ ok: true }>('DELETE', `users/${encodeURIComponent(username)}`);

export const changeAccount = (username: string, change: { role: Role } | { disabled: boolean }) =>
  send<{ user: Account }>('PATCH', `users/${encodeURIComponent(username)}`, change);

export const makeResetLink = (username: string) =>
  send<MadeLink>('POST', `users/${encodeURIComponent(username)}/reset`);

export const saveRequireTwoFactor = (requireTwoFactor: RequireTwoFactor) =>
  send<{ settings: { requireTwoFactor: RequireTwoFactor } }>('PUT', 'users/settings', { requireTwoFactor });

// The links (no session).
export const getInvite = (token: string, signal?: AbortSignal) =>
  getJson<{ role: Role; expires: string }>(`invites/${encodeURIComponent(token)}`, signal);

export const acceptInvite = (
  token: string,
  account: { username: string; name: string; email: string; password: string },
) => send<{ status: string; user: AdminUser }>('POST', `invites/${encodeURIComponent(token)}`, account);

export const getReset = (token: string, signal?: AbortSignal) =>
  getJson<{ username: string; expires: string }>(`resets/${encodeURIComponent(token)}`, signal);

export const resetPassword = (token: string, password: string) =>
  send<{ ok: true }>('POST', `resets/${encodeURIComponent(token)}`, { password });
