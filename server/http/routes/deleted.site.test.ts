// "Recently deleted" (signed in): GET /api/deleted?entity= lists a collection's items that are gone
// from the branch, newest delete first, with who deleted each and when (the deleting commit, as git
// log has it), its title before the delete, and the commit to restore from; POST /api/history/restore
// from that commit brings the item and its media back, and the list no longer shows it. Against the
// real server and a real git repository.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../../testing/testSite.ts';
import {
  addEditorAndSignIn,
  answer,
  commitCount,
  existsInWorkTree,
  expectNoCommit,
  expectOneCommit,
  file,
  form,
  git,
  jpg,
  readWorkTree,
} from './writesTestKit.ts';

let site: TestSite;
let author: { name: string; email: string };
beforeAll(async () => {
  site = await startTestSite();
  author = await addEditorAndSignIn(site);
});
afterAll(async () => {
  await site?.stop();
});

interface Deleted {
  id: string;
  title: string;
  deleted: { oid: string; author: { name: string; email: string }; date: string; message: string };
  restoreFrom: string;
}
const deletedList = async (entity: string) => {
  const res = await answer(site.api(`/api/deleted?entity=${entity}`));
  expect(res.status).toBe(200);
  expect(res.body.entity).toBe(entity);
  return res.body.items as Deleted[];
};
const createNews = async (title: string) => {
  const res = await answer(
    site.api('/api/news.php', { method: 'POST', json: { title, what: 'Text.', when_date: '2026-04-01' } }),
  );
  expect(res.status).toBe(201);
  return String(res.body.id);
};
const remove = async (endpoint: string, id: string) =>
  expect((await site.api(`/api/${endpoint}?id=${id}`, { method: 'DELETE' })).status).toBe(200);
const restore = (entity: string, id: string, commit: string) =>
  answer(site.api('/api/history/restore', { method: 'POST', json: { entity, id, commit } }));

describe('a staff profile with a headshot, deleted', () => {
  const headshot = jpg('headshot of Dana');
  let id = '';
  let lastSaved = '';
  let deleting = '';

  beforeAll(async () => {
    const created = await answer(
      site.api('/api/about_us.php', {
        method: 'POST',
        body: form(
          { name: 'Dana Deleted', title: 'Director' },
          { headshot: file(headshot, 'd.jpg', 'image/jpeg') },
        ),
      }),
    );
    expect(created.status).toBe(201);
    id = String(created.body.id);
    expect(
      (await site.api('/api/about_us.php', { method: 'POST', body: form({ id, name: 'Dana Renamed' }) }))
        .status,
    ).toBe(200);
    lastSaved = git(site, 'rev-parse', 'HEAD');
    await remove('about_us.php', id);
    deleting = git(site, 'rev-parse', 'HEAD');
    expect(existsInWorkTree(site, `media/profiles/${id}.jpg`)).toBe(false);
  });

  it('is listed with its last title, who deleted it and when (the deleting commit), and the commit to restore from', async () => {
    const items = await deletedList('profiles');
    expect(items[0]).toEqual({
      id,
      title: 'Dana Renamed',
      deleted: {
        oid: deleting,
        author,
        date: new Date(git(site, 'show', '-s', '--format=%aI', deleting)).toISOString(),
        message: `profiles: delete ${id} "Dana Renamed"`,
      },
      restoreFrom: git(site, 'rev-parse', `${deleting}^`),
    });
    // The last commit that had it is the one before the delete: here, the rename.
    expect(items[0]!.restoreFrom).toBe(lastSaved);
    expect(Math.abs(Date.parse(items[0]!.deleted.date) - Date.now())).toBeLessThan(60_000);
  });

  it('comes back with its headshot in one restore commit, and leaves the list', async () => {
    const [item] = (await deletedList('profiles')).filter((d) => d.id === id);
    const before = commitCount(site);
    const res = await restore('profiles', id, item!.restoreFrom);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'Dana Renamed', message: 'Restored.' });
    expectOneCommit(site, before, {
      author,
      message: `profiles: restore ${item!.restoreFrom.slice(0, 7)} of ${id} "Dana Renamed"`,
      files: { [`content/profiles/${id}.md`]: 'A', [`media/profiles/${id}.jpg`]: 'A' },
    });
    expect(readWorkTree(site, `media/profiles/${id}.jpg`).equals(headshot)).toBe(true);
    const shown = (await (await site.api(`/api/about_us.php?id=${id}&media=url`)).json()) as {
      headshot: string;
    };
    const picture = await fetch(site.url + shown.headshot);
    expect(Buffer.from(await picture.arrayBuffer()).equals(headshot)).toBe(true);
    expect((await deletedList('profiles')).map((d) => d.id)).not.toContain(id);
  });
});

