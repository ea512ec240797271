// The paged listings — the news, newest first, and the events, soonest first — as a browser without
// JavaScript and a crawler get them: /news and /events are the first pages, <listing>/page/<n> the
// next ones, each with the pagination nav and rel=prev/next; an address past the end or with a bad
// number is the not-found page. Real server, real git, generated items (server/testing/manyItems.ts);
// a stand-in build for the page frame.
import http from 'node:http';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import {
  dataDirWithEventCards,
  dataDirWithNews,
  generateEventCards,
  generateNews,
} from '../../testing/manyItems.ts';
import { standInBuild } from '../standInBuildTestKit.ts';
import { EVENTS_LISTING, NEWS_LISTING, type PagedListing } from '../../schema/site/paging.ts';

interface Row {
  id: string;
  title: string;
}

/** Text as React writes it into HTML. */
const inHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

const pageDataOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(html)![1]!) as {
    api: Record<string, { items: Row[]; page: number; pages: number; total: number }>;
  };

/** The bytes an answer takes on the wire with this Accept-Encoding (fetch would decode them). */
function wireSize(
  url: string,
  encoding: string,
): Promise<{ status: number; bytes: number; encoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ status: res.statusCode!, bytes, encoding: res.headers['content-encoding'] }),
        );
      })
      .on('error', reject);
  });
}

interface Case {
  listing: PagedListing;
  dataDir: (count: number) => Promise<string>;
  /** A new item that goes first in the listing, as the documented write call makes it. */
  first: { endpoint: string; json: Record<string, string> };
}

const CASES: Case[] = [
  {
    listing: NEWS_LISTING,
    dataDir: (count) => dataDirWithNews(generateNews(count)),
    first: { endpoint: 'news.php', json: { title: 'Fresh off the press', when_date: '2099-01-01' } },
  },
  {
    listing: EVENTS_LISTING,
    dataDir: (count) => dataDirWithEventCards(generateEventCards(count)),
    first: {
      endpoint: 'events.php',
      json: { title: 'Fresh off the press', start_date: '2026-01-02', display_event: '2' },
    },
  },
];

async function startWith(c: Case, count: number) {
  const dist = await standInBuild();
  const dataDir = await c.dataDir(count);
  const site = await startTestSite({ dataDir, distDir: dist });
  return {
    site,
    stop: async () => {
      await site.stop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(dist, { recursive: true, force: true });
    },
  };
}

describe.each(CASES)('$listing.path at a few hundred items', (c) => {
  const { path: base, endpoint, perPage, nav } = c.listing;
  let site: TestSite;
  let stop = async () => {};
  let all: Row[] = [];
  const page = async (path: string) => {
    const res = await fetch(site.url + path, { redirect: 'manual' });
    return { status: res.status, body: await res.text() };
  };
  const pageCount = () => Math.ceil(all.length / perPage);

  beforeAll(async () => {
    ({ site, stop } = await startWith(c, 300));
    all = (await (await fetch(`${site.url}/api/${endpoint}?shape=typed&media=url`)).json()) as Row[];
  }, 60_000);
  afterAll(async () => stop());

  it(`shows the first items on ${base}, complete in the HTML, with the nav and rel=next`, async () => {
    expect(all.length).toBeGreaterThan(250);
    const { status, body } = await page(base);
    expect(status).toBe(200);
    for (const item of all.slice(0, perPage)) expect(body).toContain(inHtml(item.title));
    expect(body).not.toContain(inHtml(all[perPage]!.title));
    const pages = pageCount();
    expect(body).toContain(`<nav class="pagination" aria-label="${nav.label}">`);
    expect(body).toContain(`<a aria-current="page" aria-label="Page 1" href="${base}"`);
    expect(body).toContain(`href="${base}/page/${pages}"`);
    expect(body).toMatch(new RegExp(`<link rel="next" href="http://[^"]+${base}/page/2" />`));
    expect(body).not.toContain('<link rel="prev"');
    const data = pageDataOf(body).api[`${endpoint}?page=1&size=${perPage}`]!;
    expect(data.items.map((i) => i.id)).toEqual(all.slice(0, perPage).map((i) => i.id));
    expect(data).toMatchObject({ page: 1, pages, total: all.length });
  });

  it(`shows the next items on ${base}/page/2, with rel=prev and rel=next, and its page data`, async () => {
    const { status, body } = await page(`${base}/page/2`);
    expect(status).toBe(200);
    const second = all.slice(perPage, 2 * perPage);
    for (const item of second) expect(body).toContain(inHtml(item.title));
    expect(body).not.toContain(inHtml(all[0]!.title));
    expect(body).toMatch(new RegExp(`<link rel="prev" href="http://[^"]+${base}" />`));
    expect(body).toMatch(new RegExp(`<link rel="next" href="http://[^"]+${base}/page/3" />`));
    expect(body).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+${base}/page/2" />`));
    expect(body).toContain(`aria-current="page" aria-label="Page 2" href="${base}/page/2"`);
    const json = await (await fetch(`${site.url}/page-data${base}/page/2`)).json();
    expect(json.api[`${endpoint}?page=2&size=${perPage}`].items.map((i: Row) => i.id)).toEqual(
      second.map((i) => i.id),
    );
  });

  it('the last page has rel=prev only; past the end and bad numbers are the not-found page', async () => {
    const last = pageCount();
    const end = await page(`${base}/page/${last}`);
    expect(end.status).toBe(200);
    expect(end.body).toContain(inHtml(all.at(-1)!.title));
    expect(end.body).toContain('<link rel="prev"');
    expect(end.body).not.toContain('<link rel="next"');
    for (const path of [
      `${base}/page/${last + 1}`,
      `${base}/page/999999`,
      `${base}/page/0`,
      `${base}/page/1`,
      `${base}/page/x`,
    ]) {
      const gone = await page(path);
      expect(gone.status, path).toBe(404);
      expect(gone.body, path).toContain('<h1>Page not found</h1>');
    }
  });

  it('lists the numbered pages in the sitemap', async () => {
    const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const last = pageCount();
    expect(xml).toContain(`${base}/page/2</loc>`);
    expect(xml).toContain(`${base}/page/${last}</loc>`);
    expect(xml).not.toContain(`${base}/page/${last + 1}</loc>`);
  });

  it(`shows a new item first on ${base}, and moves the rest on by one`, async () => {
    await site.signIn();
    const made = await site.api(`/api/${c.first.endpoint}`, { method: 'POST', json: c.first.json });
    expect(made.status).toBe(201);
    await site.signOut();
    const first = await page(base);
    expect(first.body.indexOf('Fresh off the press')).toBeLessThan(first.body.indexOf(inHtml(all[0]!.title)));
    expect(first.body).not.toContain(inHtml(all[perPage - 1]!.title));
    expect((await page(`${base}/page/2`)).body).toContain(inHtml(all[perPage - 1]!.title));
  });
});

