// sitemap.xml, robots.txt and the news Atom feed over real HTTP on a real site: valid XML, what the
// content says, and a save seen by the next read (fast path and Express alike). The feed validates
// (atomRulesTestKit.ts), its dates are the site's days, its ids the same on every host, and its
// entries carry the text as the news page renders it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { startTestSite, type TestSite } from '../testing/testSite.ts';
import { NOT_FAST, pathServers, raw } from '../http/fastPathTestKit.ts';
import { ADMIN_ROUTES } from '../../tests/e2e/support/adminSupport.ts';
import { FIXED_PAGES } from './publicPages.ts';
import { atomProblems } from './atomRulesTestKit.ts';
import { renderMarkdownHtml } from '../../web/src/markdown/renderHtml.tsx';
import type { IncomingMessage } from 'node:http';
import { FeedAnswers } from '../http/feedAnswers.ts';
import { Answer } from '../http/answer.ts';
import { NEWS_FEED_ID, newsEntryId } from './feedIds.ts';

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
  // Summaries and content keep their line breaks and spaces.
  trimValues: false,
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
  type Entry = {
    id: string;
    title: Text;
    updated: string;
    published: string;
    link: { '@href': string }[];
    summary?: Text;
    content?: Text;
  };
  const entries = async (base = site.url, headers: Record<string, string> = {}) => {
    const res = await raw(`${base}/news.atom`, headers);
    expect(res.status).toBe(200);
    const doc = parser.parse(res.body.toString('utf8')) as Record<string, any>;
    return { feed: doc.feed as Record<string, any>, entries: (doc.feed.entry ?? []) as Entry[] };
  };
  /** The day an Atom date-time falls on, read in Oregon. */
  const oregonDay = (dateTime: string) =>
    new Date(dateTime).toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });

  async function saveNews(json: Record<string, unknown>): Promise<string> {
    await site.signIn();
    const made = await site.api('/api/news.php', { method: 'POST', json });
    expect(made.status).toBe(201);
    await site.signOut();
    return ((await made.json()) as { id: string }).id;
  }

  it('is an Atom 1.0 feed of the news, newest first, with ids, titles, links and times', async () => {
    const res = await raw(`${site.url}/news.atom`);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const { feed, entries: list } = await entries();
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe(NEWS_FEED_ID);
    expect(feed.title['#text']).toMatch(/News/);
    expect(feed.author.name).toBeTruthy();
    expect(feed.link.map((l: Record<string, string>) => l['@rel'])).toEqual(['self', 'alternate']);
    type News = { id: string; title: string; when_date: string; link: string };
    const news = (await (await site.api('/api/news.php?shape=typed')).json()) as News[];
    expect(list.map((e) => e.title['#text'])).toEqual(news.map((n) => n.title));
    for (const [i, e] of list.entries()) {
      const n = news[i]!;
      expect(e.id).toBe(newsEntryId(n.id));
      // Midnight of its date in the site's time zone, with the zone's offset that day.
      expect(e.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[-+]\d\d:\d\d$/);
      if (n.when_date) {
        expect(e.updated).toMatch(new RegExp(`^${n.when_date}T00:00:00-0[78]:00$`));
        expect(oregonDay(e.updated)).toBe(n.when_date);
      }
      expect(e.published).toBe(e.updated);
      expect(new URL(e.link[0]!['@href']).protocol).toMatch(/^https?:$/);
    }
    const newest = Math.max(...list.map((e) => Date.parse(e.updated)));
    expect(Date.parse(feed.updated)).toBe(newest);
    // The first item links to /winterofcs on this site: made absolute.
    const applications = list.find((e) => e.title['#text'].startsWith('Applications open'))!;
    expect(applications.link[0]!['@href']).toBe(`${site.url}/winterofcs`);
  });

  it('validates against the W3C feed rules that can be checked offline', async () => {
    const text = (await raw(`${site.url}/news.atom`)).body.toString('utf8');
    expect(atomProblems(text, `${site.url}/news.atom`)).toEqual([]);
    // The checker does find what the validator would.
    const broken = text
      .replace(/<updated>[^<]*<\/updated>/, '<updated>2026-11-10 00:00</updated>')
      .replace(/<id>tag:[^<]*news\/(\d+)<\/id>/, '<id>news-$1</id>')
      .replace(/(<entry>\s*<id>)[^<]*(<\/id>)([\s\S]*?<entry>\s*<id>)([^<]*)(<\/id>)/, '$1$4$2$3$4$5')
      .replace(/href="[^"]*\/winterofcs"/, 'href="/winterofcs"');
    const found = atomProblems(broken, `${site.url}/news.atom`).join('\n');
    expect(found).toMatch(/feed updated is not an RFC 3339 date-time/);
    expect(found).toMatch(/has the id of an earlier entry/);
    expect(found).toMatch(/link is not an absolute address: \/winterofcs/);
    expect(atomProblems(text, 'https://elsewhere.example/news.atom').join()).toMatch(/Self reference/);
    expect(
      atomProblems(text.replace(/<title type="text">[^<]*<\/title>/, ''), `${site.url}/news.atom`),
    ).toEqual(['Missing feed element: title']);
  });

  it('a date entered as 10 November is 10 November in Pacific time', async () => {
    const id = await saveNews({ title: 'Fall meeting', when_date: '2026-11-10', what: 'See you there.' });
    const entry = (await entries()).entries.find((e) => e.id === newsEntryId(id))!;
    expect(entry.updated).toBe('2026-11-10T00:00:00-08:00');
    expect(oregonDay(entry.updated)).toBe('2026-11-10');
    // Read as UTC midnight it would have been 9 November in Oregon.
    expect(oregonDay('2026-11-10T00:00:00Z')).toBe('2026-11-09');
  });

  it('names entries the same whatever host serves the feed', async () => {
    const a = await entries(site.url, { host: 'www.example.test' });
    const b = await entries(site.url, { host: 'cms.internal:8080' });
    expect(a.feed.id).toBe(b.feed.id);
    expect(a.entries.map((e) => e.id)).toEqual(b.entries.map((e) => e.id));
    for (const e of a.entries) expect(e.id).not.toMatch(/example\.test|internal|127\.0\.0\.1/);
    // Links still go to the site where it was read.
    expect(a.feed.link[0]['@href']).toBe('http://www.example.test/news.atom');
  });

  it('carries each text as the news page shows it, GitHub-flavoured markdown included', async () => {
    const what =
      '| Day | Room |\n|---|---|\n| Mon | ~~4~~ 5 |\n\n- [ ] laptops\n- [x] room\n\nBring a pen.[^1]\n\n[^1]: Or a pencil.';
    const id = await saveNews({ title: `GFM ${Date.now()}`, when_date: '2099-12-30', what });
    const entry = (await entries()).entries.find((e) => e.id === newsEntryId(id))!;
    const content = entry.content!['#text'];
    expect(content).toContain('<table>');
    expect(content).toContain('<del>4</del>');
    expect(content).toContain('<input type="checkbox" disabled="" aria-label="room" checked=""/> room');
    expect(content).toMatch(/<section data-footnotes="" class="footnotes">/);
    // The same HTML as the news page's: it renders the text with the one pipeline, headings from h3.
    expect(content).toBe(renderMarkdownHtml(what, { headingsFrom: 3 }));
    expect(entry.summary!['#text']).toBe(
      'Day | Room\nMon | 4 5\n\n☐ laptops\n☑ room\n\nBring a pen.[1]\n\nOr a pencil.',
    );
  });

  it('a saved news item is in the next answer, its summary the words the page shows', async () => {
    const before = await raw(`${site.url}/news.atom`);
    const title = `Feed & "news" <${Date.now()}>`;
    await saveNews({
      title,
      when_date: '2099-12-31',
      what: '**Bold** words and a [link](/events)<script>alert(1)</script>.',
    });
    const after = await raw(`${site.url}/news.atom`, { 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    for (const base of [site.url, paths.fast, paths.express]) {
      const first = (await entries(base)).entries[0]!;
      expect(first.title['#text']).toBe(title);
      expect(first.updated).toBe('2099-12-31T00:00:00-08:00');
      // GFM's tag filter: the page shows the script as text, and so does the summary.
      expect(first.summary!['#text']).toBe('Bold words and a link<script>alert(1)</script>.');
      expect(first.content!['#text']).toBe(
        `<p><strong>Bold</strong> words and a <a href="${base}/events">link</a>&lt;script&gt;alert(1)&lt;/script&gt;.</p>`,
      );
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

describe('before the app has loaded', () => {
  it('the feeds that carry markdown wait for its renderer; the others do not', () => {
    const feeds = new FeedAnswers(site.deps.index, { trustProxy: false, timeZone: 'America/Los_Angeles' });
    const req = { rawHeaders: ['Host', 'www.example.test'] } as unknown as IncomingMessage;
    for (const p of ['/news.atom', '/events.ics']) expect(feeds.answer(req, p)).toBe('loading');
    expect(feeds.answer(req, '/sitemap.xml')).toBeInstanceOf(Answer);
    feeds.useRenderer(renderMarkdownHtml);
    for (const p of ['/news.atom', '/events.ics']) expect(feeds.answer(req, p)).toBeInstanceOf(Answer);
  });
});

describe('CMS_PUBLIC_URL', () => {
  it('gives the addresses in every file, whatever host the request names', async () => {
    const other = await startTestSite({ publicUrl: 'https://www.example.org' });
    try {
      expect(await locs(other.url)).toContain('https://www.example.org/news');
      const text = async (p: string) => (await raw(other.url + p)).body.toString();
      expect(await text('/robots.txt')).toContain('Sitemap: https://www.example.org/sitemap.xml');
      expect(await text('/news.atom')).toContain('href="https://www.example.org/news.atom"');
      expect(await text('/events.ics')).not.toContain(new URL(other.url).host);
    } finally {
      await other.stop();
    }
  });

  it('refuses to start with an address that is not one, or a time zone that is not one', async () => {
    await expect(startTestSite({ publicUrl: 'www.example.org/site' })).rejects.toThrow(/CMS_PUBLIC_URL/);
    await expect(startTestSite({ timeZone: 'Mars/Olympus_Mons' })).rejects.toThrow(/CMS_TIME_ZONE/);
  });
});
