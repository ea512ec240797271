// Signed cookie sessions (cookie-session). The cookie names the session's record in
// private/sessions.json and the sign-in time; the record names the account by its id (never reused)
// and epoch. Ending the record ends this browser's session only; moving the account's epoch on ("sign
// out everywhere", a new password or role) or removing the account ends every session of theirs.
import cookieSession from 'cookie-session';
import type { Request } from 'express';
import type { User } from '../../accounts/users.ts';
import type { Accounts } from '../../accounts/accounts.ts';
import { stillStands, type SessionRecord } from '../../accounts/sessions.ts';
import { SECOND_STEP_MS } from '../../accounts/accounts.ts';
import { SESSION_COOKIE, SESSION_LIFETIME_MS } from './sessionKeys.ts';
import { bearerOf } from './bearer.ts';

export { SESSION_COOKIE, SESSION_LIFETIME_MS, loadSessionSecret } from './sessionKeys.ts';

interface SessionData {
  /** The session record's id, and when the sign-in was (ms since the epoch). */
  s?: string;
  t?: number;
}

export function sessionMiddleware(secret: string, secure: boolean) {
  return cookieSession({
    name: SESSION_COOKIE,
    keys: [secret],
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_LIFETIME_MS,
  });
}

export interface SignedIn {
  user: User;
  session: SessionRecord;
}

/**
 * The cookie's session as it stands (none for a request with a bearer token): its record (not ended,
 * not expired) and the account it still stands for (see stillStands), whether or not its second
 * sign-in step is still owed. Null otherwise.
 */
export function sessionOf(req: Request, accounts: Accounts): SignedIn | null {
  // A request with a token for scripts is the token's alone (caller.ts): its cookie gives it nothing.
  if (bearerOf(req) !== undefined) return null;
  const s = (req.session ?? {}) as SessionData;
  if (typeof s.t !== 'number' || typeof s.s !== 'string') return null;
  if (Date.now() - s.t > SESSION_LIFETIME_MS) return null;
  const session = accounts.sessions.get(s.s);
  if (!session) return null;
  const user = accounts.users.byId(session.userId);
  if (!stillStands(session, user)) return null;
  if (session.pendingTwoFactor && Date.now() - session.created > SECOND_STEP_MS) return null;
  return { user, session };
}

/** The signed-in user, or null when there is no full session (ended, expired, or a step still owed). */
export function currentUser(req: Request, accounts: Accounts): User | null {
  const found = sessionOf(req, accounts);
  return found && !found.session.pendingTwoFactor ? found.user : null;
}

export function startSession(req: Request, session: SessionRecord): void {
  req.session = { s: session.id, t: Date.now() } satisfies SessionData;
}

export function endSession(req: Request): void {
  req.session = null;
}
