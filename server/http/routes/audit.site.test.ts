// The audit log over real HTTP on a real site: each action is recorded with who, where and its
// commit; the list and CSV are for signed-in staff only and filter on the server; a damaged line is
// skipped; `npm run user`, run beside the running server, is recorded too.
import { execFile } from 'node:child_process';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config.ts';
import { startTestSite, TEST_ADMIN, type TestSite } from '../../testing/testSite.ts';
import type { AuditEntry } from '../../schema/auditEvent.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site?.stop();
});

interface Listing {
  entries: AuditEntry[];
  total: number;
  skipped: number;
}

async function audit(query = ''): Promise<Listing> {
  const res = await site.api(`/api/admin/audit${query}`);
  expect(res.status).toBe(200);
  return res.json() as Promise<Listing>;
}

const head = () => site.git('rev-parse', 'HEAD').trim();
const signInAs = (username: string, password: string) =>
  site.api('/api/login.php', { method: 'POST', json: { username, password } });
const putNews = (id: string, title: string) =>
  site.api(`/api/news.php?id=${id}`, { method: 'PUT', json: { title } });

describe('what is recorded', () => {
  it('sign-ins, failed sign-ins with the address and the name tried, throttling, and sign-outs', async () => {
    const bad = await signInAs('mallory', 'wrong password');
    expect(bad.status).toBe(401);
    await site.signIn();
    const { entries } = await audit('?who=mallory');
    expect(entries[0]).toMatchObject({ action: 'sign-in-failed', who: 'mallory', address: '127.0.0.1' });
    const signIn = (await audit('?action=sign-in')).entries[0]!;
    expect(signIn).toMatchObject({ who: TEST_ADMIN.username, address: '127.0.0.1' });
    await site.signOut();
    // Five failures at one account from one address, then the sixth attempt is refused (429).
    for (let i = 0; i < 6; i++) {
      await signInAs('locked-out', `guess ${i}`);
    }
    const refused = await signInAs('locked-out', 'again');
    expect(refused.status).toBe(429);
    await site.signIn();
    expect((await audit('?action=sign-in-failed&who=locked-out')).total).toBe(5);
    const throttled = (await audit('?action=sign-in-throttled')).entries;
    expect(throttled).toHaveLength(1); // one line a minute per address, however often it is refused
    expect(throttled[0]).toMatchObject({ who: 'locked-out', address: '127.0.0.1' });
    expect(throttled[0]!.detail).toMatch(/Too many failed sign-in attempts/);
    await site.signOut();
    await site.signIn();
    const signedOut = (await audit('?action=sign-out')).entries[0];
    expect(signedOut).toMatchObject({ who: TEST_ADMIN.username, address: '127.0.0.1' });
  });

  it('every save, delete and restore with the commit it made', async () => {
    await site.signIn();
    const made = await site.api('/api/news.php', {
      method: 'POST',
      json: { title: 'Audited news', when_date: '2026-11-01' },
    });
    const { id } = (await made.json()) as { id: string };
    const created = head();
    expect((await putNews(id, 'Audited news, edited')).status).toBe(200);
    const updated = head();
    expect((await putNews(id, 'Audited news, edited')).status).toBe(200);
    const restoredRes = await site.api('/api/history/restore', {
      method: 'POST',
      json: { entity: 'news', id, commit: created },
    });
    expect(restoredRes.status).toBe(200);
    const restored = head();
    expect((await site.api(`/api/news.php?id=${id}`, { method: 'DELETE' })).status).toBe(200);
    const deleted = head();

    const mine = (await audit()).entries.filter((e) => e.entity === 'news' && e.id === id).reverse();
    expect(mine.map((e) => [e.action, e.commit, e.detail])).toEqual([
      ['save', created, 'created'],
      ['save', updated, 'updated'],
      ['save', undefined, 'nothing changed'],
      ['restore', restored, `from ${created.slice(0, 7)}`],
      ['delete', deleted, undefined],
    ]);
    for (const e of mine) expect(e).toMatchObject({ who: TEST_ADMIN.username, address: '127.0.0.1' });
    // The commit ids are the repository's own.
    expect(site.git('log', '-1', '--format=%s', restored).trim()).toMatch(/restore/);
  });

  it('a deleted contact message (kept outside git, so this is its only record)', async () => {
    const message = {
      name: 'Ada',
      title: 'Teacher',
      employer: '',
      email: 'ada@example.org',
      contact: 'Hello',
    };
    expect((await site.api('/api/handle_form.php', { method: 'POST', json: message })).status).toBe(200);
    await site.signIn();
    const [kept] = (await (await site.api('/api/messages')).json()) as { id: string }[];
    expect((await site.api(`/api/messages?id=${kept!.id}`, { method: 'DELETE' })).status).toBe(200);
    const [entry] = (await audit('?action=delete')).entries;
    expect(entry).toMatchObject({ who: TEST_ADMIN.username, entity: 'messages', id: kept!.id });
    expect(entry!.commit).toBeUndefined();
  });

  it('user changes made with npm run user while the server runs', async () => {
    const run = promisify(execFile);
    const script = path.join(PROJECT_ROOT, 'scripts/user.ts');
    const child = run(process.execPath, ['--import', 'tsx', script, 'add', 'casey', '--role', 'editor'], {
      env: { ...process.env, CMS_DATA_DIR: site.dataDir },
    });
    child.child.stdin?.end('a long enough password\n');
    await child;
    await site.signIn();
    const [entry] = (await audit('?action=user-add')).entries;
    expect(entry!.detail).toBe('added casey as editor');
    expect(entry!.who).toMatch(/\(npm run user\)$/);
  }, 30_000);
});

describe('the list and the CSV', () => {
  it('are for signed-in staff only, checked on the server', async () => {
    await site.signOut();
    expect((await site.api('/api/admin/audit')).status).toBe(401);
    expect((await site.api('/api/admin/audit.csv')).status).toBe(401);
    const forged = await site.api('/api/admin/audit.csv', { headers: { cookie: 'cms_session=forged' } });
    expect(forged.status).toBe(401);
  });

  it('filter on the server, and the CSV holds exactly what the filter matches', async () => {
    await site.signIn();
    const all = await audit();
    const saves = await audit('?action=save');
    expect(saves.total).toBe(all.entries.filter((e) => e.action === 'save').length);
    const future = await audit(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.total).toBe(0);
    expect((await site.api('/api/admin/audit?action=explode')).status).toBe(400);

    const res = await site.api('/api/admin/audit.csv?action=save');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const rows = (await res.text()).trim().split('\r\n');
    expect(rows[0]).toBe('time,action,who,address,entity,id,commit,detail');
    expect(rows).toHaveLength(saves.total + 1);
    expect(rows.slice(1).every((r) => r.split(',')[1] === 'save')).toBe(true);
  });

  it('a damaged line is skipped and counted; the server keeps going', async () => {
    await site.signIn();
    const before = await audit();
    await appendFile(path.join(site.dataDir, 'private', 'audit.log'), '{"time": "broken\n\u0000\u0000\n');
    const after = await audit();
    expect(after.skipped).toBe(before.skipped + 2);
    expect(after.total).toBe(before.total);
    // And recording goes on after it.
    await site.signOut();
    await site.signIn();
    expect((await audit()).total).toBe(before.total + 2);
  });
});
