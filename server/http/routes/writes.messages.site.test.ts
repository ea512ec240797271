// Contact messages: posted by visitors (same origin), listed and deleted by signed-in staff, kept under
// <dataDir>/private/messages and never in the site repository.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { answer, commitCount, expectClean, git } from './writesTestKit.ts';

let site: TestSite;
let headAtStart = '';
beforeAll(async () => {
  site = await startTestSite();
  headAtStart = git(site, 'rev-parse', 'HEAD');
});
afterAll(async () => {
  await site?.stop();
});

const message = (name: string) => ({
  name,
  title: 'Teacher',
  employer: 'Bend-La Pine Schools',
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`,
  contact: `Hello from ${name}.\n\nHow do I join the **Winter of CS**?`,
});
const post = (body: unknown) => site.api('/api/handle_form.php', { method: 'POST', json: body });
const messagesDir = () => path.join(site.dataDir, 'private', 'messages');

it('a visitor posts the contact form (no session needed) and the message is kept privately', async () => {
  expect(site.cookie).toBe('');
  for (const name of ['Ana Visitor', 'Ben Visitor']) {
    const res = await answer(post(message(name)));
    expect(res).toEqual({
      status: 200,
      body: { success: true, message: 'Thank you! Your message has been sent.' },
    });
  }
  expect(readdirSync(messagesDir()).sort()).toEqual(['1.md', '2.md']);
  expect(readFileSync(path.join(messagesDir(), '1.md'), 'utf8')).toContain('Hello from Ana Visitor.');
  // Not in the site repository: no commit, no file, nothing in the work tree.
  expect(git(site, 'rev-parse', 'HEAD')).toBe(headAtStart);
  expect(git(site, 'ls-files')).not.toMatch(/messages|Visitor/);
  // No tracked file and no commit in the whole history mentions it.
  expect(() => site.git('grep', '-q', 'Ana Visitor')).toThrow(); // git grep exits 1 when nothing matches
  expect(git(site, 'log', '--all', '--format=%H', '-S', 'Ana Visitor')).toBe('');
  expectClean(site);
});

it('an incomplete message is refused with 400 and not kept', async () => {
  const res = await answer(post({ ...message('Cy'), email: '' }));
  expect(res.status).toBe(400);
  expect(res.body.error).toBe('Please fill all fields');
  expect((res.body.fields as Record<string, string>).email).toBe('Please fill all fields');
  expect(readdirSync(messagesDir())).toHaveLength(2);
});

it('the list and delete are refused signed out (401)', async () => {
  expect(await answer(site.api('/api/messages'))).toEqual({
    status: 401,
    body: { error: 'Please sign in to do this.' },
  });
  expect((await site.api('/api/messages?id=1', { method: 'DELETE' })).status).toBe(401);
  expect(readdirSync(messagesDir())).toHaveLength(2);
});

it('signed in, GET /api/messages lists them newest first; DELETE removes one', async () => {
  await site.signIn();
  const res = await site.api('/api/messages');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const list = (await res.json()) as Record<string, string>[];
  expect(list.map((m) => m.name)).toEqual(['Ben Visitor', 'Ana Visitor']);
  expect(list[1]).toMatchObject({ id: '1', ...message('Ana Visitor') });
  expect(Number.isNaN(Date.parse(list[1]!.received!))).toBe(false);

  const del = await answer(site.api('/api/messages?id=1', { method: 'DELETE' }));
  expect(del).toEqual({ status: 200, body: { success: true, id: '1' } });
  expect(readdirSync(messagesDir())).toEqual(['2.md']);
  expect(((await (await site.api('/api/messages')).json()) as { id: string }[]).map((m) => m.id)).toEqual([
    '2',
  ]);
  expect(await answer(site.api('/api/messages?id=1', { method: 'DELETE' }))).toEqual({
    status: 404,
    body: { error: 'There is no such message.' },
  });
  expect(commitCount(site)).toBe(Number(git(site, 'rev-list', '--count', headAtStart)));
});

it('DELETE refuses ids that are not numbers of at most 9 digits with 400, deleting nothing', async () => {
  await site.signIn();
  const remove = (id: string) => answer(site.api(`/api/messages?id=${id}`, { method: 'DELETE' }));
  expect(await remove('9'.repeat(400))).toEqual({
    status: 400,
    body: { error: 'The id is too long: ids have at most 9 digits.', fields: { id: 'At most 9 digits' } },
  });
  expect(await remove('../../site/content/news/1')).toEqual({
    status: 400,
    body: { error: 'The id must be a number.', fields: { id: 'Not a number' } },
  });
  expect((await answer(site.api('/api/messages', { method: 'DELETE' }))).body.fields).toEqual({
    id: 'Missing',
  });
  expect(readdirSync(messagesDir())).toEqual(['2.md']);
});

it('a message body over 10 KB is refused (413)', async () => {
  const res = await post({ ...message('Long'), contact: 'x'.repeat(11 * 1024) });
  expect(res.status).toBe(413);
  expect(readdirSync(messagesDir())).toEqual(['2.md']);
});
