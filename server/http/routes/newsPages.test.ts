// The news a page at a time, as a browser without JavaScript and a crawler get it: /news is the
// first page of the newest items, /news/page/<n> the next ones, each with the pagination nav and
// rel=prev/next; an address past the end or with a bad number is the not-found page. Real server,
// real git, generated items (server/testing/manyItems.ts); a stand-in build for the page frame.
import http from 'node:http';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { dataDirWithNews, generateNews } from '../../testing/manyItems.ts';
import { standInBuild } from '../fastPathTestKit.ts';
import { NEWS_PER_PAGE } from '../../../web/src/site/paging.ts';

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

async function startWith(count: number) {
  const dist = await standInBuild();
  const dataDir = await dataDirWithNews(generateNews(count));
  const site = await startTestSite({ dataDir, distDir: dist });
  return {
    site,
    async stop() {
      await site.stop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(dist, { recursive: true, force: true });
    },
  };
}

describe('the news at a few hundred items', () => {
  let site: TestSite;
  let stop = async () => {};
  let all: Row[] = [];
  const page = async (path: string) => {
    const res = await fetch(site.url + path, { redirect: 'manual' });
    return { status: res.status, body: await res.text() };
  };

  beforeAll(async () => {
    ({ site, stop } = await startWith(300));
    all = (await (await fetch(`${site.url}/api/news.php?shape=typed&media=url`)).json()) as Row[];
  }, 60_000);
  afterAll(async () => stop());

  it('shows the newest items on /news, complete in the HTML, with the nav and rel=next', async () => {
    expect(all.length).toBeGreaterThan(300);
    const { status, body } = await page('/news');
    expect(status).toBe(200);
    for (const item of all.slice(0, NEWS_PER_PAGE)) expect(body).toContain(inHtml(item.title));
    expect(body).not.toContain(inHtml(all[NEWS_PER_PAGE]!.title));
    const pages = Math.ceil(all.length / NEWS_PER_PAGE);
    expect(body).toMatch(/<nav class="pagination" aria-label="News pages">/);
    expect(body).toMatch(/<a aria-current="page" aria-label="Page 1" href="\/news"[^>]*>1<\/a>/);
    expect(body).toContain(`href="/news/page/${pages}"`);
    expect(body).toMatch(/<link rel="next" href="http:\/\/[^"]+\/news\/page\/2" \/>/);
    expect(body).not.toContain('<link rel="prev"');
    const data = pageDataOf(body).api[`news.php?page=1&size=${NEWS_PER_PAGE}`]!;
    expect(data.items.map((i) => i.id)).toEqual(all.slice(0, NEWS_PER_PAGE).map((i) => i.id));
    expect(data).toMatchObject({ page: 1, pages, total: all.length });
  });

  it('shows the next items on /news/page/2, with rel=prev and rel=next, and its page data', async () => {
    const { status, body } = await page('/news/page/2');
    expect(status).toBe(200);
    const second = all.slice(NEWS_PER_PAGE, 2 * NEWS_PER_PAGE);
    for (const item of second) expect(body).toContain(inHtml(item.title));
    expect(body).not.toContain(inHtml(all[0]!.title));
    expect(body).toMatch(/<link rel="prev" href="http:\/\/[^"]+\/news" \/>/);
    expect(body).toMatch(/<link rel="next" href="http:\/\/[^"]+\/news\/page\/3" \/>/);
    expect(body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/news\/page\/2" \/>/);
    expect(body).toMatch(/aria-current="page" aria-label="Page 2" href="\/news\/page\/2"/);
    const json = await (await fetch(`${site.url}/page-data/news/page/2`)).json();
    expect(json.api[`news.php?page=2&size=${NEWS_PER_PAGE}`].items.map((i: Row) => i.id)).toEqual(
      second.map((i) => i.id),
    );
  });

  it('the last page has rel=prev only; past the end and bad numbers are the not-found page', async () => {
    const last = Math.ceil(all.length / NEWS_PER_PAGE);
    const end = await page(`/news/page/${last}`);
    expect(end.status).toBe(200);
    expect(end.body).toContain(inHtml(all.at(-1)!.title));
    expect(end.body).toContain('<link rel="prev"');
    expect(end.body).not.toContain('<link rel="next"');
    for (const path of [
      `/news/page/${last + 1}`,
      '/news/page/999999',
      '/news/page/0',
      '/news/page/1',
      '/news/page/x',
    ]) {
      const gone = await page(path);
      expect(gone.status, path).toBe(404);
      expect(gone.body, path).toContain('<h1>Page not found</h1>');
    }
  });

  it('lists the numbered pages in the sitemap', async () => {
    const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const last = Math.ceil(all.length / NEWS_PER_PAGE);
    expect(xml).toContain('/news/page/2</loc>');
    expect(xml).toContain(`/news/page/${last}</loc>`);
    expect(xml).not.toContain(`/news/page/${last + 1}</loc>`);
  });

  it('shows a new item first on /news, and moves the rest on by one', async () => {
    await site.signIn();
    const made = await site.api('/api/news.php', {
      method: 'POST',
      json: { title: 'Fresh off the press', when_date: '2099-01-01' },
    });
    expect(made.status).toBe(201);
    const first = await page('/news');
    expect(first.body.indexOf('Fresh off the press')).toBeLessThan(first.body.indexOf(inHtml(all[0]!.title)));
    expect(first.body).not.toContain(inHtml(all[NEWS_PER_PAGE - 1]!.title));
    expect((await page('/news/page/2')).body).toContain(inHtml(all[NEWS_PER_PAGE - 1]!.title));
  });
});

describe('the news at 10,000 items', () => {
  let site: TestSite;
  let stop = async () => {};
  beforeAll(async () => {
    ({ site, stop } = await startWith(10_000));
  }, 180_000);
  afterAll(async () => stop());

  it('keeps each page under 100 KB with brotli', async () => {
    for (const path of ['/news', '/news/page/2', '/news/page/400']) {
      const { status, bytes, encoding } = await wireSize(site.url + path, 'br');
      expect(status, path).toBe(200);
      expect(encoding).toBe('br');
      expect(bytes, path).toBeLessThanOrEqual(100 * 1024);
    }
  }, 60_000);
});
