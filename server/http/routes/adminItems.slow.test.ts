// GET /api/admin/items: one page of a collection for the admin, searched and sorted on the server.
// Checked against the documented list endpoint of the same server as the web app reads it (the
// declared order, stored values: shape=typed), on the starter site and on a site of 10,000 news items.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { dataDirWithNews, generateNews } from '../../testing/manyItems.ts';
import { collections, entities } from '../../schema/registry.ts';
import { searchedFields } from '../../content/index/itemQuery.ts';
import { addPage } from './pagesTestKit.ts';

type Row = Record<string, string | boolean>;
interface ListAnswer {
  items: Row[];
  total: number;
  page: number;
  per: number;
  pages: number;
}

const getJson = async (site: TestSite, url: string) => {
  const res = await site.api(url);
  return {
    status: res.status,
    body: (await res.json()) as ListAnswer & { error?: string; fields?: Record<string, string> },
  };
};
const list = async (site: TestSite, query: string) => {
  const { status, body } = await getJson(site, `/api/admin/items?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};
/** The documented endpoint as the admin reads it: signed in, media as URLs, stored values. */
const documented = async (site: TestSite, endpoint: string) =>
  (await (await site.api(`/api/${endpoint}?media=url&shape=typed`)).json()) as Row[];

describe('on the starter site', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
    await site.signIn();
    // The starter site has no page staff built: one, so that every collection lists something.
    await addPage(site);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('refuses signed-out readers with 401', async () => {
    const res = await fetch(`${site.url}/api/admin/items?entity=news`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('Please sign in to do this.');
  });

  it.each(collections.map((d) => [d.name, d] as const))(
    '%s: the first page is the declared order, as stored values',
    async (name, def) => {
      const answer = await list(site, `entity=${name}`);
      const all = await documented(site, def.legacy.endpoint);
      expect(answer).toEqual({
        items: all.slice(0, 25),
        total: all.length,
        page: 1,
        per: 25,
        pages: Math.max(1, Math.ceil(all.length / 25)),
      });
      expect(answer.total).toBeGreaterThan(0);
    },
  );

  it('shows staff hidden items too', async () => {
    const staff = await list(site, 'entity=majorEvents');
    const pub = (await (await fetch(`${site.url}/api/majorevents.php`)).json()) as Row[];
    expect(staff.items.some((p) => p.hidden === true)).toBe(true);
    expect(staff.total).toBeGreaterThan(pub.length);
  });

  it('searches the text and markdown fields named by the declaration, not others', () => {
    expect(searchedFields(entities.news)).toEqual(['title', 'what', 'picture_alt']);
    expect(searchedFields(entities.eventCard)).toEqual([
      'title',
      'bold',
      'what',
      'who',
      'when_date',
      'major_event_associated',
    ]);
    expect(searchedFields(entities.paper)).toEqual(['study_title', 'abstract', 'file_name']);
    expect(searchedFields(entities.resource)).toEqual(['resource_name']);
  });

  it('sorts choices by the words staff see', async () => {
    const answer = await list(site, 'entity=statePolicies&sort=implementation');
    const labels = answer.items.map(
      (p) =>
        ({ implemented: 'Implemented', 'in-progress': 'In Progress', 'not-implemented': 'Not Implemented' })[
          p.implementation as 'implemented'
        ],
    );
    expect(labels).toEqual([...labels].sort());
  });

  it.each([
    ['entity=', 'entity', /Say which list/],
    ['entity=nope', 'entity', /There is no list called "nope"/],
    ['entity=footer', 'entity', /There is no list called "footer"/],
    ['entity=messages', 'entity', /There is no list called "messages"/],
    ['entity=news&entity=papers', 'entity', /Send "entity" once, as a single value/],
    ['entity=news&sort=colour', 'sort', /cannot be sorted by "colour"/],
    ['entity=news&dir=up', 'dir', /asc or desc/],
    ['entity=news&page=0', 'page', /whole number of 1 or more/],
    ['entity=news&page=two', 'page', /whole number of 1 or more/],
    ['entity=news&page=1.5', 'page', /whole number of 1 or more/],
    ['entity=news&per=101', 'per', /from 1 to 100/],
    ['entity=news&per=-3', 'per', /from 1 to 100/],
    [`entity=news&q=${'x'.repeat(201)}`, 'q', /at most 200 characters/],
  ])('%s → 400 naming %s', async (query, field, message) => {
    const { status, body } = await getJson(site, `/api/admin/items?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatch(message);
    expect(Object.keys(body.fields ?? {})).toEqual([field]);
  });

  it('names every bad setting at once', async () => {
    const { status, body } = await getJson(site, '/api/admin/items?entity=news&dir=sideways&per=0');
    expect(status).toBe(400);
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(['dir', 'per']);
  });

  it('accepts a wire name for a renamed field (papers: publicationDate)', async () => {
    const byWire = await list(site, 'entity=papers&sort=publicationDate&dir=desc');
    const byStored = await list(site, 'entity=papers&sort=publication_date&dir=desc');
    expect(byWire.items.map((p) => p.id)).toEqual(byStored.items.map((p) => p.id));
  });

  it('sees a save at once', async () => {
    const created = (await (
      await site.api('/api/news.php', {
        method: 'POST',
        json: { title: 'Zebra crossing grant', when_date: '2031-01-01' },
      })
    ).json()) as Row;
    const answer = await list(site, 'entity=news&q=zebra');
    expect(answer.items.map((n) => n.id)).toEqual([created.id]);
    expect((await list(site, 'entity=news')).items[0]!.id).toBe(created.id);
    await site.api(`/api/news.php?id=${created.id}`, { method: 'DELETE' });
    expect((await list(site, 'entity=news&q=zebra')).total).toBe(0);
  });
});

