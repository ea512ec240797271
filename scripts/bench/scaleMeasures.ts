// The scale benchmark's measures, each beside its anchor: a save beside the git CLI's, an item's
// history beside `git log -- file`, a warm draft preview, site search (repeated and first-time
// queries), the size of public listings' first page, and the admin's first list line in a new
// browser beside a one-line page from node:http.
import { execFileSync } from 'node:child_process';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import type { SiteClient } from '../drill/api.ts';
import { browserCookies, firstRowMs, paintContext, signedInState, startAnchor } from './adminPaint.ts';
import { newsFile, newsItem, percentile } from './fixtures.ts';
import { timedGet } from './httpClient.ts';
import { newsHasPicture } from './scaleContent.ts';
import { coldQueries, QUERIES } from './searchQueries.ts';
import { GIT_ENV, cliSave, itemPath } from './siteRepo.ts';

export interface Spread {
  p50: number;
  p95: number;
  n: number;
}
export const spread = (xs: number[]): Spread => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), n: s.length };
};

/** `saves` PUTs of different news items as the admin, each followed by the git CLI's save of it. */
export async function savesBesideCli(client: SiteClient, cli: string, news: number, saves: number) {
  const http: number[] = [];
  const git: number[] = [];
  const ids: number[] = [];
  for (let k = 0; ids.length < saves; k++) {
    const id = 41 + ((k * 2111) % (news - 50));
    if (!newsHasPicture(id) && !ids.includes(id)) ids.push(id);
  }
  for (const [i, id] of ids.entries()) {
    const t = performance.now();
    const answer = await client.call('PUT', `/api/news.php?id=${id}`, newsItem(id, 5000 + i));
    if (answer.status !== 200)
      throw new Error(`save ${id} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    http.push(performance.now() - t);
    git.push(cliSave(cli, itemPath(id), newsFile(id, 5000 + i), `news: update ${id}`));
  }
  return { http: spread(http), git: spread(git) };
}

/** GET /api/history of one item, first and then `times` more, beside `git log -- file` in the copy. */
export async function historyBesideGitLog(url: string, cookie: string, cli: string, rel: string, times = 20) {
  const id = rel.split('/').pop()!.replace(/\.md$/, '');
  const at = `${url}/api/history?entity=news&id=${id}`;
  const first = await timedGet(at, cookie);
  const entries = (JSON.parse(first.body.toString()) as { commits?: unknown[] }).commits?.length ?? 0;
  const ms: number[] = [];
  for (let i = 0; i < times; i++) ms.push((await timedGet(at, cookie)).ms);
  const log: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    execFileSync('git', ['log', '--format=%H %an %at %s', '--', rel], {
      cwd: cli,
      env: GIT_ENV,
      stdio: 'ignore',
    });
    log.push(performance.now() - t);
  }
  return { first: first.ms, warm: spread(ms), gitLog: spread(log), entries };
}

/** A draft with one changed news item; its /news preview looked at once, then `times` times warm. */
export async function draftPreviewWarm(client: SiteClient, cookie: string, times = 20) {
  const made = await client.call('POST', '/api/drafts', { title: 'Scale bench draft' });
  const draft = (made.body as { id?: string } | null)?.id;
  if (made.status >= 300 || !draft) throw new Error(`POST /api/drafts answered ${made.status}: ${made.text}`);
  const put = await client.call('PUT', `/api/news.php?id=3&draft=${draft}`, {
    title: 'Draft edit of item 3',
  });
  if (put.status !== 200) throw new Error(`draft save answered ${put.status}: ${put.text.slice(0, 300)}`);
  const at = `${client.url}/preview/${draft}/news`;
  const first = (await timedGet(at, cookie)).ms;
  const ms: number[] = [];
  for (let i = 0; i < times; i++) ms.push((await timedGet(at, cookie)).ms);
  return { first, warm: spread(ms) };
}

/** Waits until the site search answers `ready` (its index built after start); ms waited. */
export async function searchReady(url: string, maxMs = 300_000): Promise<number> {
  const t = performance.now();
  for (;;) {
    const r = await fetch(`${url}/api/search?q=teachers`);
    if (r.status === 200 && ((await r.json()) as { ready?: boolean }).ready) return performance.now() - t;
    if (performance.now() - t > maxMs) throw new Error('the site search was not ready in time');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Site search end to end: the common queries 20 times each, and first-time queries once each. */
export async function searchTimes(url: string) {
  const at = (q: string) => `${url}/api/search?q=${encodeURIComponent(q)}`;
  const repeated: number[] = [];
  for (const [, q] of QUERIES) for (let i = 0; i < 20; i++) repeated.push((await timedGet(at(q))).ms);
  const cold: number[] = [];
  for (const q of coldQueries()) cold.push((await timedGet(at(q))).ms);
  return { repeated: spread(repeated), firstTime: spread(cold) };
}

/**
 * Bytes of the public news listing as visitors get it (decoded): the /news page and its page data,
 * which show the 25 newest items, and the documented whole list /api/news.php for comparison.
 */
export async function listingSizes(url: string) {
  const size = async (p: string) => (await timedGet(url + p)).body.length;
  return {
    htmlPage1: await size('/news'),
    pageData1: await size('/page-data/news'),
    wholeList: await size('/api/news.php'),
  };
}

/** The admin's first news list line in a new browser (fresh context, signed in), beside the anchor. */
export async function adminFirstLine(url: string, benchFile: string, runs = 5) {
  const route = '/NewsAdminPage';
  const anchor = await startAnchor(benchFile, route);
  const browser = await launchBrowser();
  try {
    const state = signedInState(url, await browserCookies(url));
    const warm = await paintContext(browser, state);
    await firstRowMs(warm, url + route);
    await warm.close();
    const cms: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < runs; i++) {
      const c = await paintContext(browser, state);
      cms.push((await firstRowMs(c, url + route)).ms);
      await c.close();
      const a = await paintContext(browser);
      plain.push((await firstRowMs(a, anchor.url + route)).ms);
      await a.close();
    }
    return { cms: spread(cms), anchor: spread(plain) };
  } finally {
    await browser.close();
    anchor.stop();
  }
}
