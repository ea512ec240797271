// The defects that came from a change having several doors, each over HTTP against a running site:
// an editor restoring an admin-only value, a scheduled draft going live after its approval was taken
// back, and a repeated query parameter read one way by the role check and another by the route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, TEST_ADMIN, type TestSite } from '../../testing/testSite.ts';
import { answer } from './writesTestKit.ts';

let site: TestSite;
const PEOPLE = {
  cora: {
    username: 'cora',
    password: 'cora-long-password-1',
    role: 'contributor' as const,
    name: 'Cora Contributor',
  },
  eddie: {
    username: 'eddie',
    password: 'eddie-long-password-1',
    role: 'editor' as const,
    name: 'Eddie Editor',
  },
};
const cookies: Record<string, string> = {};
const as = (who: string) => ({ headers: { cookie: cookies[who]! } });

beforeAll(async () => {
  site = await startTestSite();
  for (const p of Object.values(PEOPLE))
    await site.deps.users.add({ ...p, email: `${p.username}@example.org` });
  for (const p of [...Object.values(PEOPLE), { ...TEST_ADMIN, username: 'admin' }])
    cookies[p.username] = await site.signIn(p.username, p.password);
});
afterAll(async () => {
  await site?.stop();
});

const head = () => site.git('rev-parse', 'HEAD').trim();
const settings = async () => (await answer(site.api('/api/globals.php?shape=typed', as('admin')))).body;

describe('an admin-only field', () => {
  it('cannot be changed by an editor through a restore (403, nothing changes)', async () => {
    const put = (url: string, who: string) =>
      answer(
        site.api('/api/globals.php', { method: 'PUT', json: { dashboard_script_url: url }, ...as(who) }),
      );
    const first = 'https://public.tableau.com/javascripts/api/first.js';
    const second = 'https://public.tableau.com/javascripts/api/second.js';
    expect((await put(first, 'admin')).status).toBe(200);
    const withFirst = head();
    expect((await put(second, 'admin')).status).toBe(200);
    // The save door refuses the editor…
    expect((await put(first, 'eddie')).status).toBe(403);
    // …and so does the restore door, with the same words.
    const before = head();
    const restored = await answer(
      site.api('/api/history/restore', {
        method: 'POST',
        json: { entity: 'siteSettings', commit: withFirst },
        ...as('eddie'),
      }),
    );
    expect(restored.status).toBe(403);
    expect(restored.body.error).toMatch(/Only an admin can change Dashboard embed script address/);
    expect(restored.body.fields).toEqual({ dashboard_script_url: 'Only an admin can change this.' });
    expect(head()).toBe(before);
    expect((await settings()).dashboard_script_url).toBe(second);
    // An admin may restore it.
    const byAdmin = await answer(
      site.api('/api/history/restore', {
        method: 'POST',
        json: { entity: 'siteSettings', commit: withFirst },
        ...as('admin'),
      }),
    );
    expect(byAdmin.status).toBe(200);
    expect((await settings()).dashboard_script_url).toBe(first);
  });
});

