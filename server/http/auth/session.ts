// Signed cookie sessions (cookie-session). The cookie names the user, their epoch, the sign-in time and
// the session's record in private/sessions.json: ending that record ends this browser's session only;
// moving the user's epoch on ("sign out everywhere", a new password) ends every cookie of theirs.
import cookieSession from 'cookie-session';
import type { Request } from 'express';
import type { User } from '../../accounts/users.ts';
import type { Accounts } from '../../accounts/accounts.ts';
import type { SessionRecord } from '../../accounts/sessions.ts';
import { SECOND_STEP_MS } from '../../accounts/accounts.ts';
import { SESSION_COOKIE, SESSION_LIFETIME_MS } from './sessionKeys.ts';

export { SESSION_COOKIE, SESSION_LIFETIME_MS, loadSessionSecret } from './sessionKeys.ts';

interface SessionData {
  u?: string;
  e?: number;
  t?: number;
  s?: string;
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
 * The cookie's session as it stands: its user (not disabled, epoch current) and record (not ended,
 * not expired), whether or not its second sign-in step is still owed. Null otherwise.
 */
export function sessionOf(req: Request, accounts: Accounts): SignedIn | null {
  const s = (req.session ?? {}) as SessionData;
  if (!s.u || typeof s.e !== 'number' || typeof s.t !== 'number' || typeof s.s !== 'string') return null;
  if (Date.now() - s.t > SESSION_LIFETIME_MS) return null;
  const user = accounts.users.get(s.u);
  const session = accounts.sessions.get(s.s);
  if (!user || user.disabled || user.epoch !== s.e || !session) return null;
  if (session.username.toLowerCase() !== user.username.toLowerCase()) return null;
  if (session.pendingTwoFactor && Date.now() - session.created > SECOND_STEP_MS) return null;
  return { user, session };
}

/** The signed-in user, or null when there is no full session (ended, expired, or a step still owed). */
export function currentUser(req: Request, accounts: Accounts): User | null {
  const found = sessionOf(req, accounts);
  return found && !found.session.pendingTwoFactor ? found.user : null;
}

export function startSession(req: Request, user: User, session: SessionRecord): void {
  req.session = { u: user.username, e: user.epoch, t: Date.now(), s: session.id } satisfies SessionData;
}

export function endSession(req: Request): void {
  req.session = null;
}
