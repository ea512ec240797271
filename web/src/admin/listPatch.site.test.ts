// The browser's placing of a changed item in a list, checked against the server's own answer: on a
// real site (real git, the real content index and admin list), hundreds of creates, saves that move
// an item, and deletes, each seen through a page of some search, order and size. Whenever the
// browser says what the page holds now, it is exactly what the server answers; and it says so for
// every change of a list that fits on one page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../../server/testing/testSite.ts';
import { collections } from '../../../server/schema/registry.ts';
import { ItemLists, type ItemQuery } from '../../../server/content/index/itemQuery.ts';
import { searchWords } from '../../../server/schema/listOrder.ts';
import { itemAnswer } from '../../../server/http/legacy/readAnswers.ts';
import type { AdminItem } from './api.ts';
import { DECLARED, patchList, wholeList, type Before, type ListView } from './listPatch.ts';

const news = collections.find((c) => c.name === 'news')!;
const author = { name: 'Lists', email: 'lists@example.org', username: 'lists' };
let site: TestSite;
let lists: ItemLists;

/** A small deterministic random source, so a failure can be run again as it was. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}
const rnd = random(20261125);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const WORDS = ['robots', 'Spring', 'teachers', 'summer', 'camp', 'Boston'];
const title = () => `${pick(WORDS)} ${pick(WORDS)} ${Math.floor(rnd() * 50)}`;
const date = () => `2026-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`;

const typed = (item: { id: string; version: string; data: Record<string, unknown> }): AdminItem =>
  itemAnswer(site.deps.model, news, item, 'url', 'typed') as AdminItem;
const current = (id: string): AdminItem | undefined => {
  const item = site.deps.index.get(news, id);
  return item && typed(item);
};
function page(query: ItemQuery): ListView {
  const { items, ...rest } = lists.page(query);
  return { items: items.map(typed), ...rest };
}
const ids = (view: ListView) => view.items.map((i) => i.id);

beforeAll(async () => {
  site = await startTestSite({ watch: false });
  lists = new ItemLists(site.deps.index);
  for (let i = 0; i < 24; i++)
    await site.deps.writer.save({
      def: news,
      input: { title: title(), when_date: date() },
      uploads: [],
      author,
    });
});
afterAll(async () => {
  await site?.stop();
});

type Change = { id: string; before: Before; after: AdminItem | null };

/** One random change made on the site, with what a tab would know of it. */
async function change(): Promise<Change> {
  const all = site.deps.index.list(news);
  const kind = pick(['create', 'move', 'move', 'retitle', 'delete']);
  if (kind === 'create' || all.length < 6) {
    const { item } = await site.deps.writer.save({
      def: news,
      input: { title: title(), when_date: date() },
      uploads: [],
      author,
    });
    return { id: item.id, before: undefined, after: current(item.id)! };
  }
  const target = pick(all);
  const before = typed(target);
  if (kind === 'delete') {
    await site.deps.writer.remove(news, target.id, author);
    return { id: target.id, before, after: null };
  }
  const input = kind === 'move' ? { when_date: date() } : { title: title() };
  await site.deps.writer.save({ def: news, id: target.id, input, uploads: [], author });
  return { id: target.id, before, after: current(target.id)! };
}

describe('a changed item placed in a page by the browser', () => {
  it('is where the server puts it, whenever the browser says where that is', async () => {
    let decided = 0;
    let asked = 0;
    for (let step = 0; step < 160; step++) {
      const sort = pick(['', '', 'when_date', 'title', 'id']);
      const dir = pick(['asc', 'desc'] as const);
      const q = pick(['', '', 'robots', 'spring camp']);
      const per = pick([3, 5, 100]);
      const first = lists.page({ def: news, words: searchWords(q), sort, dir, page: 1, per });
      const query: ItemQuery = {
        def: news,
        words: searchWords(q),
        sort,
        dir,
        page: 1 + Math.floor(rnd() * first.pages),
        per,
      };
      const shown = page(query);
      const made = await change();
      // A tab that never read the item knows it only from a page that shows it.
      const before = made.before && rnd() < 0.3 ? 'unknown' : made.before;
      const patched = patchList(news, { words: query.words, sort, dir }, shown, made.id, before, made.after);
      const now = page(query);
      asked++;
      if (!patched) {
        // Only a page that is not the whole list may need the server.
        expect(shown.pages > 1 || now.pages > 1 || before === 'unknown').toBe(true);
        continue;
      }
      decided++;
      const where = `step ${step}: ${JSON.stringify({ ...query, def: undefined, made: made.id })}`;
      expect(ids(patched), where).toEqual(ids(now));
      expect({ total: patched.total, pages: patched.pages, page: patched.page }, where).toEqual({
        total: now.total,
        pages: now.pages,
        page: now.page,
      });
      for (const [n, item] of patched.items.entries()) expect(item, where).toEqual(now.items[n]);
    }
    // Most changes are drawn without asking the server.
    expect(decided / asked).toBeGreaterThan(0.6);
  }, 60_000);

  it('a whole list in the declared order takes every create, move and delete without the server', async () => {
    for (let step = 0; step < 40; step++) {
      const shown = site.deps.index.list(news).map(typed);
      const made = await change();
      const patched = patchList(news, DECLARED, wholeList(shown), made.id, made.before, made.after, true);
      expect(patched).not.toBeNull();
      expect(patched!.items).toEqual(site.deps.index.list(news).map(typed));
    }
  }, 30_000);
});
