// "Show from" / "Show until" on a real server: visitors' answers (API, feed, stream) change on time
// with nobody saving, a restart in between does not miss it, staff see everything, and a window
// that ends before it starts is refused.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openEventStream, startTestSite, type TestSite } from '../testing/testSite.ts';
import { toZonedIso } from '../schema/siteTime.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
  // The feed and the pages wait for the React renderers, which load after the server listens (on a
  // cold machine, seconds): loaded here, so the checks made before a window opens are answered
  // before it opens, not once the renderers are in.
  for (const p of ['/news.atom', '/news']) expect((await fetch(`${site.url}${p}`)).status).toBe(200);
});
afterAll(async () => {
  await site.stop();
});

type Item = Record<string, string>;
const publicNews = async (s: TestSite) => (await (await fetch(`${s.url}/api/news.php`)).json()) as Item[];
const publicTitles = async (s: TestSite) => (await publicNews(s)).map((n) => n.title);
const at = (ms: number) => toZonedIso(ms);
const wholeSecond = (ms: number) => Math.ceil(ms / 1000) * 1000;

/** The next stream message that arrives at or after `moment` (the save's own come earlier). */
async function messageFrom(stream: Awaited<ReturnType<typeof openEventStream>>, moment: number) {
  for (;;) {
    const msg = await stream.next(moment - Date.now() + 2000);
    if (Date.now() >= moment) return msg;
  }
}

async function createNews(s: TestSite, fields: Item): Promise<{ status: number; item: Item }> {
  const res = await s.api('/api/news.php', { method: 'POST', json: { what: 'On a schedule.', ...fields } });
  return { status: res.status, item: (await res.json()) as Item };
}

/** Polls until the visitors' news list does (or does not) hold `title`; the ms it took past `moment`. */
async function lateBy(s: TestSite, title: string, shown: boolean, moment: number): Promise<number> {
  const there = async () => (await publicTitles(s)).includes(title) === shown;
  await eventually(there, 5000, `${title} shown=${shown}`);
  return Date.now() - moment;
}

describe('scheduled publishing', () => {
  it('shows an item from "Show from", hides it from "Show until", within a second, by itself', async () => {
    const from = wholeSecond(Date.now() + 1500); // stored times keep whole seconds
    const until = from + 2000;
    const stream = await openEventStream(`${site.url}/api/stream`);
    expect((await stream.next()).event).toBe('ready');
    const window = { show_from: at(from), show_until: at(until) };
    const created = await createNews(site, { title: 'Timed news', ...window });
    expect(created.status).toBe(201);
    // Stored in front matter as ISO 8601 with the site's offset, returned as stored.
    const text = await readFile(path.join(site.siteDir, 'content/news', `${created.item.id}.md`), 'utf8');
    expect(text).toContain(`show_from: '${at(from)}'`);
    expect(created.item.show_until).toBe(at(until));
    expect(await publicTitles(site)).not.toContain('Timed news');
    expect((await fetch(`${site.url}/api/news.php?id=${created.item.id}`)).status).toBe(404);
    expect(await (await fetch(`${site.url}/news.atom`)).text()).not.toContain('Timed news');
    expect(await (await fetch(`${site.url}/news`)).text()).not.toContain('Timed news');
    // Staff still see it.
    const staff = (await (await site.api('/api/news.php')).json()) as Item[];
    expect(staff.map((n) => n.title)).toContain('Timed news');

    const commits = site.git('rev-list', '--count', 'HEAD');
    const opened = await messageFrom(stream, from);
    expect(Date.now() - from).toBeLessThan(1000);
    expect(JSON.parse(opened.data).endpoints).toContain('news.php');
    expect(await lateBy(site, 'Timed news', true, from)).toBeLessThan(1000);
    expect(await (await fetch(`${site.url}/news.atom`)).text()).toContain('Timed news');
    // The server-rendered page too (its prepared HTML was made before the moment).
    expect(await (await fetch(`${site.url}/news`)).text()).toContain('Timed news');

    const closed = await messageFrom(stream, until);
    expect(Date.now() - until).toBeLessThan(1000);
    expect(JSON.parse(closed.data).endpoints).toContain('news.php');
    expect(await lateBy(site, 'Timed news', false, until)).toBeLessThan(1000);
    // Nobody saved: no commit was made for it.
    expect(site.git('rev-list', '--count', 'HEAD')).toBe(commits);
    stream.close();
  });

  it('refuses "Show until" not after "Show from" with a plain message, and changes nothing', async () => {
    const commits = site.git('rev-list', '--count', 'HEAD');
    const from = Date.now() + 60_000;
    for (const until of [from, from - 60_000]) {
      const res = await site.api('/api/news.php', {
        method: 'POST',
        json: { title: 'Backwards', show_from: at(from), show_until: at(until) },
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(body.fields.show_until).toBe('Show until must be later than Show from.');
    }
    const json = { title: 'Bad', show_from: 'soon' };
    const bad = await site.api('/api/news.php', { method: 'POST', json });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Item }).fields.show_from).toMatch(/date and time/);
    expect(site.git('rev-list', '--count', 'HEAD')).toBe(commits);
    expect(site.git('status', '--porcelain')).toBe('');
  });

  it("reads a time without an offset (what the admin form sends) in the site's time zone", async () => {
    const created = await createNews(site, { title: 'Wall time', show_from: '2031-01-15T09:30' });
    expect(created.item.show_from).toBe('2031-01-15T09:30:00-08:00');
    const summer = await createNews(site, { title: 'Summer wall time', show_from: '2031-07-15T09:30' });
    expect(summer.item.show_from).toBe('2031-07-15T09:30:00-07:00');
  });

  it('publishes on time after a restart between the save and the moment', async () => {
    const first = await startTestSite();
    const dataDir = first.dataDir;
    let second: TestSite | null = null;
    try {
      await first.signIn();
      const from = wholeSecond(Date.now() + 2500);
      const created = await createNews(first, { title: 'Across a restart', show_from: at(from) });
      expect(created.status).toBe(201);
      await first.close();
      second = await startTestSite({ dataDir });
      expect(Date.now()).toBeLessThan(from);
      expect(await publicTitles(second)).not.toContain('Across a restart');
      expect(await lateBy(second, 'Across a restart', true, from)).toBeLessThan(1000);
    } finally {
      await first.close().catch(() => undefined);
      await second?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
