// Saves go through one queue: 50 concurrent saves make 50 commits in a linear history and lose
// nothing; concurrent edits from one starting version cannot overwrite one another.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { addEditorAndSignIn, answer, commitCount, expectClean, git, list } from './writesTestKit.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await addEditorAndSignIn(site);
});
afterAll(async () => {
  await site?.stop();
});

it('50 concurrent creates → 50 commits, linear history, all 50 items present', async () => {
  const before = commitCount(site);
  const headBefore = git(site, 'rev-parse', 'HEAD');
  const titles = Array.from({ length: 50 }, (_, i) => `Concurrent news ${String(i).padStart(2, '0')}`);
  const answers = await Promise.all(
    titles.map((title, i) =>
      answer(
        site.api('/api/news.php', {
          method: 'POST',
          json: { title, what: `Body ${i}`, when_date: '2026-01-01' },
        }),
      ),
    ),
  );

  expect(answers.map((a) => a.status)).toEqual(titles.map(() => 201));
  const ids = answers.map((a) => String(a.body.id));
  expect(new Set(ids).size).toBe(50);

  expect(commitCount(site)).toBe(before + 50);
  expect(git(site, 'log', '--merges', '--oneline')).toBe('');
  // Linear: each new commit has exactly one parent and the chain leads back to the old head.
  const parents = git(site, 'rev-list', '--parents', `${headBefore}..HEAD`).split('\n');
  expect(parents).toHaveLength(50);
  for (const line of parents) expect(line.split(' ')).toHaveLength(2);
  expect(git(site, 'merge-base', '--is-ancestor', headBefore, 'HEAD')).toBe('');

  // One commit per item, each naming its own item, and every file in the tree.
  const subjects = git(site, 'log', '--format=%s', `${headBefore}..HEAD`).split('\n').sort();
  expect(subjects).toEqual(
    answers.map((a) => `news: create ${String(a.body.id)} "${String(a.body.title)}"`).sort(),
  );
  const files = git(site, 'ls-tree', '--name-only', 'HEAD', 'content/news/').split('\n');
  for (const id of ids) expect(files).toContain(`content/news/${id}.md`);
  expectClean(site);

  const listed = await list(site, 'news.php');
  for (const title of titles) expect(listed.map((n) => n.title)).toContain(title);
});

it('50 concurrent edits of one item from the same version: one wins, 49 get 409, nothing overwritten', async () => {
  const item = (await list(site, 'news.php'))[0]!;
  const before = commitCount(site);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      answer(
        site.api(`/api/news.php?id=${String(item.id)}`, {
          method: 'PUT',
          json: { title: `Edit ${i}`, version: item.version },
        }),
      ),
    ),
  );
  const ok = answers.filter((a) => a.status === 200);
  const conflicts = answers.filter((a) => a.status === 409);
  expect(ok).toHaveLength(1);
  expect(conflicts).toHaveLength(49);
  for (const c of conflicts)
    expect(c.body.current).toMatchObject({
      id: item.id,
      title: ok[0]!.body.title,
      version: ok[0]!.body.version,
    });
  expect(commitCount(site)).toBe(before + 1);
  expect((await list(site, 'news.php')).find((n) => n.id === item.id)?.title).toBe(ok[0]!.body.title);
  expectClean(site);
});

it('50 concurrent edits of different singleton fields and items all land', async () => {
  const before = commitCount(site);
  const news = (await list(site, 'news.php')).slice(0, 45);
  const calls = [
    ...news.map((n, i) =>
      site.api(`/api/news.php?id=${String(n.id)}`, { method: 'PUT', json: { what: `Edited body ${i}` } }),
    ),
    site.api('/api/footer.php', { method: 'PUT', json: { legal_notice: 'Footer, concurrently' } }),
    site.api('/api/policy_update.php', { method: 'PUT', json: { policyText: 'Policy, concurrently' } }),
    site.api('/api/resources_text.php', {
      method: 'PUT',
      json: { id: 1, field: 'proDevAbove', value: 'Above, concurrently' },
    }),
    site.api('/api/resources_text.php', {
      method: 'PUT',
      json: { id: 1, field: 'proDevBelow', value: 'Below, concurrently' },
    }),
    site.api('/api/resources_text.php', {
      method: 'PUT',
      json: { id: 1, field: 'credentialing', value: 'Credentialing, concurrently' },
    }),
  ];
  const statuses = (await Promise.all(calls)).map((r) => r.status);
  expect(statuses).toEqual(calls.map(() => 200));
  expect(commitCount(site)).toBe(before + 50);
  expect(git(site, 'log', '--merges', '--oneline')).toBe('');
  const after = await list(site, 'news.php');
  news.forEach((n, i) => expect(after.find((x) => x.id === n.id)?.what).toBe(`Edited body ${i}`));
  // The three field updates of one file did not overwrite one another.
  const texts = (await (await site.api('/api/resources_text.php')).json()) as Record<string, string>;
  expect(texts).toMatchObject({
    proDevAbove: 'Above, concurrently',
    proDevBelow: 'Below, concurrently',
    credentialing: 'Credentialing, concurrently',
  });
  expectClean(site);
});
