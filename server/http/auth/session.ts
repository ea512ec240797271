// Signed cookie sessions (cookie-session) carrying the user's epoch and the sign-in time.
import cookieSession from 'cookie-session';
import type { Request } from 'express';
import type { User, UserStore } from '../../accounts/users.ts';
import { SESSION_COOKIE, SESSION_LIFETIME_MS } from './sessionKeys.ts';

export { SESSION_COOKIE, SESSION_LIFETIME_MS, loadSessionSecret } from './sessionKeys.ts';

interface SessionData {
  u?: string;
  e?: number;
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

/** The signed-in user, or null when there is no session or it was ended or has expired. */
export function currentUser(req: Request, users: UserStore): User | null {
  const s = (req.session ?? {}) as SessionData;
  if (!s.u || typeof s.e !== 'number' || typeof s.t !== 'number') return null;
  if (Date.now() - s.t > SESSION_LIFETIME_MS) return null;
  const user = users.get(s.u);
  return user && user.epoch === s.e ? user : null;
}

export function startSession(req: Request, user: User): void {
  req.session = { u: user.username, e: user.epoch, t: Date.now() } satisfies SessionData;
}

export function endSession(req: Request): void {
  req.session = null;
}
