// Sessions and sign-in over HTTP on the real server: the cookie's attributes, sign-out and password
// changes ending sessions (a copied cookie stops working), and the sign-in throttle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, TEST_ADMIN, type TestSite } from '../testing/testSite.ts';
import { SESSION_COOKIE } from './session.ts';

const writeNews = (site: TestSite, cookie: string, title: string) =>
  site.api('/api/news.php', { method: 'POST', json: { title }, headers: { cookie } });
const commits = (site: TestSite) => Number(site.git('rev-list', '--count', 'HEAD').trim());
const login = (site: TestSite, password: string, username = TEST_ADMIN.username) =>
  site.api('/api/login.php', { method: 'POST', json: { username, password }, headers: { cookie: '' } });

describe('sessions', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('sign-in answers status authenticated and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await login(site, TEST_ADMIN.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'authenticated', user: { username: 'admin', name: 'Site administrator', email: 'admin@localhost' } });
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toBeDefined();
    expect(session).toMatch(/; httponly/i);
    expect(session).toMatch(/; samesite=lax/i);
    expect(session).not.toMatch(/; secure/i); // not behind TLS here (TRUST_PROXY off)
    const maxAge = Date.parse(/expires=([^;]+)/i.exec(session)![1]!) - Date.now();
    expect(maxAge).toBeGreaterThan(8 * 3600_000 - 60_000);
    expect(maxAge).toBeLessThanOrEqual(8 * 3600_000 + 1000);
  });

  it('wrong credentials answer 401 "Invalid Credentials" without a session', async () => {
    for (const [username, password] of [['admin', 'wrong password'], ['nobody', TEST_ADMIN.password]] as const) {
      const res = await login(site, password, username);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ status: 'unauthenticated', error: 'Invalid Credentials' });
      expect(res.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/=;|expires=Thu, 01 Jan 1970/i.test(c))).toEqual([]);
    }
  });

  it('a cookie copied before sign-out is refused (401) after it', async () => {
    const copied = await site.signIn();
    const check = await site.api('/api/auth_check.php', { headers: { cookie: copied } });
    expect(await check.json()).toMatchObject({ status: 'authenticated' });
    expect((await writeNews(site, copied, 'Before sign-out')).status).toBe(201);

    await site.signOut();
    const before = commits(site);
    const res = await writeNews(site, copied, 'After sign-out');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Please sign in to do this.' });
    expect(commits(site)).toBe(before);
    expect(await (await site.api('/api/auth_check.php', { headers: { cookie: copied } })).json()).toEqual({ status: 'unauthenticated' });
    expect((await site.api('/api/messages', { headers: { cookie: copied } })).status).toBe(401);
    // Signing in again gives a new session that works.
    const fresh = await site.signIn();
    expect(fresh).not.toBe(copied);
    expect((await writeNews(site, fresh, 'After signing in again')).status).toBe(201);
  });

  it('a password change (users.setPassword) ends every session of that user; the new password works', async () => {
    await site.deps.users.add({ username: 'pat', password: 'pat-first-password', name: 'Pat Example', email: 'pat@example.org' });
    const patCookie = await site.signIn('pat', 'pat-first-password');
    const adminCookie = (await login(site, TEST_ADMIN.password)).headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect((await writeNews(site, patCookie, 'Pat before the change')).status).toBe(201);

    await site.deps.users.setPassword('pat', 'pat-second-password');
    expect((await writeNews(site, patCookie, 'Pat after the change')).status).toBe(401);
    // Another user's session is not affected.
    expect((await writeNews(site, adminCookie, 'Admin meanwhile')).status).toBe(201);
    expect((await login(site, 'pat-first-password', 'pat')).status).toBe(401);
    const renewed = await site.signIn('pat', 'pat-second-password');
    const res = await writeNews(site, renewed, 'Pat with the new password');
    expect(res.status).toBe(201);
    expect(site.git('log', '-1', '--format=%an <%ae>').trim()).toBe('Pat Example <pat@example.org>');
  });

  it('a removed user\'s session stops working', async () => {
    await site.deps.users.add({ username: 'temp', password: 'temporary-password', name: 'Temp' });
    const cookie = await site.signIn('temp', 'temporary-password');
    await site.deps.users.remove('temp');
    expect((await writeNews(site, cookie, 'Ghost user')).status).toBe(401);
  });

  it('a session older than 8 hours is refused', async () => {
    const cookie = await site.signIn();
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + 8 * 3600_000 + 1000;
      expect((await writeNews(site, cookie, 'Too late')).status).toBe(401);
    } finally {
      Date.now = realNow;
    }
    expect((await writeNews(site, cookie, 'Still in time')).status).toBe(201);
  });
});

describe('sign-in throttle', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('a success resets the count; the 6th failure within 15 minutes is answered 429 with Retry-After', async () => {
    for (let i = 1; i <= 4; i++) expect(`failure ${i}: ${(await login(site, 'wrong')).status}`).toBe(`failure ${i}: 401`);
    expect((await login(site, TEST_ADMIN.password)).status).toBe(200);
    // Without the reset, the 2nd failure after the success would be the 6th counted and refused.
    for (let i = 1; i <= 5; i++) expect(`failure ${i} after success: ${(await login(site, 'wrong')).status}`).toBe(`failure ${i} after success: 401`);
    const sixth = await login(site, 'wrong');
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({ error: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' });
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Locked out: even the right password is refused until the window passes.
    const right = await login(site, TEST_ADMIN.password);
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });
});
