// What the account suites share: a browser of its own (cookies, the site's Origin) against a running
// test site, joining through an invite, the live stream, and the authenticator app's codes.
import http from 'node:http';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import type { TestSite } from '../../testing/testSite.ts';

export type Json = Record<string, unknown>;

/** A browser of its own: its own cookies, the site's Origin. */
export class Browser {
  cookie = '';
  constructor(
    /** The site, asked for at each call (suites start theirs in beforeAll). */
    readonly siteOf: () => TestSite,
    readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
    /** Sent as X-Forwarded-For (a site with TRUST_PROXY on reads the address from it), over https. */
    readonly address?: string,
  ) {}

  get site(): TestSite {
    return this.siteOf();
  }

  async call(
    pathname: string,
    init: { method?: string; json?: unknown } = {},
  ): Promise<{ status: number; body: Json; headers: Headers }> {
    const res = await this.site.api(pathname, {
      method: init.method ?? 'GET',
      headers: {
        cookie: this.cookie,
        'user-agent': this.userAgent,
        // Behind the proxy, as over TLS: cookies are Secure there.
        ...(this.address
          ? {
              'x-forwarded-for': this.address,
              'x-forwarded-proto': 'https',
              origin: this.site.url.replace('http:', 'https:'),
            }
          : {}),
      },
      ...(init.json !== undefined ? { json: init.json } : {}),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (set.length) {
      const jar = new Map(
        this.cookie
          .split('; ')
          .filter(Boolean)
          .map((c) => [c.split('=')[0]!, c]),
      );
      for (const c of set) jar.set(c.split('=')[0]!, c);
      // A cookie set to nothing was cleared.
      this.cookie = [...jar.values()].filter((c) => c.slice(c.indexOf('=') + 1) !== '').join('; ');
    }
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Json) : {}, headers: res.headers };
  }

  signIn(username: string, password: string) {
    return this.call('/api/login.php', { method: 'POST', json: { username, password } });
  }

  /** Another browser with this one's cookies (a copied cookie, a second tab). */
  copy(address = this.address): Browser {
    const other = new Browser(this.siteOf, this.userAgent, address);
    other.cookie = this.cookie;
    return other;
  }
}

let joined = 0;

export const tokenOf = (url: unknown) => String(url).split('/').pop()!;

/**
 * Joins through an invite of this role made by `admin`; answers the new person's browser (behind the
 * same proxy as the admin's, from an address of its own).
 */
export async function join(
  admin: Browser,
  role: string,
  username: string,
  password = `${username}-password-1`,
): Promise<Browser> {
  const made = await admin.call('/api/users/invites', { method: 'POST', json: { role } });
  expect(made.status).toBe(201);
  const browser = new Browser(admin.siteOf, undefined, admin.address && `192.0.2.${++joined % 250}`);
  const res = await browser.call(`/api/invites/${tokenOf(made.body.url)}`, {
    method: 'POST',
    json: { username, name: `${username} Person`, email: `${username}@example.org`, password },
  });
  expect(res.status).toBe(201);
  return browser;
}

/** Opens a live stream (/api/stream by default) as this browser; `ended` settles when the server closes it. */
export function openStream(
  browser: Browser,
  pathname = '/api/stream',
): Promise<{ status: number; ended: Promise<void>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${browser.site.url}${pathname}`, { headers: { cookie: browser.cookie } }, (res) => {
      res.resume();
      const ended = new Promise<void>((done) => res.on('end', () => done()));
      resolve({ status: res.statusCode ?? 0, ended, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

/** The authenticator app's codes for a key. */
export const totp = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

/** Turns two-step sign-in on for the browser's account; answers the key and the recovery codes. */
export async function turnOnTwoStep(browser: Browser): Promise<{ secret: string; codes: string[] }> {
  const secret = String((await browser.call('/api/account/two-factor', { method: 'POST' })).body.secret);
  const confirmed = await browser.call('/api/account/two-factor/confirm', {
    method: 'POST',
    json: { code: totp(secret).generate() },
  });
  expect(confirmed.status).toBe(200);
  return { secret, codes: confirmed.body.recoveryCodes as string[] };
}
