// Public pages arrive as finished HTML (issue 10): each route's content is in the page before any
// script runs, the head names the page, unknown addresses answer 404 with the not-found page, the
// browser hydrates from the data the page carries (no request for it, no hydration error), and a
// save through the admin API still updates the open page without a reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';
import { startTestSite, type TestSite } from './support/server.ts';

let site: TestSite;
let browser: Browser;
type Rec = Record<string, string>;

const api = async <T>(endpoint: string): Promise<T> =>
  (await (
    await fetch(`${site.url}/api/${endpoint}${endpoint.includes('?') ? '&' : '?'}media=url`)
  ).json()) as T;
/** A markdown text's first words as they read on the page. */
const words = (md: string) =>
  md
    .replace(/<[^>]+>/g, '')
    .replace(/[*_#`>[\]]/g, '')
    .split('\n')
    .find((l) => l.trim())!
    .trim()
    .split(/\s+/)
    .slice(0, 4)
    .join(' ');
const htmlText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

/** Each route's heading and a piece of its content, read from the starter content through the API. */
async function expectations(): Promise<Record<string, { h1: string; texts: string[] }>> {
  const home = await api<Rec>('homepage.php');
  const events = await api<Rec[]>('majorevents.php');
  const byUrl = (u: string) =>
    events.find((e) => (e.page_url ?? '').toLowerCase() === u.toLowerCase() && e.hidden === '0')!;
  const about = await api<Rec>('about_us_our_mission.php');
  const profiles = await api<Rec[]>('about_us.php');
  const news = await api<Rec[]>('news.php');
  const cards = await api<Rec[]>('events.php');
  const papers = await api<Rec[]>('get_pdf_metadata.php');
  const policies = await api<Rec[]>('state_policies.php');
  const resources = await api<Rec[]>('resources.php');
  const footer = await api<Rec>('footer.php');
  return {
    '/': {
      h1: words(home.banner_text!),
      texts: [words(home.content!), home.quoteAttribution!, words(footer.legal_notice!)],
    },
    '/about': { h1: 'About Us', texts: [words(about.our_mission!), profiles[0]!.name!] },
    '/educators': { h1: 'Resources for K-12 Educators', texts: [resources[0]!.resource_name!] },
    '/summerOfCS': { h1: byUrl('/summerOfCS').header!, texts: ['Workshop Schedule'] },
    '/winterOfCS': { h1: byUrl('/winterofcs').header!, texts: [byUrl('/winterofcs').location!] },
    '/researchAndPolicy': { h1: 'Computer Science Education Policy', texts: [policies[0]!.title!] },
    '/news': { h1: 'News and Features', texts: [news[0]!.title!, words(news[0]!.what!)] },
    '/events': { h1: 'Events', texts: [cards.find((c) => c.display_event === '2')!.title!] },
    '/spotlight': { h1: 'Spotlight', texts: [] },
    '/research': { h1: 'Research', texts: [papers[0]!.study_title!, 'Download'] },
    '/TableauDashboardEmbed': { h1: 'Data Dashboard', texts: [] },
    '/contact': { h1: 'Contact Us', texts: ['How can we help you?'] },
  };
}

/** React has hydrated the page: the root carries React's own key. */
const hydrated = () => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__react'));

beforeAll(async () => {
  site = await startTestSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.cleanup();
});

describe('server-rendered HTML', () => {
  it("holds each public route's heading and content before any script runs", async () => {
    const failures: string[] = [];
    for (const [route, { h1, texts }] of Object.entries(await expectations())) {
      const res = await fetch(site.url + route, { headers: { 'accept-encoding': 'gzip' } });
      const html = await res.text();
      if (res.status !== 200) failures.push(`${route}: status ${res.status}`);
      const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
      if (!heading || !htmlText(heading).includes(h1))
        failures.push(`${route}: h1 is ${heading}, not "${h1}"`);
      for (const t of texts) if (!htmlText(html).includes(t)) failures.push(`${route}: missing "${t}"`);
      if (html.includes('This site needs JavaScript')) failures.push(`${route}: says it needs JavaScript`);
      if (!/<script type="application\/json" id="page-data"/.test(html))
        failures.push(`${route}: no page data`);
      const inline = /<script(?![^>]*type="(?:module|application\/json)")[^>]*>[^<]/;
      if (inline.test(html)) failures.push(`${route}: inline script`);
    }
    expect(failures).toEqual([]);
  });

  it('sends each page from memory with ETag, gzip and brotli, and 304 when unchanged', async () => {
    const first = await fetch(`${site.url}/news`, { headers: { 'accept-encoding': 'br' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const gz = await fetch(`${site.url}/news`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('etag')).toBe(etag);
    const again = await fetch(`${site.url}/news`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(first.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('answers an unknown address with 404 and the not-found page, admin addresses with the admin app', async () => {
    for (const route of ['/no-such-page', '/news/extra', '/EventPage3']) {
      const res = await fetch(site.url + route);
      const html = await res.text();
      const hidden =
        route === '/EventPage3' &&
        !(await api<Rec[]>('majorevents.php')).some((e) => e.page_url === '/EventPage3' && e.hidden === '0');
      if (route === '/EventPage3' && !hidden) continue;
      expect(res.status, route).toBe(404);
      expect(html).toMatch(/<h1>Page not found<\/h1>/);
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
    const admin = await fetch(`${site.url}/admin`);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('<div id="root"></div>');
  });

  it('names each page in its head: title, description, canonical address and Open Graph', async () => {
    const news = await api<Rec[]>('news.php');
    const res = await fetch(`${site.url}/NEWS/`);
    const html = await res.text();
    const meta = (name: string) =>
      new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html)?.[1];
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe('News | Oregon CS Education Alliance');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta('description')).toContain(news[0]!.title);
    expect(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]).toBe(`${site.url}/news`);
    expect(meta('og:title')).toBe('News');
    expect(meta('og:url')).toBe(`${site.url}/news`);
    expect(meta('og:type')).toBe('website');
    expect(meta('og:description')).toBe(meta('description'));

    // The event page's canonical address is its page_url, whichever spelling was asked for.
    const winter = (await api<Rec[]>('majorevents.php')).find(
      (e) => (e.page_url ?? '').toLowerCase() === '/winterofcs',
    )!;
    const event = await (await fetch(`${site.url}/WINTEROFCS`)).text();
    expect(/<link rel="canonical" href="([^"]*)"/.exec(event)?.[1]).toBe(`${site.url}${winter.page_url}`);
    expect(/<title>([^<]*)<\/title>/.exec(event)?.[1]).toBe(
      `${winter.header} | Oregon CS Education Alliance`,
    );

    // A change of the content changes the head on the next request.
    await site.editContent('news/1.md', (t) => t.replace(/^title: .*$/m, 'title: A title for the head test'));
    const shown = async () =>
      (await (await fetch(`${site.url}/news`)).text()).includes('A title for the head test');
    await expect.poll(shown, { timeout: 10_000 }).toBe(true);
  });
});

describe('hydration', () => {
  it('starts from the data in the page (no read request) without hydration errors', async () => {
    const w = await openPage(browser);
    const reads: string[] = [];
    w.page.on('request', (r) => {
      const u = new URL(r.url());
      if (/^\/api\/(?!stream)/.test(u.pathname) || u.pathname.startsWith('/page-data'))
        reads.push(u.pathname);
    });
    const responses: number[] = [];
    w.page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/page-data')) responses.push(r.status());
    });
    for (const route of [
      '/',
      '/about',
      '/news',
      '/summerOfCS',
      '/research',
      '/researchAndPolicy',
      '/contact',
    ]) {
      await w.page.goto(site.url + route);
      await w.page.waitForLoadState('load');
      await w.page.waitForTimeout(400);
    }
    // Once the live stream is up, the page asks whether its data is still current: a 304, no data.
    expect(reads.filter((p) => !p.startsWith('/page-data'))).toEqual([]);
    expect(responses.filter((s) => s !== 304)).toEqual([]);
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });

  it('keeps an open page live: a save through the admin API shows without a reload', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await page.goto(`${site.url}/news`);
    await page.locator('.news-title').first().waitFor();
    await page.waitForFunction(hydrated);
    await page.waitForTimeout(500); // the live stream connects
    await page.evaluate(() => {
      (window as unknown as { __same: boolean }).__same = true;
    });

    const login = await fetch(`${site.url}/api/login.php`, {
      method: 'POST',
      headers: { origin: site.url, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'correct horse battery' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const saved = await fetch(`${site.url}/api/news.php?id=1`, {
      method: 'PUT',
      headers: { origin: site.url, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Saved through the admin API', what: 'New **words** from the save.' }),
    });
    expect(saved.status).toBe(200);
    await page.getByRole('heading', { name: 'Saved through the admin API' }).waitFor({ timeout: 10_000 });
    // Its markdown arrives as HTML made by the server.
    await page.locator('.news-item strong', { hasText: 'words' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });

  it('moves between pages inside the app with one request for the new page', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await page.goto(`${site.url}/`);
    await page.waitForFunction(hydrated);
    const requests: string[] = [];
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith('/api/') && p !== '/api/stream') requests.push(p);
      if (p.startsWith('/page-data')) requests.push(p);
      if (r.resourceType() === 'document') requests.push(`document ${p}`);
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ABOUT US' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.locator('.staff-card').first().waitFor();
    // The mission's markdown came as HTML with the page's data.
    await page.locator('.mission .markdown p').first().waitFor();
    expect(requests.filter((r) => r !== '/page-data/')).toEqual(['/page-data/about']);
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });
});
