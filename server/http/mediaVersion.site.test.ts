// Replacing only an item's picture is a new version of the item: stale edits get 409, history shows it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../testing/testSite.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
});
afterAll(async () => {
  await site.stop();
});

// A 1×1 PNG, and the same with one different pixel byte.
const png = (shade: number) => {
  const b = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([b, Buffer.from([shade])]);
};

async function uploadHeadshot(version: string, shade: number) {
  const form = new FormData();
  form.set('id', '1');
  form.set('version', version);
  form.set('headshot', new Blob([png(shade)], { type: 'image/png' }), 'me.png');
  return site.api('/api/about_us.php?media=url', { method: 'POST', body: form });
}

it('a new headshot alone changes the version, refuses the stale one, and is in the history', async () => {
  const start = await (await site.api('/api/about_us.php?id=1')).json();
  const first = await uploadHeadshot(start.version, 1);
  expect(first.status).toBe(200);
  const after = await first.json();
  expect(after.version).not.toBe(start.version);
  expect(after.headshot).toMatch(/^\/media\/profiles\/1\.png\?v=/);

  const stale = await uploadHeadshot(start.version, 2);
  expect(stale.status).toBe(409);
  expect((await stale.json()).current.version).toBe(after.version);

  const again = await uploadHeadshot(after.version, 3);
  expect(again.status).toBe(200);
  const history = await (await site.api('/api/history?entity=profiles&id=1')).json();
  expect(history.commits.map((c: { message: string }) => c.message).slice(0, 2)).toEqual([
    expect.stringMatching(/^profiles: update 1 /),
    expect.stringMatching(/^profiles: update 1 /),
  ]);
  expect(site.git('log', '-1', '--name-only', '--format=').trim()).toBe('media/profiles/1.png');
});

it('never gives a new item the id (and so the history) of a deleted one', async () => {
  const make = async (title: string) =>
    (
      await (
        await site.api('/api/news.php', { method: 'POST', json: { title, when_date: '2030-01-01' } })
      ).json()
    ).id as string;
  const first = await make('Made and then deleted');
  expect((await site.api(`/api/news.php?id=${first}`, { method: 'DELETE' })).status).toBe(200);
  const second = await make('Made afterwards');
  expect(Number(second)).toBe(Number(first) + 1);
  const history = await (await site.api(`/api/history?entity=news&id=${second}`)).json();
  expect(history.commits.map((c: { message: string }) => c.message)).toEqual([
    `news: create ${second} "Made afterwards"`,
  ]);
});