describe('a news collection with several deletes', () => {
  it('lists them newest delete first, and a deleted-then-restored-then-deleted id once, from its last delete', async () => {
    const a = await createNews('Alpha to delete');
    const b = await createNews('Bravo to delete');
    await remove('news.php', a);
    const first = git(site, 'rev-parse', 'HEAD');
    await remove('news.php', b);
    let items = await deletedList('news');
    expect(items.slice(0, 2).map((d) => [d.id, d.title])).toEqual([
      [b, 'Bravo to delete'],
      [a, 'Alpha to delete'],
    ]);

    // a comes back, is edited, and is deleted again: listed once, newest, with its last title.
    expect((await restore('news', a, git(site, 'rev-parse', `${first}^`))).status).toBe(200);
    expect((await deletedList('news')).map((d) => d.id)).not.toContain(a);
    expect(
      (await site.api(`/api/news.php?id=${a}`, { method: 'PUT', json: { title: 'Alpha again' } })).status,
    ).toBe(200);
    const edited = git(site, 'rev-parse', 'HEAD');
    await remove('news.php', a);
    items = await deletedList('news');
    expect(items.filter((d) => d.id === a)).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: a,
      title: 'Alpha again',
      restoreFrom: edited,
      deleted: { oid: git(site, 'rev-parse', 'HEAD'), author },
    });
    expect(items[1]!.id).toBe(b);
  });

  it('shows a delete made by hand with git, by its author; a file recreated by hand is not deleted', async () => {
    const c = await createNews('Charlie removed by hand');
    const d = await createNews('Delta recreated by hand');
    await remove('news.php', d);
    const hand = ['-c', 'user.name=Hand Editor', '-c', 'user.email=hand@example.org'];
    site.git('rm', '-q', `content/news/${c}.md`);
    site.git(...hand, 'commit', '-q', '-m', 'Remove a news item by hand');
    const old = site.git('show', `HEAD~2:content/news/${d}.md`);
    writeFileSync(`${site.siteDir}/content/news/${d}.md`, old);
    site.git('add', `content/news/${d}.md`);
    site.git(...hand, 'commit', '-q', '-m', 'Put a news item back by hand');

    // The watcher takes the hand commits in (the list leaves out files the site still serves).
    await eventually(async () => (await site.api(`/api/news.php?id=${c}`)).status === 404);
    await eventually(async () => (await site.api(`/api/news.php?id=${d}`)).status === 200);
    const items = await deletedList('news');
    expect(items[0]).toMatchObject({
      id: c,
      title: 'Charlie removed by hand',
      deleted: {
        message: 'Remove a news item by hand',
        author: { name: 'Hand Editor', email: 'hand@example.org' },
      },
      restoreFrom: git(site, 'rev-parse', 'HEAD~2'),
    });
    expect(items.map((x) => x.id)).not.toContain(d);
  });

  it('lists nothing for a collection with no deletes', async () => {
    expect(await deletedList('resources')).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses a singleton, an unknown kind and the private messages with 400', async () => {
    expect(await answer(site.api('/api/deleted?entity=footer'))).toEqual({
      status: 400,
      body: {
        error: 'Footer is a single page, not a list, so it has no deleted items.',
        fields: { entity: 'Not a list' },
      },
    });
    for (const entity of ['nope', 'messages', ''])
      expect(await answer(site.api(`/api/deleted?entity=${entity}`))).toEqual({
        status: 400,
        body: { error: 'Unknown kind of item.', fields: { entity: 'Unknown' } },
      });
  });

  it('refuses a signed-out caller (401), and a restore from another site (403) changes nothing', async () => {
    const cookie = site.cookie;
    site.cookie = '';
    try {
      expect((await site.api('/api/deleted?entity=news')).status).toBe(401);
    } finally {
      site.cookie = cookie;
    }
    // A read is not refused by origin (GET never is); another site's page cannot read it: no CORS.
    const elsewhere = await site.api('/api/deleted?entity=news', {
      headers: { origin: 'http://evil.example' },
    });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    const [item] = await deletedList('news');
    const before = commitCount(site);
    const res = await site.api('/api/history/restore', {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
      json: { entity: 'news', id: item!.id, commit: item!.restoreFrom },
    });
    expect(res.status).toBe(403);
    expectNoCommit(site, before);
  });
});
