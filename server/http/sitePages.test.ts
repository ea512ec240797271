// Server-rendered pages are prepared once per change of what they show: the same answer until one of
// the entities the page read changes, one answer for every unknown address, markdown sanitized.
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../testing/testSite.ts';
import { standInBuild } from './fastPathTestKit.ts';
import { WebApp } from './webApp.ts';
import { SitePages } from './sitePages.ts';

let site: TestSite;
let dist: string;
let pages: SitePages;
const req = () => Object.assign(new IncomingMessage(new Socket()), { rawHeaders: ['Host', 'cms.test'] });
const body = (p: SitePages, path: string) => p.page(req(), path).prepared.body.toString('utf8');

beforeAll(async () => {
  dist = await standInBuild();
  site = await startTestSite({ distDir: dist });
  const web = new WebApp(dist, site.deps.index);
  pages = new SitePages(site.deps.model, site.deps.cache, web, { trustProxy: false });
});
afterAll(async () => {
  await site.stop();
  await rm(dist, { recursive: true, force: true });
});

describe('prepared pages', () => {
  it('answer from memory until what the page shows changes', async () => {
    const first = pages.page(req(), '/news');
    expect(pages.page(req(), '/news')).toBe(first);
    expect(pages.page(req(), '/NEWS/')).toBe(first);
    // Another collection changing leaves the news page as it was…
    await site.signIn();
    const put = (path: string, json: unknown) => site.api(path, { method: 'PUT', json });
    const resources = await put('/api/resources.php?id=1', { resource_name: 'Renamed resource' });
    expect(resources.status).toBe(200);
    expect(pages.page(req(), '/news')).toBe(first);
    // …a news item changing does not.
    const saved = await put('/api/news.php?id=1', { title: 'Changed for the page test' });
    expect(saved.status).toBe(200);
    const second = pages.page(req(), '/news');
    expect(second).not.toBe(first);
    expect(second.prepared.body.toString()).toContain('Changed for the page test');
    expect(second.prepared.etag).not.toBe(first.prepared.etag);
  });

  it('answer every unknown address with the one not-found page, status 404', () => {
    const a = pages.page(req(), '/no-such-page');
    expect(pages.page(req(), '/another/unknown')).toBe(a);
    expect(a.prepared.body.toString()).toContain('<h1>Page not found</h1>');
  });

  it('carry markdown as sanitized HTML, and the same in the page data', async () => {
    const what =
      'Safe **bold** <img src=x onerror=alert(1)> <script>alert(2)</script> [x](javascript:alert(3))';
    const saved = await site.api('/api/news.php?id=1', { method: 'PUT', json: { what } });
    expect(saved.status).toBe(200);
    const html = body(pages, '/news');
    const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)![1]!;
    expect(root).toContain('<strong>bold</strong>');
    expect(root).not.toMatch(/onerror|<script|javascript:/i);
    type Data = { markdown: Record<string, string> };
    const data = JSON.parse(pages.data('/news').prepared.body.toString()) as Data;
    const rendered = Object.values(data.markdown).find((h) => h.includes('<strong>bold</strong>'))!;
    expect(rendered).not.toMatch(/onerror|<script|javascript:/i);
  });
});