describe('a scheduled draft', () => {
  const setApproval = (needsApproval: boolean) =>
    answer(site.api('/api/drafts/settings', { method: 'PUT', json: { needsApproval }, ...as('admin') }));
  const act = (id: string, action: string, who: string, json: unknown = {}) =>
    answer(site.api(`/api/drafts/${id}/${action}`, { method: 'POST', json, ...as(who) }));
  const draft = async (id: string): Promise<any> =>
    (await answer(site.api(`/api/drafts/${id}`, as('eddie')))).body;
  const live = async () => await (await fetch(`${site.url}/api/news.php`)).text();

  /**
   * The schedule clock as it runs once `at` has passed: whatever is due fires, through the same steps
   * as its timer (the timer itself is shown firing in drafts.site.test.ts).
   */
  const pastItsTime = (at: string) => site.deps.drafts.schedule.runDue(Date.parse(at) + 1000);

  /** A contributor's draft with one news item, submitted, approved and scheduled by the editor. */
  async function approvedAndScheduled(title: string, inMs: number) {
    const made = await answer(site.api('/api/drafts', { method: 'POST', json: { title }, ...as('cora') }));
    const id = String(made.body.id);
    const saved = await answer(
      site.api(`/api/news.php?draft=${id}&shape=typed`, {
        method: 'POST',
        json: { title: `${title} item`, when_date: '2026-04-04' },
        ...as('cora'),
      }),
    );
    expect(saved.status).toBe(201);
    expect((await act(id, 'submit', 'cora')).status).toBe(200);
    expect((await act(id, 'approve', 'eddie')).status).toBe(200);
    const at = new Date(Date.now() + inMs).toISOString();
    expect((await act(id, 'schedule', 'eddie', { at })).body.publishAt).toBe(at);
    return { id, item: String(saved.body.id), at };
  }

  beforeAll(async () => {
    expect((await setApproval(true)).status).toBe(200);
  });
  afterAll(async () => {
    await setApproval(false);
  });

  it('does not publish after a contributor saves new text into it, and the editor who scheduled it is told', async () => {
    const { id, item, at } = await approvedAndScheduled('Saved after scheduling', 1500);
    const changed = await answer(
      site.api(`/api/news.php?draft=${id}&id=${item}`, {
        method: 'PUT',
        json: { title: 'Unreviewed words' },
        ...as('cora'),
      }),
    );
    expect(changed.status).toBe(200);
    const after = await draft(id);
    expect(after.state).toBe('editing');
    expect(after.publishAt).toBeUndefined();
    expect(after.scheduleEnded).toMatchObject({
      publishAt: at,
      scheduledBy: { username: 'eddie' },
      by: { username: 'cora' },
      reason: expect.stringMatching(/Cora Contributor saved new changes/),
    });
    expect(after.events.at(-1)).toMatchObject({ action: 'schedule called off' });
    const headBefore = head();
    await pastItsTime(at);
    expect(head()).toBe(headBefore);
    expect(await live()).not.toContain('Unreviewed words');
    expect((await draft(id)).state).toBe('editing');
  });

  it('does not publish after "request changes", and says why in its history', async () => {
    const { id, at } = await approvedAndScheduled('Sent back after scheduling', 1500);
    expect((await act(id, 'request-changes', 'eddie', { note: 'Check the date' })).status).toBe(200);
    const after = await draft(id);
    expect(after.state).toBe('changes-requested');
    expect(after.publishAt).toBeUndefined();
    expect(after.scheduleEnded).toMatchObject({ scheduledBy: { username: 'eddie' } });
    expect(after.scheduleEnded.reason).toMatch(/asked for changes: Check the date/);
    const headBefore = head();
    await pastItsTime(at);
    expect(head()).toBe(headBefore);
    expect(await live()).not.toContain('Sent back after scheduling item');
  });

  it('publishes at its time as the person who scheduled it, approval asked again', async () => {
    const { id, at } = await approvedAndScheduled('Published on time', 1200);
    await pastItsTime(at);
    expect((await draft(id)).state).toBe('published');
    expect(site.git('log', '-1', '--format=%an <%ae>').trim()).toBe('Eddie Editor <eddie@example.org>');
    expect(await live()).toContain('Published on time item');
  });

  it('does not publish when its scheduler may no longer publish, and says so', async () => {
    const { id, at } = await approvedAndScheduled('Scheduler lost the role', 1200);
    await site.deps.users.update('eddie', (u) => (u.role = 'contributor'));
    try {
      await pastItsTime(at);
      const after = await draft(id);
      expect(after.events.some((e: { action: string }) => e.action === 'scheduled publishing failed')).toBe(
        true,
      );
      expect(after.state).toBe('approved');
      expect(after.events.at(-1).note).toMatch(/Only editors and admins can change the live site/);
      expect(await live()).not.toContain('Scheduler lost the role item');
    } finally {
      await site.deps.users.update('eddie', (u) => (u.role = 'editor'));
    }
  });
});

describe('a repeated query parameter', () => {
  it('is refused with 400 where one value is expected, whoever asks', async () => {
    const made = await answer(
      site.api('/api/drafts', { method: 'POST', json: { title: 'Twice' }, ...as('cora') }),
    );
    const id = String(made.body.id);
    const checks = await answer(
      site.api(`/api/admin/content-checks?draft=${id}&draft=${id}`, {
        method: 'POST',
        json: { entity: 'news', values: { title: 'x' } },
        ...as('cora'),
      }),
    );
    expect(checks.status).toBe(400);
    expect(checks.body).toEqual({
      error: 'Send "draft" once, as a single value.',
      fields: { draft: 'Sent more than once' },
    });
    const before = head();
    const save = await answer(
      site.api(`/api/news.php?draft=${id}&draft=${id}`, {
        method: 'POST',
        json: { title: 'Twice', when_date: '2026-01-01' },
        ...as('cora'),
      }),
    );
    expect(save.status).toBe(400);
    expect(head()).toBe(before);
    expect((await fetch(`${site.url}/api/news.php?media=url&media=url`)).status).toBe(400);
    expect((await fetch(`${site.url}/api/news.php?media=url`)).status).toBe(200);
  });
});
