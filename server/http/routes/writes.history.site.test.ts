// History (signed in): an item's commits newest first, any version viewed, restored as a new commit
// (its media too); signed out → 401. Compared against the git CLI's own log of the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import {
  addEditorAndSignIn,
  answer,
  commitCount,
  expectNoCommit,
  expectOneCommit,
  file,
  form,
  git,
  jpg,
  png,
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

interface Commit {
  oid: string;
  author: { name: string; email: string };
  date: string;
  message: string;
}
const history = async (query: string) => answer(site.api(`/api/history?${query}`));

describe('a news item edited twice', () => {
  let id = '';
  let commits: Commit[] = [];

  beforeAll(async () => {
    const created = await answer(
      site.api('/api/news.php', {
        method: 'POST',
        json: { title: 'Version one', what: 'First text.', when_date: '2026-02-01' },
      }),
    );
    id = String(created.body.id);
    // Each edit a minute later than the one before (commit dates have one-second resolution).
    const realNow = Date.now;
    try {
      for (const [i, [title, what]] of [
        ['Version two', 'Second text.'],
        ['Version three', 'Third text.'],
      ].entries()) {
        Date.now = () => realNow() + (i + 1) * 60_000;
        expect(
          (await site.api(`/api/news.php?id=${id}`, { method: 'PUT', json: { title, what } })).status,
        ).toBe(200);
      }
    } finally {
      Date.now = realNow;
    }
  });

  it('lists its commits newest first with oid, author, date and message, as git log does', async () => {
    const res = await history(`entity=news&id=${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ entity: 'news', id, path: `content/news/${id}.md` });
    commits = res.body.commits as Commit[];
    expect(commits.map((c) => c.message)).toEqual([
      `news: update ${id} "Version three"\n\nFields: title, what`,
      `news: update ${id} "Version two"\n\nFields: title, what`,
      `news: create ${id} "Version one"`,
    ]);
    for (const c of commits) {
      expect(c.author).toEqual(author);
      expect(c.oid).toMatch(/^[0-9a-f]{40}$/);
      expect(Number.isNaN(Date.parse(c.date))).toBe(false);
    }
    expect(Date.parse(commits[0]!.date) - Date.parse(commits[1]!.date)).toBeGreaterThanOrEqual(59_000);
    expect(Date.parse(commits[1]!.date) - Date.parse(commits[2]!.date)).toBeGreaterThanOrEqual(59_000);
    const cli = git(site, 'log', '--format=%H %aI', '--', `content/news/${id}.md`)
      .split('\n')
      .map((l) => l.split(' '));
    expect(commits.map((c) => c.oid)).toEqual(cli.map(([oid]) => oid));
    expect(commits.map((c) => Date.parse(c.date))).toEqual(cli.map(([, d]) => Date.parse(d!)));
  });

  it('shows an old version as it was', async () => {
    const oldest = commits[2]!;
    const res = await answer(site.api(`/api/history/version?entity=news&id=${id}&commit=${oldest.oid}`));
    expect(res.status).toBe(200);
    expect(res.body.commit).toBe(oldest.oid);
    expect(res.body.item).toMatchObject({
      id,
      title: 'Version one',
      what: 'First text.',
      when_date: '2026-02-01',
    });
    expect(res.body.text).toBe(git(site, 'show', `${oldest.oid}:content/news/${id}.md`) + '\n');
  });

  it('restores it as a new commit; the content is back to the old values and the history grows', async () => {
    const before = commitCount(site);
    const oldest = commits[2]!;
    const res = await answer(
      site.api('/api/history/restore', { method: 'POST', json: { entity: 'news', id, commit: oldest.oid } }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: 'Version one', what: 'First text.', message: 'Restored.' });
    expectOneCommit(site, before, {
      author,
      message: `news: restore ${oldest.oid.slice(0, 7)} of ${id} "Version one"`,
      files: { [`content/news/${id}.md`]: 'M' },
    });
    expect(git(site, 'show', `HEAD:content/news/${id}.md`)).toBe(
      git(site, 'show', `${oldest.oid}:content/news/${id}.md`),
    );
    const item = (await (await site.api(`/api/news.php?id=${id}`)).json()) as Record<string, unknown>;
    expect(item).toMatchObject({ title: 'Version one', what: 'First text.' });
    const after = (await history(`entity=news&id=${id}`)).body.commits as Commit[];
    expect(after).toHaveLength(4);
    expect(after[0]!.oid).toBe(git(site, 'rev-parse', 'HEAD'));
    expect(after.slice(1)).toEqual(commits);
  });

  it('restoring the version it already has makes no commit', async () => {
    const before = commitCount(site);
    const res = await answer(
      site.api('/api/history/restore', {
        method: 'POST',
        json: { entity: 'news', id, commit: commits[2]!.oid },
      }),
    );
    expect(res.status).toBe(200);
    expectNoCommit(site, before);
  });

  it('brings back a deleted item', async () => {
    const last = commitCount(site);
    expect((await site.api(`/api/news.php?id=${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await site.api(`/api/news.php?id=${id}`)).status).toBe(404);
    const res = await answer(
      site.api('/api/history/restore', {
        method: 'POST',
        json: { entity: 'news', id, commit: commits[0]!.oid },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Version three' });
    expect(commitCount(site)).toBe(last + 2);
    expect((await history(`entity=news&id=${id}`)).body.commits).toHaveLength(6);
  });

  it('refuses everything signed out (401)', async () => {
    const cookie = site.cookie;
    site.cookie = '';
    try {
      const before = commitCount(site);
      expect((await history(`entity=news&id=${id}`)).status).toBe(401);
      expect(
        (await site.api(`/api/history/version?entity=news&id=${id}&commit=${commits[0]!.oid}`)).status,
      ).toBe(401);
      expect(
        (
          await site.api('/api/history/restore', {
            method: 'POST',
            json: { entity: 'news', id, commit: commits[2]!.oid },
          })
        ).status,
      ).toBe(401);
      expectNoCommit(site, before);
    } finally {
      site.cookie = cookie;
    }
  });
});

describe('history of media and singletons', () => {
  it('restoring a profile brings its old headshot back in the same commit', async () => {
    const first = jpg('first headshot');
    const created = await answer(
      site.api('/api/about_us.php', {
        method: 'POST',
        body: form({ name: 'Rosa Restore' }, { headshot: file(first, 'a.jpg', 'image/jpeg') }),
      }),
    );
    const id = String(created.body.id);
    const oldCommit = git(site, 'rev-parse', 'HEAD');
    expect(
      (
        await site.api('/api/about_us.php', {
          method: 'POST',
          body: form({ id, name: 'Rosa Restored' }, { headshot: file(png('second'), 'b.png', 'image/png') }),
        })
      ).status,
    ).toBe(200);

    const before = commitCount(site);
    const res = await answer(
      site.api('/api/history/restore', {
        method: 'POST',
        json: { entity: 'profiles', id, commit: oldCommit },
      }),
    );
    expect(res.status).toBe(200);
    expectOneCommit(site, before, {
      author,
      message: `profiles: restore ${oldCommit.slice(0, 7)} of ${id} "Rosa Restore"`,
      files: {
        [`content/profiles/${id}.md`]: 'M',
        [`media/profiles/${id}.jpg`]: 'A',
        [`media/profiles/${id}.png`]: 'D',
      },
    });
    expect(readWorkTree(site, `media/profiles/${id}.jpg`).equals(first)).toBe(true);
  });

  it('a version shows its own picture, read from git, even after the picture was replaced', async () => {
    const first = jpg('picture of version one');
    const created = await answer(
      site.api('/api/about_us.php', {
        method: 'POST',
        body: form({ name: 'Pia Picture' }, { headshot: file(first, 'a.jpg', 'image/jpeg') }),
      }),
    );
    const id = String(created.body.id);
    const oldCommit = git(site, 'rev-parse', 'HEAD');
    const replaced = form(
      { id, name: 'Pia Picture' },
      { headshot: file(jpg('picture of version two'), 'b.jpg', 'image/jpeg') },
    );
    expect((await site.api('/api/about_us.php', { method: 'POST', body: replaced })).status).toBe(200);
    const version = await answer(
      site.api(`/api/history/version?entity=profiles&id=${id}&commit=${oldCommit}`),
    );
    const url = String((version.body.item as Record<string, unknown>).headshot);
    expect(url).toBe(`/api/history/media?entity=profiles&id=${id}&commit=${oldCommit}&field=headshot`);
    const res = await site.api(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('private');
    expect(Buffer.from(await res.arrayBuffer()).equals(first)).toBe(true);
    expect((await site.api(url.replace('field=headshot', 'field=name'))).status).toBe(400);
    const cookie = site.cookie;
    site.cookie = '';
    try {
      expect((await site.api(url)).status).toBe(401);
    } finally {
      site.cookie = cookie;
    }
  });

  it('a singleton has a history too (id is ignored)', async () => {
    expect(
      (await site.api('/api/footer.php', { method: 'PUT', json: { legal_notice: 'Footer A' } })).status,
    ).toBe(200);
    const res = await history('entity=footer');
    expect(res.status).toBe(200);
    const commits = res.body.commits as Commit[];
    expect(commits[0]!.message).toBe('footer: update\n\nFields: legal_notice');
    expect(commits.at(-1)!.message).toBe('Start the site from the starter content');
  });

  it('includes commits made by hand with git, outside the CMS', async () => {
    const before = (await history('entity=news&id=1')).body.commits as Commit[];
    site.git(
      '-c',
      'user.name=Hand Editor',
      '-c',
      'user.email=hand@example.org',
      'commit',
      '--allow-empty',
      '-q',
      '-m',
      'unrelated',
    );
    const text = git(site, 'show', 'HEAD:content/news/1.md').replace(/^title: .*$/m, 'title: Edited by hand');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${site.siteDir}/content/news/1.md`, `${text}\n`);
    site.git('add', 'content/news/1.md');
    site.git(
      '-c',
      'user.name=Hand Editor',
      '-c',
      'user.email=hand@example.org',
      'commit',
      '-q',
      '-m',
      'Fix a title by hand',
    );
    const after = (await history('entity=news&id=1')).body.commits as Commit[];
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({
      message: 'Fix a title by hand',
      author: { name: 'Hand Editor', email: 'hand@example.org' },
    });
  });

  it('a restore obeys the entity rules: an old event page cannot take a page URL another page now has', async () => {
    const old = git(site, 'rev-parse', 'HEAD');
    const pages = (await (await site.api('/api/majorevents.php')).json()) as {
      id: string;
      header: string;
      page_url: string;
    }[];
    const [a, b] = [
      pages.find((p) => p.page_url === '/winterofcs')!,
      pages.find((p) => p.page_url === '/summerOfCS')!,
    ];
    expect(
      (
        await site.api(`/api/majorevents.php?id=${a.id}&update_type=full`, {
          method: 'PUT',
          json: { page_url: '' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await site.api(`/api/majorevents.php?id=${b.id}&update_type=full`, {
          method: 'PUT',
          json: { page_url: '/winterofcs' },
        })
      ).status,
    ).toBe(200);
    const before = commitCount(site);
    const res = await answer(
      site.api('/api/history/restore', {
        method: 'POST',
        json: { entity: 'majorEvents', id: a.id, commit: old },
      }),
    );
    const message = `The page URL /winterofcs is already used by "${b.header}". Choose another or free it there first.`;
    expect(res).toEqual({ status: 400, body: { error: message, fields: { page_url: message } } });
    expectNoCommit(site, before);
    const after = (await (await site.api('/api/majorevents.php')).json()) as { page_url: string }[];
    expect(after.filter((p) => p.page_url === '/winterofcs')).toHaveLength(1);
  });

  it('admin/status names the head commit and the content errors (none)', async () => {
    const res = await answer(site.api('/api/admin/status'));
    expect(res).toEqual({ status: 200, body: { head: git(site, 'rev-parse', 'HEAD'), errors: [] } });
  });

  it('refuses unknown kinds, private collections, bad ids and bad commits (400), and unknown versions (404)', async () => {
    expect((await history('entity=nope&id=1')).status).toBe(400);
    expect((await history('entity=messages&id=1')).status).toBe(400);
    expect((await history('entity=news&id=../1')).status).toBe(400);
    expect((await site.api('/api/history/version?entity=news&id=1&commit=HEAD')).status).toBe(400);
    const first = git(site, 'rev-list', '--max-parents=0', 'HEAD');
    expect((await site.api(`/api/history/version?entity=news&id=999&commit=${first}`)).status).toBe(404);
    const before = commitCount(site);
    expect(
      (
        await site.api('/api/history/restore', {
          method: 'POST',
          json: { entity: 'news', id: '999', commit: first },
        })
      ).status,
    ).toBe(400);
    expectNoCommit(site, before);
  });
});
