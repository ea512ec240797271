// The search results page as a browser without JavaScript gets it: server-rendered HTML for the
// query, results marked, the page's data carrying them for hydration; and the header's GET form on
// every public page. Real server, real built web app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';

let site: TestSite;

beforeAll(async () => {
  site = await startTestSite();
  await site.deps.search.start();
}, 30_000);
afterAll(async () => site?.stop());

const html = async (path: string) => {
  const res = await fetch(site.url + path);
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
};

describe('GET /search', () => {
  it('answers a query with the results in the HTML, found words marked, and in the page data', async () => {
    await site.signIn();
    const json = { title: 'Wombat fair <b>opens</b>', what: 'Come & see.' };
    const made = await site.api('/api/news.php', { method: 'POST', json });
    expect(made.status).toBe(201);
    const page = await html('/search?q=wombat');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain('<mark>Wombat</mark> fair');
    expect(page.body).not.toContain('<b>opens</b>'); // content is text here, never HTML
    expect(page.body).toMatch(/1 result for “wombat”/);
    expect(page.body).toContain('<title>Search: wombat');
    const data = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(page.body)?.[1];
    expect(JSON.parse(data!).api['search?q=wombat']).toMatchObject({ q: 'wombat', total: 1 });
  });

  it('says plainly when nothing is found, and shows the form without a query', async () => {
    expect((await html('/search?q=zzqqxx')).body).toContain('Nothing found for “zzqqxx”');
    const empty = await html('/search');
    expect(empty.status).toBe(200);
    expect(empty.body).toContain('Type a word or two.');
  });

  it('every public page has the header search form: a GET form to /search, labelled', async () => {
    for (const path of ['/', '/news', '/no-such-page']) {
      const { body } = await html(path);
      const [open, form] = /(<form role="search"[^>]*>)(.*?)<\/form>/s.exec(body)?.slice(1) ?? [];
      expect(open, path).toMatch(/ action="\/search" method="get"/);
      const label = /<label for="([^"]+)" class="visually-hidden">Search the site<\/label><input id="\1"/;
      expect(form).toMatch(label);
      expect(form).toContain('name="q"');
    }
  });
});