describe('the events listing', () => {
  let site: TestSite;
  let stop = async () => {};
  beforeAll(async () => {
    ({ site, stop } = await startWith(CASES[1]!, 200));
  }, 60_000);
  afterAll(async () => stop());

  it('pages the cards shown everywhere, while events.php still answers every card as documented', async () => {
    type Card = Row & { display_event: string; start_date: string };
    const documented = (await (await fetch(`${site.url}/api/events.php`)).json()) as Card[];
    const listed = (await (await fetch(`${site.url}/api/events_listing.php?shape=typed`)).json()) as Card[];
    // The documented read: every card visitors may read (event-page-only ones too), its wire codes.
    expect(documented.some((c) => c.display_event === '1')).toBe(true);
    expect(documented.every((c) => ['1', '2'].includes(c.display_event))).toBe(true);
    expect(listed.map((c) => c.id)).toEqual(
      documented.filter((c) => c.display_event === '2').map((c) => c.id),
    );
    // Soonest first, undated last.
    const dates = listed.map((c) => c.start_date);
    const dated = dates.filter(Boolean);
    expect(dated).toEqual([...dated].sort());
    expect(dates.slice(dated.length).every((d) => d === '')).toBe(true);
    const paged = (await (await fetch(`${site.url}/page-data/events/page/2`)).json()) as {
      api: Record<string, { items: Card[]; total: number }>;
    };
    const second = paged.api[`events_listing.php?page=2&size=${EVENTS_LISTING.perPage}`]!;
    expect(second.items.map((c) => c.id)).toEqual(
      listed.slice(EVENTS_LISTING.perPage, 2 * EVENTS_LISTING.perPage).map((c) => c.id),
    );
    expect(second.total).toBe(listed.length);
  });
});

describe.each(CASES)('$listing.path at 10,000 items', (c) => {
  let site: TestSite;
  let stop = async () => {};
  beforeAll(async () => {
    ({ site, stop } = await startWith(c, 10_000));
  }, 180_000);
  afterAll(async () => stop());

  it('keeps each page under 100 KB with brotli', async () => {
    const { path: base } = c.listing;
    for (const path of [base, `${base}/page/2`, `${base}/page/400`]) {
      const { status, bytes, encoding } = await wireSize(site.url + path, 'br');
      expect(status, path).toBe(200);
      expect(encoding).toBe('br');
      expect(bytes, path).toBeLessThanOrEqual(100 * 1024);
      console.log(`${path} at 10,000 items: ${bytes.toLocaleString('en-US')} bytes with brotli`);
    }
  }, 60_000);
});
