// Signed cookie sessions (cookie-session) carrying the user's epoch and the sign-in time.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import cookieSession from 'cookie-session';
import type { Request } from 'express';
import { writeFileDurable } from '../../store/durable.ts';
import type { User, UserStore } from '../../accounts/users.ts';

export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'cms_session';

interface SessionData {
  u?: string;
  e?: number;
  t?: number;
}

export async function loadSessionSecret(file: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const kept = await readFile(file, 'utf8').then(
    (s) => s.trim(),
    () => '',
  );
  if (kept.length >= 32) return kept;
  // Missing, empty or too short to sign with: make a new one (existing sessions end).
  const secret = randomBytes(32).toString('base64url');
  await writeFileDurable(file, `${secret}\n`, { mode: 0o600 });
  return secret;
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
