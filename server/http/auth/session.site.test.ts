// Sessions and sign-in over HTTP on the real server: the cookie's attributes, sign-out and password
// changes ending sessions (a copied cookie stops working), and the sign-in throttle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, TEST_ADMIN, type TestSite } from '../../testing/testSite.ts';
import { SESSION_COOKIE } from './session.ts';
import { SignInThrottle } from './throttle.ts';

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
    expect(await res.json()).toEqual({
      status: 'authenticated',
      user: {
        username: 'admin',
        name: 'Site administrator',
        email: 'admin@localhost',
        role: 'admin',
        can: { drafts: true, publish: true, administer: true },
        twoFactor: false,
        mustSetUpTwoFactor: false,
      },
    });
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
    for (const [username, password] of [
      ['admin', 'wrong password'],
      ['nobody', TEST_ADMIN.password],
    ] as const) {
      const res = await login(site, password, username);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ status: 'unauthenticated', error: 'Invalid Credentials' });
      expect(
        res.headers
          .getSetCookie()
          .filter((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/=;|expires=Thu, 01 Jan 1970/i.test(c)),
      ).toEqual([]);
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
    expect(await (await site.api('/api/auth_check.php', { headers: { cookie: copied } })).json()).toEqual({
      status: 'unauthenticated',
    });
    expect((await site.api('/api/messages', { headers: { cookie: copied } })).status).toBe(401);
    // Signing in again gives a new session that works.
    const fresh = await site.signIn();
    expect(fresh).not.toBe(copied);
    expect((await writeNews(site, fresh, 'After signing in again')).status).toBe(201);
  });

  it('a password change (users.setPassword) ends every session of that user; the new password works', async () => {
    await site.deps.users.add({
      username: 'pat',
      password: 'pat-first-password',
      name: 'Pat Example',
      email: 'pat@example.org',
    });
    const patCookie = await site.signIn('pat', 'pat-first-password');
    const adminCookie = (await login(site, TEST_ADMIN.password)).headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
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

  it("a removed user's session stops working", async () => {
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
    for (let i = 1; i <= 4; i++)
      expect(`failure ${i}: ${(await login(site, 'wrong')).status}`).toBe(`failure ${i}: 401`);
    expect((await login(site, TEST_ADMIN.password)).status).toBe(200);
    // Without the reset, the 2nd failure after the success would be the 6th counted and refused.
    for (let i = 1; i <= 5; i++)
      expect(`failure ${i} after success: ${(await login(site, 'wrong')).status}`).toBe(
        `failure ${i} after success: 401`,
      );
    const sixth = await login(site, 'wrong');
    expect(sixth.status).toBe(429);
    const error = 'Too many failed sign-in attempts for this account. Please try again in 15 minutes.';
    expect(await sixth.json()).toEqual({ error });
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Locked out: even the right password is refused until the window passes.
    const right = await login(site, TEST_ADMIN.password);
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });

  it("another account's good sign-ins do not reset the count of wrong guesses at this one", async () => {
    await site.deps.users.add({ username: 'bea', password: 'bea-password-123', name: 'Bea' });
    await site.deps.users.add({ username: 'target', password: 'target-password-1', name: 'Target' });
    const answers: string[] = [];
    // Usernames ignore case, for counting too.
    for (let i = 1; i <= 8; i++) {
      answers.push(`guess ${i}: ${(await login(site, `guess-${i}`, i % 2 ? 'target' : 'TARGET')).status}`);
      if (i % 4 === 0) answers.push(`bea: ${(await login(site, 'bea-password-123', 'bea')).status}`);
    }
    expect(answers).toEqual([
      'guess 1: 401',
      'guess 2: 401',
      'guess 3: 401',
      'guess 4: 401',
      'bea: 200',
      'guess 5: 401',
      'guess 6: 429',
      'guess 7: 429',
      'guess 8: 429',
      'bea: 200',
    ]);
  });
});

describe('sign-in throttle behind a proxy (TRUST_PROXY, addresses from X-Forwarded-For)', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ trustProxy: true });
    await site.deps.users.add({ username: 'pat', password: 'pat-long-password', name: 'Pat' });
    await site.deps.users.add({ username: 'sam', password: 'sam-long-password', name: 'Sam' });
  });
  afterAll(async () => {
    await site?.stop();
  });

  // The proxy says the visitor came over https, so the site's own origin is https too.
  const from = (address: string, username: string, password: string, body?: string) =>
    site.api('/api/login.php', {
      method: 'POST',
      ...(body === undefined ? { json: { username, password } } : { body }),
      headers: {
        cookie: '',
        origin: site.url.replace('http:', 'https:'),
        'x-forwarded-proto': 'https',
        'x-forwarded-for': address,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
    });
  const FOR_ACCOUNT =
    /^Too many failed sign-in attempts for this account\. Please try again in 1[45] minutes\.$/;
  const FROM_NETWORK =
    /^Too many failed sign-in attempts from your network\. Please try again in 1[45] minutes\.$/;

  it('wrong guesses at one account from many addresses are refused after 10', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++) statuses.push((await from(`203.0.113.${i}`, 'sam', `guess-${i}`)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await from('203.0.113.11', 'sam', 'guess-11');
    expect(eleventh.status).toBe(429);
    expect((await eleventh.json()).error).toMatch(FOR_ACCOUNT);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("a colleague behind the same address can still sign in after someone else's failures", async () => {
    for (let i = 1; i <= 5; i++) expect((await from('198.51.100.7', 'admin', `wrong-${i}`)).status).toBe(401);
    expect((await from('198.51.100.7', 'admin', 'wrong-6')).status).toBe(429);
    const colleague = await from('198.51.100.7', 'pat', 'pat-long-password');
    expect(colleague.status).toBe(200);
    // The account itself is not locked for people at other addresses.
    expect((await from('198.51.100.8', 'admin', TEST_ADMIN.password)).status).toBe(200);
  });

  it('an address with 50 failures at any accounts is refused before its body is even read', async () => {
    for (let i = 1; i <= 50; i++) expect((await from('192.0.2.9', `someone-${i}`, 'wrong')).status).toBe(401);
    const refused = await from('192.0.2.9', 'pat', 'pat-long-password');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(FROM_NETWORK);
    // Over the size limit, and still 429 rather than 413: the body was not read.
    const large = JSON.stringify({ username: 'pat', password: 'x'.repeat(20_000) });
    expect((await from('192.0.2.9', 'pat', '', large)).status).toBe(429);
    expect((await from('192.0.2.10', 'pat', 'pat-long-password')).status).toBe(200);
  });
});

describe('SignInThrottle', () => {
  it('lets an account try again once its window has passed', async () => {
    const throttle = new SignInThrottle({
      perAddressAndAccount: 2,
      perAccount: 3,
      perAddress: 10,
      windowSeconds: 1,
    });
    expect(throttle.attempt('a', 'x')).toBeNull();
    expect(throttle.attempt('a', 'X')).toBeNull();
    expect(throttle.attempt('a', 'x')).toEqual({
      retryAfterSeconds: 1,
      message: 'Too many failed sign-in attempts for this account. Please try again in 1 minute.',
    });
    expect(throttle.attempt('b', 'x')).toBeNull(); // the account's 3rd failure, from another address
    expect(throttle.attempt('c', 'x')).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    expect(throttle.attempt('a', 'x')).toBeNull();
  });
});
