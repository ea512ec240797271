// Sign-in cannot be turned against its owner: strangers' wrong guesses lock the account for new
// browsers only, never for a browser that has signed in to it before (a signed device cookie); the
// counts survive a restart; writes are checked against CMS_PUBLIC_URL's origin when it is set.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestSite, TEST_ADMIN, type TestSite } from '../../testing/testSite.ts';
import { DEVICE_COOKIE } from './deviceCookie.ts';

const sites: TestSite[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of sites.splice(0)) await s.stop().catch(() => undefined);
});
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function site(dataDir?: string) {
  const s = await startTestSite({ trustProxy: true, ...(dataDir && { dataDir }) });
  sites.push(s);
  return s;
}

/** A sign-in from `address` (through the proxy), with the browser's cookies if it has any. */
const signIn = (s: TestSite, address: string, password: string, cookie = '') =>
  s.api('/api/login.php', {
    method: 'POST',
    json: { username: TEST_ADMIN.username, password },
    headers: {
      cookie,
      origin: s.url.replace('http:', 'https:'),
      'x-forwarded-proto': 'https',
      'x-forwarded-for': address,
    },
  });

const deviceCookieOf = (res: Response) => {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return set?.split(';')[0] ?? '';
};

describe("the owner's own browser", () => {
  it('signs in after ten wrong passwords from other addresses, while a new browser is refused', async () => {
    const s = await site();
    const first = await signIn(s, '198.51.100.1', TEST_ADMIN.password);
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    expect(first.headers.getSetCookie().find((c) => c.startsWith(DEVICE_COOKIE))).toMatch(
      /HttpOnly.*Secure|Secure.*HttpOnly/,
    );

    for (let i = 1; i <= 10; i++) expect((await signIn(s, `203.0.113.${i}`, `guess-${i}`)).status).toBe(401);
    const stranger = await signIn(s, '203.0.113.99', TEST_ADMIN.password);
    expect(stranger.status).toBe(429);
    expect((await stranger.json()).error).toMatch(/^Too many failed sign-in attempts for this account/);

    const owner = await signIn(s, '198.51.100.1', TEST_ADMIN.password, device);
    expect(owner.status).toBe(200);
    // Even from a new address (a phone on another network) the known browser gets in.
    expect((await signIn(s, '192.0.2.44', TEST_ADMIN.password, device)).status).toBe(200);
    // The owner's sign-in did not hand strangers fresh guesses.
    expect((await signIn(s, '203.0.113.100', TEST_ADMIN.password)).status).toBe(429);
  });

  it("is still limited in its own wrong guesses, and a cookie that is altered or for another account doesn't count", async () => {
    const s = await site();
    const device = deviceCookieOf(await signIn(s, '198.51.100.2', TEST_ADMIN.password));
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await signIn(s, '198.51.100.2', `oops-${i}`, device)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    const s2 = await site();
    await s2.deps.users.add({ username: 'bea', password: 'bea-password-123', name: 'Bea' });
    const beaDevice = deviceCookieOf(
      await s2.api('/api/login.php', {
        method: 'POST',
        json: { username: 'bea', password: 'bea-password-123' },
      }),
    );
    for (let i = 1; i <= 10; i++) expect((await signIn(s2, `203.0.113.${i}`, `guess-${i}`)).status).toBe(401);
    // Bea's browser is not the admin's; an altered admin cookie is nobody's.
    expect((await signIn(s2, '198.51.100.3', TEST_ADMIN.password, beaDevice)).status).toBe(429);
    const altered = beaDevice.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await signIn(s2, '198.51.100.3', TEST_ADMIN.password, altered)).status).toBe(429);
  });
});

describe('the throttle across a restart', () => {
  it('keeps its counts: a restart does not hand out fresh guesses', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cms-throttle-'));
    dirs.push(dataDir);
    const s = await site(dataDir);
    for (let i = 1; i <= 5; i++) expect((await signIn(s, '203.0.113.7', `guess-${i}`)).status).toBe(401);
    await s.deps.signInThrottle.flushed();
    await s.stop();
    sites.splice(sites.indexOf(s), 1);
    const again = await site(dataDir);
    const sixth = await signIn(again, '203.0.113.7', `guess-6`);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  });
});

describe('the origin check with CMS_PUBLIC_URL', () => {
  it("takes the site's address from the setting, not from the request's Host", async () => {
    const s = await startTestSite({ publicUrl: 'https://www.example.org' });
    sites.push(s);
    await s.signIn(); // sent with Origin https://www.example.org
    const news = { title: 'Origin check', link: '', when_date: '2026-02-01', what: 'x' };
    const fromHost = await s.api('/api/news.php', { method: 'POST', json: news, headers: { origin: s.url } });
    expect(fromHost.status).toBe(403);
    const fromSite = await s.api('/api/news.php', { method: 'POST', json: news });
    expect(fromSite.status).toBe(201);
  });
});
