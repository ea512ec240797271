// The public order of a paged list (the news) is kept in order as items change, instead of sorted
// again after every change: after saves, deletes, new items, items hidden and shown again by their
// schedule, and hand edits, each page is what a read model sorting from scratch answers.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { ReadModel } from './readModel.ts';
import { readAnswer } from '../../http/legacy/readAnswers.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ watch: false });
  await site.signIn();
});
afterAll(() => site?.stop());

const ctx = { signedIn: false, media: 'url', shape: 'typed' } as const;
const pageOf = (model: ReadModel, page: number, size: number) =>
  readAnswer(model, model.endpoint(`news.php?page=${page}&size=${size}`)!, ctx);

/**
 * Every page of the news, as the long-lived read model and as a new one (a sort from scratch) answer
 * it; returns whether the long-lived one listed the whole collection again (sorted anew).
 */
function expectSameAsFresh(size: number): boolean {
  const list = vi.spyOn(site.deps.index, 'list');
  const kept = Array.from({ length: 12 }, (_, i) => pageOf(site.deps.model, i + 1, size));
  const sorted = list.mock.calls.length > 0;
  list.mockRestore();
  const fresh = new ReadModel(site.deps.index, site.deps.store);
  kept.forEach((page, i) => expect(page, `page ${i + 1}`).toEqual(pageOf(fresh, i + 1, size)));
  expect((kept.at(-1) as { items: unknown[] }).items).toEqual([]); // every page was compared
  return sorted;
}

function rng(seed: number) {
  let s = seed;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

it('stays in the order a fresh sort gives, through saves, deletes, new items, schedules and hand edits', async () => {
  const random = rng(7);
  const day = () =>
    `20${10 + Math.floor(random() * 3)}-0${1 + Math.floor(random() * 3)}-1${Math.floor(random() * 3)}`;
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) {
    // Few distinct dates: many items share one, and their ids order them.
    const res = await site.api('/api/news.php', {
      method: 'POST',
      json: { title: `Item ${i}`, when_date: day() },
    });
    expect(res.status).toBe(201);
    ids.push(String(((await res.json()) as { id: string | number }).id));
  }
  pageOf(site.deps.model, 1, 7); // the order is made once here; from now on it is kept
  let schedules = 0; // the schedule clock's changes name no item: the order is made again after one
  const unsubscribe = site.deps.index.changes.on((c) => void (c.kind === 'schedule' && schedules++));
  let sortedAgain = 0;
  const pick = () => ids[Math.floor(random() * ids.length)]!;
  for (let step = 0; step < 40; step++) {
    const r = random();
    if (r < 0.35) {
      const res = await site.api(`/api/news.php?id=${pick()}`, { method: 'PUT', json: { when_date: day() } });
      expect(res.status).toBe(200);
    } else if (r < 0.5) {
      const id = ids.splice(Math.floor(random() * ids.length), 1)[0]!;
      expect((await site.api(`/api/news.php?id=${id}`, { method: 'DELETE' })).status).toBe(200);
    } else if (r < 0.65) {
      const res = await site.api('/api/news.php', {
        method: 'POST',
        json: { title: `New ${step}`, when_date: day() },
      });
      ids.push(String(((await res.json()) as { id: string | number }).id));
    } else if (r < 0.8) {
      // Hidden (its window is over), or shown again.
      const until = random() < 0.5 ? '2001-01-01T00:00' : '';
      const res = await site.api(`/api/news.php?id=${pick()}`, {
        method: 'PUT',
        json: { show_until: until },
      });
      expect(res.status).toBe(200);
    } else {
      // A hand edit, as the file watcher hands it to the index.
      const rel = `content/news/${pick()}.md`;
      const file = path.join(site.siteDir, rel);
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace(/^when_date: .*$/m, `when_date: '${day()}'`),
      );
      await site.deps.index.refreshPaths([rel]);
    }
    if (expectSameAsFresh(7)) sortedAgain++;
  }
  unsubscribe();
  // Each change moved only its items: the whole list was sorted again only after the clock's changes.
  expect(sortedAgain).toBeLessThanOrEqual(schedules);
});
