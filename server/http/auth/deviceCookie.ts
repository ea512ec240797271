// OWASP's "device cookies": a browser that has signed in to an account gets a signed cookie naming
// that account. The account-wide lockout (many addresses guessing one password) never refuses such
// a browser; it is counted on its own instead. So strangers cannot lock the owner out.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'cms_device';
/** A year: the owner's own browser stays known between sign-ins. */
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

const accountOf = (username: string) => username.toLowerCase();

export class DeviceCookies {
  constructor(private readonly secret: string) {}

  /** A new cookie value for a browser that has just signed in to `username`. */
  issue(username: string): string {
    const payload = `${Buffer.from(accountOf(username)).toString('base64url')}.${randomBytes(12).toString('base64url')}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The device's id when `value` is a cookie this server issued for `username`, else null. */
  deviceFor(value: string | undefined, username: string): string | null {
    if (!value) return null;
    const [account, nonce, mac, ...rest] = value.split('.');
    if (!account || !nonce || !mac || rest.length) return null;
    const expected = Buffer.from(this.sign(`${account}.${nonce}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Buffer.from(account, 'base64url').toString() !== accountOf(username)) return null;
    return nonce;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`device:${payload}`).digest('base64url');
  }
}
