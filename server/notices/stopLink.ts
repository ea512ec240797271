// The one-click stop in every notice email: a link naming the account and a key made from the
// server's secret and the account's id, so it works without signing in, for that account only, and
// not for another account made later under the same name.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where the stop link leads, under the API's router, and as an address. */
export const STOP_ROUTE = '/notifications/stop';
export const STOP_PATH = `/api${STOP_ROUTE}`;

const keyOf = (secret: string, accountId: string) =>
  createHmac('sha256', secret).update(`stop-notice-email:${accountId}`).digest('base64url');

export const stopUrl = (origin: string, secret: string, user: { username: string; id: string }): string =>
  `${origin}${STOP_PATH}?${new URLSearchParams({ user: user.username, key: keyOf(secret, user.id) })}`;

export function stopKeyMatches(secret: string, accountId: string, key: string): boolean {
  const want = Buffer.from(keyOf(secret, accountId));
  const got = Buffer.from(key);
  return want.length === got.length && timingSafeEqual(want, got);
}
