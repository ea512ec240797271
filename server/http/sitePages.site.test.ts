// Server-rendered pages are prepared once per change of what they show: the same answer until one of
// the entities the page read changes, one answer for every unknown address, markdown sanitized.
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../testing/testSite.ts';
import { standInBuild } from './standInBuildTestKit.ts';
import { WebApp } from './webApp.ts';
import { SitePages } from './sitePages.ts';
import type { Renderers } from './renderers.ts';

let site: TestSite;
let dist: string;
let pages: SitePages;
let renderers: Renderers;
const req = () => Object.assign(new IncomingMessage(new Socket()), { rawHeaders: ['Host', 'cms.test'] });
const body = async (p: SitePages, path: string) => (await p.page(req(), path)).prepared.body.toString('utf8');

beforeAll(async () => {
  dist = await standInBuild();
  site = await startTestSite({ distDir: dist });
  const web = new WebApp(dist, site.deps.index);
  renderers = await site.deps.renderers();
  pages = new SitePages(site.deps.model, site.deps.cache, web, renderers, { trustProxy: false });
});
afterAll(async () => {
  await site.stop();
  await rm(dist, { recursive: true, force: true });
});

describe('prepared pages', () => {
  it('answer from memory until what the page shows changes', async () => {
    const first = await pages.page(req(), '/news');
    expect(await pages.page(req(), '/news')).toBe(first);
    expect(await pages.page(req(), '/NEWS/')).toBe(first);
    // Another collection changing leaves the news page as it was…
    await site.signIn();
    const put = (path: string, json: unknown) => site.api(path, { method: 'PUT', json });
    const resources = await put('/api/resources.php?id=1', { resource_name: 'Renamed resource' });
    expect(resources.status).toBe(200);
    expect(await pages.page(req(), '/news')).toBe(first);
    // …a news item changing does not.
    const saved = await put('/api/news.php?id=1', { title: 'Changed for the page test' });
    expect(saved.status).toBe(200);
    const second = await pages.page(req(), '/news');
    expect(second).not.toBe(first);
    expect(second.prepared.body.toString()).toContain('Changed for the page test');
    expect(second.prepared.etag).not.toBe(first.prepared.etag);
  });

  it('answer every unknown address with the one not-found page, status 404', async () => {
    const a = await pages.page(req(), '/no-such-page');
    expect(await pages.page(req(), '/another/unknown')).toBe(a);
    expect(a.prepared.body.toString()).toContain('<h1>Page not found</h1>');
  });

  it('carry markdown as sanitized HTML, and the same in the page data', async () => {
    const what =
      'Safe **bold** <img src=x alt=x onerror=alert(1)> <script>alert(2)</script> [x](javascript:alert(3))';
    const saved = await site.api('/api/news.php?id=1', { method: 'PUT', json: { what } });
    expect(saved.status).toBe(200);
    const html = await body(pages, '/news');
    const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)![1]!;
    expect(root).toContain('<strong>bold</strong>');
    expect(root).not.toMatch(/onerror|<script|javascript:/i);
    type Data = { markdown: Record<string, string> };
    const data = JSON.parse((await pages.data('/news')).prepared.body.toString()) as Data;
    const rendered = Object.values(data.markdown).find((h) => h.includes('<strong>bold</strong>'))!;
    expect(rendered).not.toMatch(/onerror|<script|javascript:/i);
  });
});

describe('drawing a page', () => {
  // A renderer of its own: none of the starter site's markdown has been rendered by it yet.
  const fresh = () =>
    new SitePages(site.deps.model, site.deps.cache, new WebApp(dist, site.deps.index), renderers, {
      trustProxy: false,
    });
  const drop = () => site.deps.cache.invalidate(new Set(['news']));

  it('is the same page, byte for byte, whether its texts were new (filled in after) or rendered before', async () => {
    const pages = fresh();
    drop();
    const cold = await body(pages, '/news');
    const coldData = (await pages.data('/news')).prepared.body.toString();
    drop(); // drawn again: now every text is ready before React draws the page
    const warm = await body(pages, '/news');
    expect(warm).toBe(cold);
    expect((await pages.data('/news')).prepared.body.toString()).toBe(coldData);
    expect(cold).not.toContain('\u0000');
    expect(Object.keys(JSON.parse(coldData).markdown).length).toBeGreaterThan(5);
  });

  it('renders new texts over several turns of the event loop, not in one', async () => {
    const pages = fresh();
    drop();
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    try {
      await pages.page(req(), '/news');
    } finally {
      clearInterval(counting);
    }
    expect(turns).toBeGreaterThan(0); // timers ran while the page was being drawn
  });

  it('is drawn once for requests that come while it is drawn, and not kept if what it shows changed meanwhile', async () => {
    const pages = fresh();
    drop();
    const a = pages.page(req(), '/news');
    const b = pages.page(req(), '/news');
    expect(a).toBeInstanceOf(Promise);
    expect(await b).toBe(await a);
    drop();
    const before = pages.page(req(), '/news');
    drop(); // a change while its texts are rendered (they are all ready now: drawn at once, kept)
    const after = pages.page(req(), '/news');
    expect(await after).not.toBe(await before);

    const third = fresh(); // new texts again: the drawing spans turns
    drop();
    const drawing = third.page(req(), '/news');
    drop();
    const next = third.page(req(), '/news'); // began after the change: not the drawing from before it
    const [first, second] = await Promise.all([drawing, next]);
    expect(second).not.toBe(first);
    expect(await third.page(req(), '/news')).toBe(second); // the one begun after the change is kept
  });
});
