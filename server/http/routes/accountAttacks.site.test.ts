// The account holes an attacker found (issue 32), each tried again over HTTP against a running site
// behind a proxy (TRUST_PROXY on, addresses from X-Forwarded-For): a removed name's cookie, a disabled
// admin's links, guessing the second step across password re-entries and addresses, one code used by
// two requests at once, and streams that outlived a change made with `npm run user`.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config.ts';
import { startTestSite, TEST_ADMIN, type TestSite } from '../../testing/testSite.ts';
import type { AuditEntry } from '../../schema/auditEvent.ts';
import { Browser, join, openStream, tokenOf, totp, turnOnTwoStep, type Json } from './accountsTestKit.ts';

const run = promisify(execFile);
let site: TestSite;
const admin = new Browser(() => site, undefined, '198.51.100.1');

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  expect((await admin.signIn(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
});
afterAll(async () => {
  await site?.stop();
});

/** `npm run user -- …` against the running site's data directory, as a maintainer runs it. */
async function shell(args: string[], password?: string): Promise<string> {
  const child = run(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts/user.ts'), ...args],
    { env: { ...process.env, CMS_DATA_DIR: site.dataDir } },
  );
  child.child.stdin?.end(password === undefined ? '' : `${password}\n`);
  const { stdout } = await child;
  return stdout;
}

async function auditEntries(action: string): Promise<AuditEntry[]> {
  await site.deps.audit.idle();
  return ((await admin.call(`/api/admin/audit?action=${action}`)).body.entries as AuditEntry[]) ?? [];
}

/** Settles true when the stream ends within `ms`, false when it is still open then. */
const endsWithin = (stream: { ended: Promise<void> }, ms: number) =>
  Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe('a removed account', () => {
  it('is not the next account of the same name: its cookie and its open stream end', async () => {
    const old = await join(admin, 'contributor', 'reuse');
    const stream = await openStream(old);
    expect(stream.status).toBe(200);

    expect(await shell(['remove', 'reuse'])).toContain('Removed reuse');
    // The running server hears of the change at once, not at the person's next request.
    expect(await endsWithin(stream, 3_000)).toBe(true);

    const newcomer = await join(admin, 'admin', 'reuse');
    expect((await newcomer.call('/api/users')).status).toBe(200);
    expect((await old.call('/api/users')).status).toBe(401);
    expect((await old.call('/api/account')).status).toBe(401);
  });

  it('removed by an admin: signed out with its streams at once; a last admin and yourself stay', async () => {
    const gone = await join(admin, 'editor', 'leaver');
    const stream = await openStream(gone);
    expect((await admin.call('/api/users/leaver', { method: 'DELETE' })).status).toBe(200);
    expect(await endsWithin(stream, 1_000)).toBe(true);
    expect((await gone.call('/api/account')).status).toBe(401);
    expect((await gone.signIn('leaver', 'leaver-password-1')).status).toBe(401);
    expect((await auditEntries('user-remove'))[0]).toMatchObject({
      who: TEST_ADMIN.username,
      detail: 'removed leaver',
    });
    expect((await admin.call(`/api/users/${TEST_ADMIN.username}`, { method: 'DELETE' })).status).toBe(409);
    expect((await admin.call('/api/users/nobody-here', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('a password or role changed with npm run user', () => {
  it('ends the person’s sessions and their open streams while the server runs', async () => {
    const pia = await join(admin, 'editor', 'pia');
    const stream = await openStream(pia);
    await shell(['passwd', 'pia'], 'pia-password-2');
    expect(await endsWithin(stream, 3_000)).toBe(true);
    expect((await pia.call('/api/account')).status).toBe(401);

    expect((await pia.signIn('pia', 'pia-password-2')).status).toBe(200);
    const again = await openStream(pia);
    expect(await shell(['role', 'pia', 'contributor'])).toContain('pia is now a contributor');
    expect(await endsWithin(again, 3_000)).toBe(true);
    expect((await pia.call('/api/account')).status).toBe(401);
  });
});

describe('links made by an admin', () => {
  it('stop working when the admin is disabled or loses the role; admins list and withdraw each', async () => {
    const maker = await join(admin, 'admin', 'maker');
    await join(admin, 'editor', 'ria');
    const invite = await maker.call('/api/users/invites', { method: 'POST', json: { role: 'admin' } });
    const reset = await maker.call('/api/users/ria/reset', { method: 'POST' });
    expect([invite.status, reset.status]).toEqual([201, 201]);
    const listed = (await admin.call('/api/users')).body as { invites: { id: string }[]; resets: Json[] };
    expect(listed.invites.map((i) => i.id)).toContain(invite.body.id);
    expect(listed.resets).toContainEqual(
      expect.objectContaining({ id: reset.body.id, username: 'ria', by: 'maker' }),
    );

    expect((await admin.call('/api/users/maker', { method: 'PATCH', json: { disabled: true } })).status).toBe(
      200,
    );
    const stranger = new Browser(() => site, undefined, '203.0.113.9');
    expect((await stranger.call(`/api/invites/${tokenOf(invite.body.url)}`)).status).toBe(404);
    const joined = await stranger.call(`/api/invites/${tokenOf(invite.body.url)}`, {
      method: 'POST',
      json: {
        username: 'intruder',
        name: 'In Truder',
        email: 'in@example.org',
        password: 'intruder-password-1',
      },
    });
    expect(joined.status).toBe(404);
    const used = await stranger.call(`/api/resets/${tokenOf(reset.body.url)}`, {
      method: 'POST',
      json: { password: 'taken-over-password' },
    });
    expect(used.status).toBe(404);
    expect((await stranger.signIn('ria', 'taken-over-password')).status).toBe(401);
    const after = (await admin.call('/api/users')).body as {
      invites: { id: string }[];
      resets: { id: string }[];
    };
    expect(after.invites.map((i) => i.id)).not.toContain(invite.body.id);
    expect(after.resets.map((r) => r.id)).not.toContain(reset.body.id);
    expect((await auditEntries('invite-withdraw')).map((e) => e.detail)).toContainEqual(
      expect.stringContaining(`link ${String(invite.body.id)}`),
    );
    expect((await auditEntries('reset-withdraw')).map((e) => e.detail)).toContainEqual(
      expect.stringContaining(`link ${String(reset.body.id)} for ria, made by maker`),
    );

    // Enabled again, made a link, then made an editor: the link stops working too.
    await admin.call('/api/users/maker', { method: 'PATCH', json: { disabled: false } });
    await maker.signIn('maker', 'maker-password-1');
    const later = await maker.call('/api/users/invites', { method: 'POST', json: { role: 'contributor' } });
    expect(later.status).toBe(201);
    await admin.call('/api/users/maker', { method: 'PATCH', json: { role: 'editor' } });
    expect((await stranger.call(`/api/invites/${tokenOf(later.body.url)}`)).status).toBe(404);
  });

  it('a reset link can be withdrawn, and the audit says who did', async () => {
    await join(admin, 'contributor', 'wes');
    const reset = await admin.call('/api/users/wes/reset', { method: 'POST' });
    expect(
      (await admin.call(`/api/users/resets/${String(reset.body.id)}`, { method: 'DELETE' })).status,
    ).toBe(200);
    const visitor = new Browser(() => site, undefined, '203.0.113.10');
    expect((await visitor.call(`/api/resets/${tokenOf(reset.body.url)}`)).status).toBe(404);
    expect(
      (await admin.call(`/api/users/resets/${String(reset.body.id)}`, { method: 'DELETE' })).status,
    ).toBe(404);
    expect((await auditEntries('reset-withdraw'))[0]).toMatchObject({
      who: TEST_ADMIN.username,
      detail: `link ${String(reset.body.id)} for wes`,
    });
  });
});

/** A person with two-step sign-in on, whose own browser has signed in all the way once (it is known). */
async function withTwoStep(username: string, address: string) {
  const owner = await join(admin, 'editor', username);
  const { secret, codes } = await turnOnTwoStep(owner);
  const own = new Browser(() => site, undefined, address);
  expect((await own.signIn(username, `${username}-password-1`)).body.status).toBe('two-factor');
  // With the last recovery code: the app's code of this moment was used to turn it on.
  const recoveryCode = codes.pop();
  expect((await own.call('/api/login/two-factor', { method: 'POST', json: { recoveryCode } })).status).toBe(
    200,
  );
  return { own, secret, codes };
}

const wrongCode = (i: number) => String(100000 + ((i * 7919) % 900000));

describe('guessing the second step', () => {
  it('is not reset by entering the password again: the 6th wrong code is refused with Retry-After', async () => {
    const { own, secret } = await withTwoStep('gus', '198.51.100.20');
    const attacker = new Browser(() => site, undefined, '203.0.113.20');
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 20; i++) {
      // The password again every four codes: before, each right password cleared the count.
      if (i % 4 === 0) expect((await attacker.signIn('gus', 'gus-password-1')).status).toBe(200);
      const res = await attacker.call('/api/login/two-factor', {
        method: 'POST',
        json: { code: wrongCode(i) },
      });
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get('retry-after');
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // The owner's own browser is known: strangers' guesses do not lock it out.
    expect((await own.signIn('gus', 'gus-password-1')).body.status).toBe('two-factor');
    const code = totp(secret).generate({ timestamp: Date.now() + 30_000 });
    expect((await own.call('/api/login/two-factor', { method: 'POST', json: { code } })).status).toBe(200);
  });

  it('from many addresses at once: at most five wrong codes are checked', async () => {
    await withTwoStep('gia', '198.51.100.21');
    const tries = Array.from(
      { length: 20 },
      (_, n) => new Browser(() => site, undefined, `203.0.113.${100 + n}`),
    );
    for (const b of tries) expect((await b.signIn('gia', 'gia-password-1')).status).toBe(200);
    const statuses = await Promise.all(
      tries.flatMap((b, n) =>
        [0, 1, 2, 3].map(async (k) => {
          const res = await b.call('/api/login/two-factor', {
            method: 'POST',
            json: { code: wrongCode(n * 4 + k) },
          });
          return res.status;
        }),
      ),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(75);
  });
});

describe('one code, sent twice at the same moment', () => {
  it('signs in one of two half-signed-in browsers, for an app code and for a recovery code', async () => {
    const { secret, codes } = await withTwoStep('cody', '198.51.100.22');
    const halfSignedIn = async (n: number) => {
      const b = new Browser(() => site, undefined, `192.0.2.${n}`);
      expect((await b.signIn('cody', 'cody-password-1')).body.status).toBe('two-factor');
      return b;
    };
    const [a, b] = [await halfSignedIn(1), await halfSignedIn(2)];
    const code = totp(secret).generate({ timestamp: Date.now() + 30_000 });
    const both = await Promise.all(
      [a, b].map((x) => x.call('/api/login/two-factor', { method: 'POST', json: { code } })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);

    const [c, d] = [await halfSignedIn(3), await halfSignedIn(4)];
    const recovery = await Promise.all(
      [c, d].map((x) =>
        x.call('/api/login/two-factor', { method: 'POST', json: { recoveryCode: codes[0] } }),
      ),
    );
    expect(recovery.map((r) => r.status).sort()).toEqual([200, 401]);
  });
});
