// sitemap.xml, robots.txt and the news Atom feed over real HTTP on a real site: valid XML, what the
// content says, and a save seen by the next read (fast path and Express alike).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { startTestSite, type TestSite } from '../testing/testSite.ts';
import { NOT_FAST, pathServers, raw } from '../http/fastPathTestKit.ts';
import { ADMIN_ROUTES } from '../../tests/e2e/support/adminSupport.ts';
import { FIXED_PAGES } from './publicPages.ts';

let site: TestSite;
let paths: Awaited<ReturnType<typeof pathServers>>;

beforeAll(async () => {
  site = await startTestSite();
  paths = await pathServers(site.deps);
});
afterAll(async () => {
  await paths?.close();
  await site?.stop();
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (n) => ['url', 'entry', 'link'].includes(n),
});

/** The document, after checking it is well-formed XML. */
async function xml(url: string) {
  const res = await raw(url);
  expect(res.status, url).toBe(200);
  const text = res.body.toString('utf8');
  expect(XMLValidator.validate(text), url).toBe(true);
  return { res, doc: parser.parse(text) as Record<string, any> };
}

const locs = async (base: string) =>
  ((await xml(`${base}/sitemap.xml`)).doc.urlset.url as { loc: string }[]).map((u) => u.loc);

describe('sitemap.xml', () => {
  it('lists every public page and each visible event page, as absolute URLs on the site', async () => {
    const { res, doc } = await xml(`${site.url}/sitemap.xml`);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(doc.urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const listed = await locs(site.url);
    for (const p of FIXED_PAGES) expect(listed).toContain(site.url + p);
    expect(listed).toContain(`${site.url}/winterofcs`); // a visible event page
    expect(listed.some((l) => /ECS_Huddle/i.test(l))).toBe(false); // a hidden one
    expect(new Set(listed).size).toBe(listed.length);
    for (const l of listed) expect(new URL(l).origin).toBe(site.url);
  });

  it('shows an event page once it is shown, from the fast path and from Express', async () => {
    await site.signIn();
    const pages = (await (await site.api('/api/majorevents.php')).json()) as { id: string; header: string }[];
    const huddle = pages.find((p) => p.header.startsWith('Exploring'))!;
    const setHidden = (hidden: string) =>
      site.api(`/api/majorevents.php?id=${huddle.id}`, { method: 'PUT', json: { id: huddle.id, hidden } });
    const shown = await setHidden('0');
    expect(shown.status).toBe(200);
    for (const base of [site.url, paths.fast, paths.express]) {
      expect(await locs(base)).toContain(`${base}/ECS_Huddle`);
    }
    await setHidden('1');
    await site.signOut();
    expect((await locs(site.url)).some((l) => l.endsWith('/ECS_Huddle'))).toBe(false);
  });
});

describe('robots.txt', () => {
  it('allows the public site, keeps crawlers out of the API and admin pages, names the sitemap', async () => {
    const res = await raw(`${site.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.toString().split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    // Every admin page is kept out, by its own line or a folder's (the drafts' pages under /admin/).
    const kept = (route: string) =>
      lines.some(
        (l) =>
          l === `Disallow: ${route}` || (l.startsWith('Disallow: ') && route.startsWith(`${l.slice(10)}/`)),
      );
    for (const route of ADMIN_ROUTES) expect(kept(route), route).toBe(true);
    expect(lines).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    // Nothing public is disallowed (robots rules match by prefix).
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10));
    for (const p of FIXED_PAGES.filter((x) => x !== '/')) {
      expect(
        disallowed.some((d) => p.startsWith(d)),
        p,
      ).toBe(false);
    }
  });

  it('answers 400 rather than writing a host it cannot trust into the file', async () => {
    const res = await raw(`${site.url}/robots.txt`, { host: 'evil.example/<x>' });
    expect(res.status).toBe(400);
  });
});

describe('news.atom', () => {
  type Text = { '#text': string };
  type Entry = { id: string; title: Text; updated: string; link: { '@href': string }[]; summary?: Text };
  const entries = async (base = site.url) => {
    const { doc } = await xml(`${base}/news.atom`);
    return { feed: doc.feed as Record<string, any>, entries: (doc.feed.entry ?? []) as Entry[] };
  };

  it('is an Atom 1.0 feed of the news, newest first, with ids, titles, links and times', async () => {
    const res = await raw(`${site.url}/news.atom`);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const { feed, entries: list } = await entries();
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe(`${site.url}/news`);
    expect(feed.title['#text']).toMatch(/News/);
    expect(feed.author.name).toBeTruthy();
    expect(feed.link.map((l: Record<string, string>) => l['@rel'])).toEqual(['self', 'alternate']);
    type News = { id: string; title: string; when_date: string; link: string };
    const news = (await (await site.api('/api/news.php')).json()) as News[];
    expect(list.map((e) => e.title['#text'])).toEqual(news.map((n) => n.title));
    for (const [i, e] of list.entries()) {
      const n = news[i]!;
      expect(e.id).toBe(`${site.url}/news#news-${n.id}`);
      expect(e.updated).toBe(n.when_date ? `${n.when_date}T00:00:00Z` : e.updated);
      expect(e.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(new URL(e.link[0]!['@href']).protocol).toMatch(/^https?:$/);
    }
    expect(feed.updated).toBe(
      list
        .map((e) => e.updated)
        .sort()
        .at(-1),
    );
    // The first item links to /winterofcs on this site: made absolute.
    const applications = list.find((e) => e.title['#text'].startsWith('Applications open'))!;
    expect(applications.link[0]!['@href']).toBe(`${site.url}/winterofcs`);
  });

  it('a saved news item is in the next answer, with markup and markdown reduced to its words', async () => {
    const before = await raw(`${site.url}/news.atom`);
    await site.signIn();
    const title = `Feed & "news" <${Date.now()}>`;
    const made = await site.api('/api/news.php', {
      method: 'POST',
      json: {
        title,
        when_date: '2099-12-31',
        what: '**Bold** words and a [link](https://example.org/x)<script>alert(1)</script>.',
      },
    });
    expect(made.status).toBe(201);
    await site.signOut();
    const after = await raw(`${site.url}/news.atom`, { 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    for (const base of [site.url, paths.fast, paths.express]) {
      const first = (await entries(base)).entries[0]!;
      expect(first.title['#text']).toBe(title);
      expect(first.updated).toBe('2099-12-31T00:00:00Z');
      expect(first.summary!['#text']).toBe('Bold words and a link alert(1).');
    }
  });
});

describe('served from memory', () => {
  it('the fast path answers each feed with an ETag, 304 on a match, and compressed when asked', async () => {
    for (const p of ['/sitemap.xml', '/robots.txt', '/news.atom', '/events.ics']) {
      const host = { host: 'www.example.test' }; // the same origin to both servers: the same bytes
      const first = await raw(paths.fast + p, { 'accept-encoding': 'br', ...host });
      expect(first.status, p).toBe(200);
      expect(first.headers.etag, p).toMatch(/^"/);
      const again = await raw(paths.fast + p, { 'if-none-match': String(first.headers.etag), ...host });
      expect(again.status, p).toBe(304);
      const express = await raw(paths.express + p, host);
      expect(express.status, p).toBe(200);
      expect(express.headers.etag, p).toBe(first.headers.etag);
    }
    const gzipped = await raw(`${paths.fast}/news.atom`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    // A card that is not in the calendar goes on to Express, which says so.
    expect((await raw(`${paths.fast}/events/999999.ics`)).status).toBe(NOT_FAST);
    expect((await raw(`${paths.express}/events/999999.ics`)).status).toBe(404);
  });
});

describe('CMS_PUBLIC_URL', () => {
  it('gives the addresses in every file, whatever host the request names', async () => {
    const other = await startTestSite({ publicUrl: 'https://www.example.org' });
    try {
      expect(await locs(other.url)).toContain('https://www.example.org/news');
      const text = async (p: string) => (await raw(other.url + p)).body.toString();
      expect(await text('/robots.txt')).toContain('Sitemap: https://www.example.org/sitemap.xml');
      expect(await text('/news.atom')).toContain('<id>https://www.example.org/news</id>');
    } finally {
      await other.stop();
    }
  });

  it('refuses to start with an address that is not one, or a time zone that is not one', async () => {
    await expect(startTestSite({ publicUrl: 'www.example.org/site' })).rejects.toThrow(/CMS_PUBLIC_URL/);
    await expect(startTestSite({ timeZone: 'Mars/Olympus_Mons' })).rejects.toThrow(/CMS_TIME_ZONE/);
  });
});