describe('a collection of 10,000 news items', () => {
  const generated = generateNews(10_000);
  let site: TestSite;
  let dataDir = '';
  let all: Row[] = [];
  beforeAll(async () => {
    dataDir = await dataDirWithNews(generated);
    site = await startTestSite({ dataDir });
    await site.signIn();
    all = await documented(site, 'news.php');
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('loads every item', () => {
    expect(all.length).toBe(10_000 + 5);
  });

  it('pages through all of them in the declared order, 100 at a time', async () => {
    const started = performance.now();
    const first = await list(site, 'entity=news&per=100');
    const firstMs = performance.now() - started;
    expect(first).toMatchObject({ total: all.length, page: 1, per: 100, pages: Math.ceil(all.length / 100) });
    const seen = [...first.items];
    const times: number[] = [];
    for (let page = 2; page <= first.pages; page++) {
      const t = performance.now();
      const answer = await list(site, `entity=news&per=100&page=${page}`);
      times.push(performance.now() - t);
      expect(answer.page).toBe(page);
      seen.push(...answer.items);
    }
    expect(seen.map((n) => n.id)).toEqual(all.map((n) => n.id));
    expect(seen).toEqual(all);
    times.sort((a, b) => a - b);
    console.log(
      `admin/items at 10,005 news: first page ${firstMs.toFixed(1)} ms (builds the order), ` +
        `then median ${times[times.length >> 1]!.toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms per page of 100`,
    );
  });

  it('a page past the end answers the last page', async () => {
    const answer = await list(site, 'entity=news&page=999999');
    expect(answer.page).toBe(answer.pages);
    expect(answer.items.map((n) => n.id)).toEqual(all.slice((answer.pages - 1) * 25).map((n) => n.id));
  });

  it('searches title and text, case-insensitively, every word, in the declared order', async () => {
    const has = (n: Row, ...words: string[]) =>
      words.every((w) => `${n.title}\n${n.what}`.toLowerCase().includes(w));
    const quasar = all.filter((n) => has(n, 'quasar'));
    expect(quasar.length).toBeGreaterThan(50);
    const answer = await list(site, 'entity=news&q=QuAsAr&per=100');
    expect(answer.total).toBe(quasar.length);
    expect(answer.items.map((n) => n.id)).toEqual(quasar.slice(0, 100).map((n) => n.id));

    const two = all.filter((n) => has(n, 'robotics', 'bend'));
    const both = await list(site, `entity=news&q=${encodeURIComponent('  bend   ROBOTICS ')}&per=100`);
    expect(both.items.map((n) => n.id)).toEqual(two.slice(0, 100).map((n) => n.id));
    expect(both.total).toBe(two.length);

    // Links are not text people write: a search for a link's host finds nothing.
    expect((await list(site, 'entity=news&q=example.org')).total).toBe(0);
    expect((await list(site, 'entity=news&q=no-such-words-anywhere')).items).toEqual([]);
  });

  it('sorts by a text field both ways, by a date with undated items last, and by id', async () => {
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const titles = (await list(site, 'entity=news&sort=title&per=100')).items.map((n) => String(n.title));
    for (let i = 1; i < titles.length; i++)
      expect(collator.compare(titles[i - 1]!, titles[i]!)).toBeLessThanOrEqual(0);
    const last = await list(site, 'entity=news&sort=title&dir=desc&per=100');
    const expectedFirst = all
      .map((n) => String(n.title))
      .sort(collator.compare)
      .at(-1);
    expect(last.items[0]!.title).toBe(expectedFirst);

    const oldest = await list(site, 'entity=news&sort=when_date&dir=asc&per=100');
    const dates = oldest.items.map((n) => n.when_date!);
    expect(dates.every(Boolean)).toBe(true);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]).toBe(
      all
        .map((n) => n.when_date!)
        .filter(Boolean)
        .sort()[0],
    );
    const undated = all.filter((n) => !n.when_date).length;
    const tail = await list(
      site,
      `entity=news&sort=when_date&dir=desc&per=100&page=${Math.ceil(all.length / 100)}`,
    );
    expect(tail.items.at(-1)!.when_date).toBe('');
    expect(tail.items.filter((n) => !n.when_date).length).toBe(Math.min(undated, tail.items.length));

    const byId = await list(site, 'entity=news&sort=id&dir=desc&per=3');
    expect(byId.items.map((n) => n.id)).toEqual(['11000', '10999', '10998']);
    const reversed = await list(site, 'entity=news&dir=desc&per=100');
    expect(reversed.items.map((n) => n.id)).toEqual(
      all
        .slice(-100)
        .reverse()
        .map((n) => n.id),
    );
  });

  it('search, sort and paging together', async () => {
    const answer = await list(site, 'entity=news&q=salem&sort=id&dir=asc&per=10&page=3');
    const salem = all
      .filter((n) => /salem/i.test(`${n.title}\n${n.what}`))
      .sort((a, b) => Number(a.id) - Number(b.id));
    expect(answer.total).toBe(salem.length);
    expect(answer.pages).toBe(Math.ceil(salem.length / 10));
    expect(answer.items.map((n) => n.id)).toEqual(salem.slice(20, 30).map((n) => n.id));
  });
});
