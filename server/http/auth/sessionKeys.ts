// The session cookie's name and lifetime, and the secret that signs it: what the fast path and the
// start need, apart from session.ts so that they do not load cookie-session (Express's part).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { writeFileDurable } from '../../store/durable.ts';

export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'cms_session';

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
