// What the accounts' calls answer (server/accounts/, server/http/routes/accountRoutes.ts) and the
// admin's accounts pages read (web/src/admin/accounts/accountsApi.ts): declared once.
import type { Permission, Role } from './roles.ts';

/** What may be shown of an account (never its hash or keys). */
export interface PublicAccount {
  username: string;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  lastSignIn: string | null;
  twoFactor: boolean;
}

/** The signed-in user as the admin reads it (auth_check.php, sign-in answers, pages drawn on the server). */
export interface SignedInUser {
  username: string;
  name: string;
  email: string;
  role: Role;
  /** What the role may do (roles.ts), as the server checks it. */
  can: Record<Permission, boolean>;
  /** Whether two-step sign-in is on for this account. */
  twoFactor: boolean;
  /** The role requires two-step sign-in and it is not on yet: nothing but the account page works. */
  mustSetUpTwoFactor: boolean;
}

/** One of your own signed-in browsers. */
export interface SessionView {
  id: string;
  /** The browser and system in words ("Firefox on Windows"). */
  browser: string;
  address: string;
  created: string;
  lastActive: string;
  /** The session of this browser. */
  current: boolean;
}

/** An open invite, as the accounts page lists it. */
export interface InviteView {
  id: string;
  role: Role;
  created: string;
  expires: string;
  /** Who made it (their user name). */
  by: string;
}

/** An open password-reset link, as the accounts page lists it. */
export interface ResetView {
  id: string;
  /** Whose password it sets. */
  username: string;
  created: string;
  expires: string;
  by: string;
}

export interface AccountSettings {
  /** Roles whose accounts must use two-step sign-in. */
  requireTwoFactor: Record<Role, boolean>;
}

/** The accounts page: every account, open invites and reset links, the settings. */
export interface AccountsOverview {
  users: PublicAccount[];
  invites: InviteView[];
  resets: ResetView[];
  settings: AccountSettings;
}

/** A token for scripts, as its maker (or an admin) sees it: never the token itself or its hash. */
export interface TokenView {
  id: string;
  name: string;
  /** The role it acts as (at most its maker's role at the time of the call). */
  role: Role;
  /** Whose it is (their user name). */
  username: string;
  created: string;
  /** When it was last used, and from which address (kept to the minute); null before its first use. */
  lastUsed: string | null;
  lastAddress: string | null;
}

/** A token just made: `token` is shown this once. */
export interface MadeToken {
  id: string;
  token: string;
  view: TokenView;
}

/** The longest name a token may have, and how many one person may hold. */
export const TOKEN_NAME_MAX = 60;
export const TOKENS_PER_PERSON = 20;
