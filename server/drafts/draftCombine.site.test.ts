// "Combine both" over HTTP on a real site repository: a contributor's draft and an editor's live save
// change the same text; publishing answers 409 with the clash; a combined value goes through the one
// change pipeline — checked as a save of the field is (a bad one is a 400 naming the field, nothing
// written), and a good one lands on the live site in the publish's one merge commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../testing/testSite.ts';
import { answer } from '../http/routes/writesTestKit.ts';
import { CONTRIBUTOR as CORA } from '../testing/reviewTeam.ts';

let site: TestSite;
let cora: string;

beforeAll(async () => {
  site = await startTestSite();
  await site.deps.users.add(CORA);
  const res = await site.api('/api/login.php', {
    method: 'POST',
    json: { username: CORA.username, password: CORA.password },
    headers: { cookie: '' },
  });
  cora = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await site.signIn(); // the site's admin: the live site's editor here
});
afterAll(async () => {
  await site?.stop();
});

const as = (cookie?: string) => (cookie ? { headers: { cookie } } : {});
const news = (query: string, method: string, json: Record<string, unknown>, cookie?: string) =>
  answer(site.api(`/api/news.php?${query}shape=typed`, { method, json, ...as(cookie) }));
const act = (id: string, action: string, json: unknown = {}) =>
  answer(site.api(`/api/drafts/${id}/${action}`, { method: 'POST', json }));
const head = () => site.git('rev-parse', 'HEAD').trim();
const liveFile = (item: string) => site.git('show', `HEAD:content/news/${item}.md`);

/** A live news item, a contributor's draft changing its title and text, then the live site changing both. */
async function clash() {
  const made = await news('', 'POST', {
    title: 'Open house',
    what: 'Doors open at nine.',
    when_date: '2026-12-10',
  });
  expect(made.status).toBe(201);
  const item = String(made.body.id);
  const started = await answer(
    site.api('/api/drafts', { method: 'POST', json: { title: 'Open house details' }, ...as(cora) }),
  );
  expect(started.status).toBe(201);
  const draft = String(started.body.id);
  const drafted = await news(
    `id=${item}&draft=${draft}&`,
    'PUT',
    { title: 'Open house for families', what: 'Bring a friend: there is cake.' },
    cora,
  );
  expect(drafted.status).toBe(200);
  const live = await news(`id=${item}&`, 'PUT', { title: 'Open house, Room 4', what: 'Doors open at ten.' });
  expect(live.status).toBe(200);
  return { item, draft, path: `content/news/${item}.md` };
}

describe('publishing with a value combined from both sides', () => {
  it('answers 409 with the clash, then writes the combined text in one merge commit', async () => {
    const { item, draft, path } = await clash();
    const before = head();
    const refused = await act(draft, 'publish');
    expect(refused.status).toBe(409);
    expect(refused.body.fields).toEqual({ [path]: 'Changed on both sides: title, what' });
    const conflict = (refused.body.conflicts as Record<string, Record<string, unknown>>[])[0]!;
    expect([conflict.live!.what, conflict.draft!.what]).toEqual([
      'Doors open at ten.',
      'Bring a friend: there is cake.',
    ]);
    expect(head()).toBe(before);

    const combined = 'Doors open at ten.\n\nBring a friend: there is cake.';
    const published = await act(draft, 'publish', {
      picks: { [path]: { title: 'live', what: { value: combined } } },
    });
    expect(published.status).toBe(200);
    expect(published.body.state).toBe('published');
    // One merge commit on main: its first parent the live site as it was, its second the draft.
    expect(site.git('rev-list', '--first-parent', '--count', `${before}..HEAD`).trim()).toBe('1');
    expect(site.git('rev-list', '--parents', '-n', '1', 'HEAD').trim().split(' ')).toHaveLength(3);
    expect(site.git('rev-parse', 'HEAD^1').trim()).toBe(before);
    const file = liveFile(item);
    expect(file).toContain(combined);
    expect(file).toContain('Open house, Room 4');
    const now = await answer(site.api(`/api/news.php?id=${item}&shape=typed`));
    expect([now.body.title, now.body.what]).toEqual(['Open house, Room 4', combined]);
  });

  it('a combined value that a save of the field would refuse is a 400 naming it, and nothing changes', async () => {
    const { item, draft, path } = await clash();
    const before = head();
    const file = liveFile(item);
    const emptyTitle = await act(draft, 'publish', {
      picks: { [path]: { title: { value: '   ' }, what: 'draft' } },
    });
    expect(emptyTitle.status).toBe(400);
    expect(emptyTitle.body.fields).toEqual({ title: 'Title is required' });
    expect(head()).toBe(before);
    expect(liveFile(item)).toBe(file);
    expect((await answer(site.api(`/api/drafts/${draft}`))).body.state).toBe('editing');
    // Then chosen well, the same draft publishes.
    const fine = await act(draft, 'publish', {
      picks: { [path]: { title: { value: 'Open house for families, Room 4' }, what: 'draft' } },
    });
    expect(fine.status).toBe(200);
    expect(liveFile(item)).toContain('Open house for families, Room 4');
  });

  it('only text takes a combined value: a date, or a whole item, is refused before anything is merged', async () => {
    const { draft, path } = await clash();
    const before = head();
    const date = await act(draft, 'publish', {
      picks: { [path]: { title: 'live', what: 'live', when_date: { value: '2026-12-11' } } },
    });
    expect(date.status).toBe(400);
    expect(date.body.fields).toEqual({
      when_date: 'Only text can be combined here: keep the live site’s version or use this draft’s.',
    });
    const whole = await act(draft, 'publish', { picks: { [path]: { '*': { value: 'x' } } } });
    expect(whole.status).toBe(400);
    const shape = await act(draft, 'publish', { picks: { [path]: { what: { value: 3 } } } });
    expect(shape.status).toBe(400);
    expect(head()).toBe(before);
  });
});
