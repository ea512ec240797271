// Accounts on the real server (docs/accounts.md): invites used once, sessions ended one at a time or
// all together, a disabled account's session and stream ending at once, two-step sign-in with its
// recovery codes and throttle, reset links, the admin-only script address, and the audit of each.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, TEST_ADMIN, type TestSite } from '../../testing/testSite.ts';
import type { AuditEntry } from '../../schema/auditEvent.ts';
import { Browser, join as joinAs, openStream, tokenOf, totp } from './accountsTestKit.ts';

let site: TestSite;

beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site?.stop();
});

const admin = new Browser(() => site);
async function auditEntries(action: string): Promise<AuditEntry[]> {
  await site.deps.audit.idle();
  const res = await admin.call(`/api/admin/audit?action=${action}`);
  return (res.body.entries as AuditEntry[]) ?? [];
}

/** Joins through an invite of this role; answers the new person's browser. */
const join = (role: string, username: string, password?: string) => joinAs(admin, role, username, password);

beforeAll(async () => {
  expect((await admin.signIn(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
});

describe('invites', () => {
  it('make an account of the invite’s role, signed in at once; the link works once', async () => {
    const made = await admin.call('/api/users/invites', { method: 'POST', json: { role: 'contributor' } });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/admin\/invite\/[A-Za-z0-9_-]{32}$/);
    const expires = Date.parse(String(made.body.expires));
    expect(expires - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    const token = tokenOf(made.body.url);
    const visitor = new Browser(() => site);
    expect(await visitor.call(`/api/invites/${token}`)).toMatchObject({
      status: 200,
      body: { role: 'contributor' },
    });

    // A mistake in the form does not spend the link.
    const bad = await visitor.call(`/api/invites/${token}`, {
      method: 'POST',
      json: { username: 'nina', name: 'Nina N', email: 'not an address', password: 'nina-password-1' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('email');
    const joined = await visitor.call(`/api/invites/${token}`, {
      method: 'POST',
      json: { username: 'nina', name: 'Nina N', email: 'nina@example.org', password: 'nina-password-1' },
    });
    expect(joined).toMatchObject({
      status: 201,
      body: { status: 'authenticated', user: { username: 'nina', role: 'contributor' } },
    });
    expect((await visitor.call('/api/auth_check.php')).body).toMatchObject({
      user: { username: 'nina', role: 'contributor' },
    });

    const again = new Browser(() => site);
    expect((await again.call(`/api/invites/${token}`)).status).toBe(404);
    const reuse = await again.call(`/api/invites/${token}`, {
      method: 'POST',
      json: { username: 'nina2', name: 'Nina Two', email: 'n2@example.org', password: 'nina-password-2' },
    });
    expect(reuse.status).toBe(404);
    expect(reuse.body.error).toMatch(/does not work any more/);
    expect(site.deps.users.get('nina2')).toBeUndefined();

    const [used] = await auditEntries('invite-use');
    expect(used).toMatchObject({
      who: 'nina',
      detail: expect.stringContaining(`invited by ${TEST_ADMIN.username}`),
    });
    expect((await auditEntries('invite-create'))[0]).toMatchObject({ who: TEST_ADMIN.username });
  });

  it('an expired or withdrawn invite answers 404, and only the hash of a link is kept', async () => {
    const made = await admin.call('/api/users/invites', { method: 'POST', json: { role: 'editor' } });
    const token = tokenOf(made.body.url);
    const kept = await readFile(path.join(site.dataDir, 'private', 'one-time-links.json'), 'utf8');
    expect(kept).not.toContain(token);
    expect((await admin.call('/api/users')).body.invites).toContainEqual(
      expect.objectContaining({ id: made.body.id, role: 'editor', by: TEST_ADMIN.username }),
    );
    expect(
      (await admin.call(`/api/users/invites/${String(made.body.id)}`, { method: 'DELETE' })).status,
    ).toBe(200);
    expect((await new Browser(() => site).call(`/api/invites/${token}`)).status).toBe(404);

    const later = await admin.call('/api/users/invites', { method: 'POST', json: { role: 'editor' } });
    const link = site.deps.accounts.links.find('invite', tokenOf(later.body.url))!;
    link.expires = new Date(Date.now() - 1000).toISOString(); // its 7 days are up
    expect((await new Browser(() => site).call(`/api/invites/${tokenOf(later.body.url)}`)).status).toBe(404);
    expect((await admin.call('/api/users/invites', { method: 'POST', json: { role: 'owner' } })).status).toBe(
      400,
    );
  });
});

describe('sessions', () => {
  it('signing out ends this browser only; “sign out everywhere” ends them all', async () => {
    const laptop = await join('editor', 'lou');
    const phone = new Browser(
      () => site,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    expect((await phone.signIn('lou', 'lou-password-1')).status).toBe(200);
    const listed = await laptop.call('/api/account');
    const sessions = listed.body.sessions as { id: string; browser: string; current: boolean }[];
    expect(sessions.map((s) => [s.browser, s.current]).sort()).toEqual([
      ['Chrome on Linux', true],
      ['Safari on iOS', false],
    ]);

    expect((await phone.call('/api/logout.php', { method: 'POST' })).status).toBe(200);
    expect((await phone.call('/api/account')).status).toBe(401);
    expect((await laptop.call('/api/account')).status).toBe(200);

    const tablet = new Browser(() => site);
    await tablet.signIn('lou', 'lou-password-1');
    const tabletId = (
      (await laptop.call('/api/account')).body.sessions as { id: string; current: boolean }[]
    ).find((s) => !s.current)!.id;
    // Ended from the laptop: the tablet's next call is refused.
    expect((await laptop.call(`/api/account/sessions/${tabletId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await tablet.call('/api/account')).status).toBe(401);
    expect((await laptop.call('/api/account/sessions/not-mine', { method: 'DELETE' })).status).toBe(404);

    const desk = new Browser(() => site);
    await desk.signIn('lou', 'lou-password-1');
    expect((await laptop.call('/api/account/sign-out-everywhere', { method: 'POST' })).status).toBe(200);
    expect((await laptop.call('/api/account')).status).toBe(401);
    expect((await desk.call('/api/account')).status).toBe(401);
    expect((await auditEntries('sign-out-everywhere'))[0]).toMatchObject({ who: 'lou' });
    expect((await auditEntries('session-end'))[0]).toMatchObject({ who: 'lou' });
  });

  it('a new password keeps this browser signed in and ends the others', async () => {
    const one = await join('editor', 'pat');
    const two = new Browser(() => site);
    await two.signIn('pat', 'pat-password-1');
    const wrong = await one.call('/api/account/password', {
      method: 'POST',
      json: { current: 'nope', password: 'pat-password-2' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { fields: { current: expect.any(String) } } });
    const ok = await one.call('/api/account/password', {
      method: 'POST',
      json: { current: 'pat-password-1', password: 'pat-password-2' },
    });
    expect(ok.status).toBe(200);
    expect((await one.call('/api/account')).status).toBe(200);
    expect((await two.call('/api/account')).status).toBe(401);
    expect((await new Browser(() => site).signIn('pat', 'pat-password-2')).status).toBe(200);
    const renamed = await one.call('/api/account', {
      method: 'PATCH',
      json: { name: 'Pat Q', email: 'pat@example.org' },
    });
    expect(renamed.body.user).toMatchObject({ name: 'Pat Q', email: 'pat@example.org' });
    expect((await one.call('/api/account', { method: 'PATCH', json: { email: 'nope' } })).status).toBe(400);
  });
});

describe('admins manage accounts', () => {
  it('disabling an account ends its sessions and open streams at once; enabling lets it sign in again', async () => {
    const dana = await join('editor', 'dana');
    const stream = await openStream(dana);
    const patched = await admin.call('/api/users/dana', { method: 'PATCH', json: { disabled: true } });
    expect(patched).toMatchObject({ status: 200, body: { user: { username: 'dana', disabled: true } } });
    await Promise.race([
      stream.ended,
      new Promise((_r, reject) => setTimeout(() => reject(new Error('the stream stayed open')), 2000)),
    ]);
    expect((await dana.call('/api/account')).status).toBe(401);
    expect((await new Browser(() => site).signIn('dana', 'dana-password-1')).status).toBe(401);
    await admin.call('/api/users/dana', { method: 'PATCH', json: { disabled: false } });
    expect((await new Browser(() => site).signIn('dana', 'dana-password-1')).status).toBe(200);
    expect((await auditEntries('user-disable'))[0]).toMatchObject({
      who: TEST_ADMIN.username,
      detail: 'dana',
    });
  });

  it('changes a role (the person signs in again, with the new one) and keeps at least one admin', async () => {
    const rory = await join('editor', 'rory');
    expect(
      (await rory.call('/api/news.php', { method: 'POST', json: { title: 'By an editor' } })).status,
    ).toBe(201);
    await admin.call('/api/users/rory', { method: 'PATCH', json: { role: 'contributor' } });
    expect(
      (await rory.call('/api/news.php', { method: 'POST', json: { title: 'Now a contributor' } })).status,
    ).toBe(401);
    expect((await rory.signIn('rory', 'rory-password-1')).status).toBe(200);
    expect(
      (await rory.call('/api/news.php', { method: 'POST', json: { title: 'Now a contributor' } })).status,
    ).toBe(403);
    expect((await auditEntries('user-role'))[0]).toMatchObject({ detail: 'rory: editor → contributor' });

    // The only admin cannot step down or lock themselves out.
    const self = await admin.call(`/api/users/${TEST_ADMIN.username}`, {
      method: 'PATCH',
      json: { role: 'editor' },
    });
    expect(self.status).toBe(409);
    expect(
      (await admin.call(`/api/users/${TEST_ADMIN.username}`, { method: 'PATCH', json: { disabled: true } }))
        .status,
    ).toBe(409);
    const ada = await join('admin', 'ada');
    const last = await ada.call(`/api/users/${TEST_ADMIN.username}`, {
      method: 'PATCH',
      json: { role: 'editor' },
    });
    expect(last.status).toBe(200);
    const back = await ada.call(`/api/users/${TEST_ADMIN.username}`, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    expect(back.status).toBe(200);
    // Both role changes ended the first admin's sessions: they sign in again.
    expect((await admin.call('/api/users')).status).toBe(401);
    expect((await admin.signIn(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    expect(
      (await admin.call('/api/users/nobody', { method: 'PATCH', json: { role: 'editor' } })).status,
    ).toBe(404);
    expect((await admin.call('/api/users/rory', { method: 'PATCH', json: {} })).status).toBe(400);
  });

  it('a password-reset link sets a new password once and ends the account’s sessions', async () => {
    const sam = await join('editor', 'sam');
    const made = await admin.call('/api/users/sam/reset', { method: 'POST' });
    expect(made.status).toBe(201);
    const token = tokenOf(made.body.url);
    const visitor = new Browser(() => site);
    expect(await visitor.call(`/api/resets/${token}`)).toMatchObject({
      status: 200,
      body: { username: 'sam' },
    });
    expect(
      (await visitor.call(`/api/resets/${token}`, { method: 'POST', json: { password: 'short' } })).status,
    ).toBe(400);
    expect(
      (await visitor.call(`/api/resets/${token}`, { method: 'POST', json: { password: 'sam-new-password' } }))
        .status,
    ).toBe(200);
    expect((await sam.call('/api/account')).status).toBe(401);
    expect((await new Browser(() => site).signIn('sam', 'sam-new-password')).status).toBe(200);
    expect(
      (
        await visitor.call(`/api/resets/${token}`, {
          method: 'POST',
          json: { password: 'sam-third-password' },
        })
      ).status,
    ).toBe(404);
    expect((await auditEntries('reset-use'))[0]).toMatchObject({ who: 'sam' });
  });

  it('only admins change the address of a script the public site loads, and only to its host', async () => {
    const ed = await join('editor', 'ed');
    const tableau = 'https://public.tableau.com/javascripts/api/tableau.embedding.3.latest.min.js';
    // An editor still turns the banner on and off (the same settings call)…
    expect((await ed.call('/api/globals.php', { method: 'PUT', json: { show_banner: '0' } })).status).toBe(
      200,
    );
    // …but not the script's address.
    const refused = await ed.call('/api/globals.php', {
      method: 'PUT',
      json: { dashboard_script_url: `${tableau}?v=2` },
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { fields: { dashboard_script_url: expect.any(String) } },
    });
    const elsewhere = await admin.call('/api/globals.php', {
      method: 'PUT',
      json: { dashboard_script_url: 'https://evil.example/x.js' },
    });
    expect(elsewhere.status).toBe(400);
    expect(String(elsewhere.body.error)).toContain('public.tableau.com');
    expect(
      (
        await admin.call('/api/globals.php', {
          method: 'PUT',
          json: { dashboard_script_url: `${tableau}?v=2` },
        })
      ).status,
    ).toBe(200);
  });
});

describe('two-step sign-in', () => {
  it('is set up with a code, then asked for at sign-in; a recovery code works once', async () => {
    const tess = await join('contributor', 'tess');
    const setUp = await tess.call('/api/account/two-factor', { method: 'POST' });
    expect(setUp.status).toBe(200);
    expect(String(setUp.body.qrSvg)).toMatch(/^<svg[\s\S]*<title>/);
    expect(String(setUp.body.uri)).toMatch(/^otpauth:\/\/totp\//);
    const secret = String(setUp.body.secret);
    expect(
      (await tess.call('/api/account/two-factor/confirm', { method: 'POST', json: { code: '000000' } }))
        .status,
    ).toBe(400);
    // The previous step's code: the one just used at confirmation may not be used again.
    const confirmed = await tess.call('/api/account/two-factor/confirm', {
      method: 'POST',
      json: { code: totp(secret).generate({ timestamp: Date.now() - 30_000 }) },
    });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await tess.call('/api/auth_check.php')).body).toMatchObject({ user: { twoFactor: true } });

    const next = new Browser(() => site);
    expect((await next.signIn('tess', 'tess-password-1')).body).toEqual({
      status: 'two-factor',
      user: { username: 'tess' },
    });
    // Half signed in: nothing but the code.
    expect((await next.call('/api/account')).status).toBe(401);
    expect((await next.call('/api/auth_check.php')).body).toEqual({ status: 'unauthenticated' });
    expect(
      (await next.call('/api/login/two-factor', { method: 'POST', json: { code: '123456' } })).status,
    ).toBe(401);
    const inWith = await next.call('/api/login/two-factor', {
      method: 'POST',
      json: { code: totp(secret).generate() },
    });
    expect(inWith).toMatchObject({
      status: 200,
      body: { status: 'authenticated', user: { username: 'tess' } },
    });
    expect((await next.call('/api/account')).status).toBe(200);

    const lost = new Browser(() => site);
    await lost.signIn('tess', 'tess-password-1');
    const recovered = await lost.call('/api/login/two-factor', {
      method: 'POST',
      json: { recoveryCode: codes[3]!.toUpperCase() },
    });
    expect(recovered.status).toBe(200);
    const again = new Browser(() => site);
    await again.signIn('tess', 'tess-password-1');
    expect(
      (await again.call('/api/login/two-factor', { method: 'POST', json: { recoveryCode: codes[3] } }))
        .status,
    ).toBe(401);
    expect((await auditEntries('recovery-code-used'))[0]).toMatchObject({ who: 'tess', detail: '9 left' });
    expect((await auditEntries('two-factor-on'))[0]).toMatchObject({ who: 'tess' });

    // Turned off with the password.
    expect(
      (await tess.call('/api/account/two-factor', { method: 'DELETE', json: { password: 'wrong' } })).status,
    ).toBe(400);
    expect(
      (
        await tess.call('/api/account/two-factor', {
          method: 'DELETE',
          json: { password: 'tess-password-1' },
        })
      ).status,
    ).toBe(200);
    expect((await new Browser(() => site).signIn('tess', 'tess-password-1')).body).toMatchObject({
      status: 'authenticated',
    });
    expect((await auditEntries('two-factor-off'))[0]).toMatchObject({ who: 'tess' });
  });

  it('throttles wrong codes like wrong passwords', async () => {
    const vic = await join('editor', 'vic');
    const secret = String((await vic.call('/api/account/two-factor', { method: 'POST' })).body.secret);
    await vic.call('/api/account/two-factor/confirm', {
      method: 'POST',
      json: { code: totp(secret).generate() },
    });
    const attacker = new Browser(() => site);
    await attacker.signIn('vic', 'vic-password-1');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await attacker.call('/api/login/two-factor', { method: 'POST', json: { code: String(100000 + i) } }))
          .status,
      );
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses).toContain(429);
    // Past the limit even the right code waits.
    expect(
      (
        await attacker.call('/api/login/two-factor', {
          method: 'POST',
          json: { code: totp(secret).generate() },
        })
      ).status,
    ).toBe(429);
    expect(
      (await auditEntries('two-factor-failed')).filter((e) => e.who === 'vic').length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('required for a role: its users without it can reach only their account until they set it up', async () => {
    const una = await join('contributor', 'una');
    const settings = await admin.call('/api/users/settings', {
      method: 'PUT',
      json: { requireTwoFactor: { contributor: true, editor: false, admin: false } },
    });
    expect(settings.status).toBe(200);
    try {
      expect((await una.call('/api/auth_check.php')).body).toMatchObject({
        user: { mustSetUpTwoFactor: true },
      });
      const refused = await una.call('/api/drafts', { method: 'POST', json: { title: 'Before set-up' } });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/^Set up two-step sign-in first/);
      expect(refused.body.setUpTwoFactor).toBe(true); // the admin's cue to take them to their account page
      const secret = String((await una.call('/api/account/two-factor', { method: 'POST' })).body.secret);
      await una.call('/api/account/two-factor/confirm', {
        method: 'POST',
        json: { code: totp(secret).generate() },
      });
      expect(
        (await una.call('/api/drafts', { method: 'POST', json: { title: 'After set-up' } })).status,
      ).toBe(201);
      // Required, so it cannot be turned off.
      expect(
        (
          await una.call('/api/account/two-factor', {
            method: 'DELETE',
            json: { password: 'una-password-1' },
          })
        ).status,
      ).toBe(403);
    } finally {
      await admin.call('/api/users/settings', {
        method: 'PUT',
        json: { requireTwoFactor: { contributor: false, editor: false, admin: false } },
      });
    }
  });
});

describe('kept in private/', () => {
  it('survives a restart: accounts, roles, sessions and links are read back', async () => {
    await eventually(async () => (await site.deps.accounts.idle(), true));
    const users = JSON.parse(await readFile(path.join(site.dataDir, 'private', 'users.json'), 'utf8')) as {
      username: string;
      role: string;
    }[];
    expect(users.find((u) => u.username === 'nina')).toMatchObject({ role: 'contributor' });
    const sessions = JSON.parse(
      await readFile(path.join(site.dataDir, 'private', 'sessions.json'), 'utf8'),
    ) as { username: string }[];
    expect(sessions.some((s) => s.username === TEST_ADMIN.username)).toBe(true);
    expect(JSON.stringify(sessions)).not.toMatch(/password|hash/);
  });
});
