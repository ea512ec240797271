// Scale benchmark (npm run bench:scale [-- --items 100000]; default 10,000): the built server, as
// `npm start` runs it, on a site of that many items spread over the collections with one media file
// per 20 items and 1,000 commits of history (scaleFixture.ts: built once, kept between runs). Every
// figure is printed beside its anchor from the same run, with its goal (issue 38):
// - first start without and with the parse cache (process start → first answer), beside a plain node
//   process reading every content file;
// - resident memory after start and after the other measures;
// - reads of a small JSON and of the news list's first page, in req/s, from 5 s after the first answer
//   and again once the server is quiet, beside node:http serving the same bytes;
// - a save beside the git CLI, an item's history beside `git log`, a warm draft preview, site search,
//   the admin's first list line in a new browser, the size of the news list's first page;
// - what grows with the site, per item: resident memory (against the other size's run, kept beside
//   the fixture) and the parse cache.
// Env: BENCH_STARTS (starts of each kind, default 2), BENCH_SAVES (20), BENCH_NODE_ARGS (server node
// flags, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SiteClient } from '../drill/api.ts';
import { ADMIN, startServer, type ServerChild } from '../drill/serverProcess.ts';
import { serveCapturedInChild, type Captured } from './anchorServer.ts';
import { startChild, stopChild } from './cmsChild.ts';
import { machine, runMain, table } from './fixtures.ts';
import { capture, signIn } from './httpClient.ts';
import { firstAnswer, loadAverage, plainRead, quiet, rssOf, rssOfTree } from './processMeasures.ts';
import { lightenAutocannon, pairedRate } from './readRate.ts';
import { HISTORY_ITEM, copySite, scaleFixture, sizeOf } from './scaleFixture.ts';
import {
  adminFirstLine,
  draftPreviewWarm,
  historyBesideGitLog,
  listingSizes,
  savesBesideCli,
  searchReady,
  searchTimes,
} from './scaleMeasures.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ITEMS = Number(arg('items') ?? 10_000);
const STARTS = Number(process.env.BENCH_STARTS ?? 2);
const SAVES = Number(process.env.BENCH_SAVES ?? 20);
const HOST = '127.0.0.1';
const BROWSER = { 'accept-encoding': 'br, gzip' };
const READ = { seconds: 2, rounds: 2, connections: 10, headers: BROWSER };
const SMALL = '/api/footer.php';
const LISTING = '/api/news.php';
const RESULTS = (items: number) => path.join(tmpdir(), 'cms-bench-scale', `results-${items}.json`);

interface Results {
  items: number;
  date: string;
  rssAfterStart: number;
  rssAfterAll: number;
  parseCacheBytes: number;
  htmlPage1: number;
  pageData1: number;
  wholeList: number;
}

type Row = [string, string, string, string, string];
const rows: Row[] = [['measure', 'CMS', 'anchor', 'goal', '']];
const verdict = (met: boolean) => (met ? 'GOAL MET' : 'GOAL MISSED');
/** A row of the table, printed at once too (a run that stops half-way still shows what it measured). */
const add = (measure: string, cms: string, anchor: string, goal: string, met?: boolean) => {
  const row: Row = [measure, cms, anchor, goal, met === undefined ? '' : verdict(met)];
  rows.push(row);
  console.log(`  ${row.filter(Boolean).join(' | ')}`);
};
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const mb = (x: number) => `${x.toFixed(0)} MB`;
const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]!;
const sleep = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t)));
const big = ITEMS >= 100_000;
/** Resident memory's goal: 1 GB at 100,000 items, 300 MB at 10,000. */
const RSS_GOAL = big ? 1024 : 300;

/** The node:http anchor in a child process, answering these paths with the CMS's captured bytes. */
async function anchorFor(url: string, paths: string[]) {
  const captured: Record<string, Captured> = {};
  for (const p of paths) captured[p] = await capture(url + p, '', BROWSER);
  const child = startChild(fileURLToPath(import.meta.url), 'anchor');
  child.child.send(captured);
  return { url: await child.ready, stop: () => stopChild(child.child) };
}

/** Reads of the small JSON and the listing, CMS beside node:http; `when` says when they ran. */
async function reads(server: ServerChild, anchorUrl: string, when: string, paths: string[]) {
  for (const p of paths) {
    const r = await pairedRate(server.url, anchorUrl, p, READ);
    const ratio = r.cms / r.anchor;
    add(
      `read ${p} ${when} (req/s; p99)`,
      `${r.cms.toFixed(0)}; ${ms(r.cmsP99)}${r.failures ? `; ${r.failures} failed` : ''}`,
      `${r.anchor.toFixed(0)}; ${ms(r.anchorP99)}`,
      `≥ 0.8× (${ratio.toFixed(2)}×)`,
      ratio >= 0.8,
    );
  }
}

async function main() {
  console.log(`Scale benchmark: ${ITEMS.toLocaleString('en-US')} items, the server as npm start runs it`);
  console.log(machine());
  console.log(`load average at start: ${loadAverage()}`);
  lightenAutocannon();
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/buildIfStale.ts'], { stdio: 'inherit' });
  const fixture = await scaleFixture(ITEMS);
  console.log(
    `site: ${Object.entries(fixture.perCollection)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}; ${fixture.media} media files; ${fixture.commits} commits ` +
      `(${fixture.contentFiles} content files; fixture kept in ${path.dirname(fixture.site)})`,
  );
  const tmp = await mkdtemp(path.join(tmpdir(), 'cms-bench-scale-run-'));
  const stops: (() => Promise<void>)[] = [];
  let running: ServerChild | undefined;
  try {
    const dataDir = path.join(tmp, 'data');
    const cli = path.join(tmp, 'cli');
    await mkdir(dataDir);
    copySite(fixture, path.join(dataDir, 'site'));
    copySite(fixture, cli);
    const cache = path.join(dataDir, 'private', 'parse-cache.json');

    // Starts: a first one (makes private/ and the parse cache), then without and with the cache.
    const startOnce = async () => {
      const t = performance.now();
      const s = await startServer(dataDir, { entry: 'built' });
      if ((await firstAnswer(s.url)) !== 200) throw new Error('the first answer was not 200');
      return { s, ms: performance.now() - t, at: performance.now() };
    };
    const first = await startOnce();
    console.log(`very first start (creates private/): ${sec(first.ms)}; waiting until it is quiet …`);
    console.log(`  quiet after ${sec(await quiet(first.s.pid, 300_000))}`);
    await first.s.stop();
    const plain: number[] = [];
    const uncached: number[] = [];
    const cached: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      plain.push((await plainRead(path.join(dataDir, 'site', 'content'))).total);
      await rm(cache, { force: true });
      const u = await startOnce();
      uncached.push(u.ms);
      await quiet(u.s.pid, 300_000); // its parse cache written again
      await u.s.stop();
    }
    const parseCacheBytes = sizeOf(cache);
    let kept: Awaited<ReturnType<typeof startOnce>> | undefined;
    for (let i = 0; i < STARTS; i++) {
      kept = await startOnce();
      cached.push(kept.ms);
      if (i < STARTS - 1) await kept.s.stop();
    }
    const server = kept!.s;
    stops.push(() => server.stop());
    running = server;
    const p = median(plain);
    add(
      'first start, no parse cache (start → first answer)',
      sec(median(uncached)),
      `${sec(p)} plain read`,
      big ? '≤ 5 s' : '≤ 4× plain',
      big ? median(uncached) <= 5000 : median(uncached) <= 4 * p,
    );
    add(
      'first start, with parse cache',
      sec(median(cached)),
      `${sec(p)} plain read`,
      '≤ 1.5 s',
      median(cached) <= 1500,
    );

    // Reads from 5 s after the first answer, then once the server is quiet.
    const anchor = await anchorFor(server.url, [SMALL, LISTING]);
    stops.push(anchor.stop);
    await sleep(kept!.at + 5000 - performance.now());
    const rssAfterStart = rssOfTree(server.pid);
    add(
      'RSS 5 s after the first answer (server + PDF process)',
      mb(rssAfterStart),
      '',
      `≤ ${mb(RSS_GOAL)}`,
      rssAfterStart <= RSS_GOAL,
    );
    await reads(server, anchor.url, 'from 5 s after the first answer', [SMALL, LISTING]);
    const quietAfter = (performance.now() - kept!.at + (await quiet(server.pid, 120_000))) / 1000;
    await reads(server, anchor.url, `once quiet (${quietAfter.toFixed(0)} s after it)`, [SMALL, LISTING]);

    // Staff: saves, history, a draft preview; visitors: search and listings; the admin in a browser.
    const client = new SiteClient(server.url);
    await client.signIn();
    const cookie = await signIn(server.url, ADMIN);
    const saves = await savesBesideCli(client, cli, fixture.perCollection.news!, SAVES);
    const sr = saves.http.p50 / saves.git.p50;
    add(
      `save: PUT /api/news.php p50 (p95), ${SAVES} items`,
      `${ms(saves.http.p50)} (${ms(saves.http.p95)})`,
      `${ms(saves.git.p50)} (${ms(saves.git.p95)}) git add+commit`,
      `≤ 1× (${sr.toFixed(2)}×)`,
      sr <= 1,
    );
    const history = await historyBesideGitLog(server.url, cookie, cli, HISTORY_ITEM);
    add(
      `history of ${HISTORY_ITEM} (${history.entries} commits) p50 (p95; first)`,
      `${ms(history.warm.p50)} (${ms(history.warm.p95)}; ${ms(history.first)})`,
      `${ms(history.gitLog.p50)} git log -- file`,
      '≤ 50 ms',
      history.warm.p95 <= 50,
    );
    const preview = await draftPreviewWarm(client, cookie);
    add(
      'draft preview /preview/<draft>/news warm p50 (p95; first)',
      `${ms(preview.warm.p50)} (${ms(preview.warm.p95)}; ${ms(preview.first)})`,
      '',
      '≤ 100 ms',
      preview.warm.p50 <= 100,
    );
    console.log(`search index ready ${sec(await searchReady(server.url))} after asked`);
    const search = await searchTimes(server.url);
    add(
      `site search, repeated queries p95 (p50), ${search.repeated.n} asks`,
      `${ms(search.repeated.p95)} (${ms(search.repeated.p50)})`,
      '',
      '≤ 50 ms',
      search.repeated.p95 <= 50,
    );
    add(
      `site search, first-time queries p95 (p50), ${search.firstTime.n} asks`,
      `${ms(search.firstTime.p95)} (${ms(search.firstTime.p50)})`,
      '',
      '≤ 50 ms',
      search.firstTime.p95 <= 50,
    );
    const sizes = await listingSizes(server.url);
    const small =
      existsSync(RESULTS(10_000)) && ITEMS !== 10_000
        ? (JSON.parse(readFileSync(RESULTS(10_000), 'utf8')) as Results)
        : undefined;
    const paged = (label: string, key: 'htmlPage1' | 'pageData1') =>
      add(
        `public news list, first page: ${label}`,
        kib(sizes[key]),
        small ? `${kib(small[key])} at 10,000` : '',
        small ? '≤ 1.2× the size at 10,000' : 'paged',
        small ? sizes[key] <= 1.2 * small[key] : undefined,
      );
    paged('/news (HTML)', 'htmlPage1');
    paged('/page-data/news', 'pageData1');
    add('  (the whole list, /api/news.php, for comparison)', kib(sizes.wholeList), '', '', undefined);
    const admin = await adminFirstLine(server.url, fileURLToPath(import.meta.url));
    add(
      'admin: first news list line, new browser p50 (p95)',
      `${ms(admin.cms.p50)} (${ms(admin.cms.p95)})`,
      `${ms(admin.anchor.p50)} one-line page`,
      '≤ 300 ms',
      admin.cms.p50 <= 300,
    );

    const rssAfterAll = rssOfTree(server.pid);
    add(
      'RSS after the measures above (server + PDF process)',
      mb(rssAfterAll),
      `server alone ${mb(rssOf(server.pid))}`,
      `≤ ${mb(RSS_GOAL)}`,
      rssAfterAll <= RSS_GOAL,
    );
    const results: Results = {
      items: ITEMS,
      date: new Date().toISOString(),
      rssAfterStart,
      rssAfterAll,
      parseCacheBytes,
      ...sizes,
    };
    writeFileSync(RESULTS(ITEMS), JSON.stringify(results, null, 2));
    add(
      'parse cache on disk (bytes per item)',
      `${(parseCacheBytes / 2 ** 20).toFixed(1)} MB`,
      '',
      `${(parseCacheBytes / ITEMS).toFixed(0)} B/item`,
      undefined,
    );
    const other = [10_000, 100_000]
      .filter((n) => n !== ITEMS && existsSync(RESULTS(n)))
      .map((n) => JSON.parse(readFileSync(RESULTS(n), 'utf8')) as Results)[0];
    if (other) {
      const per = (a: number, b: number) => ((a - b) * 2 ** 20) / (ITEMS - other.items);
      add(
        `memory per item (RSS here vs at ${other.items.toLocaleString('en-US')}, ${other.date.slice(0, 10)})`,
        `${(per(rssAfterStart, other.rssAfterStart) / 1024).toFixed(2)} KiB after start`,
        `${(per(rssAfterAll, other.rssAfterAll) / 1024).toFixed(2)} KiB after all`,
        '',
        undefined,
      );
    }
    console.log('');
    console.log(table(rows));
    console.log(`load average at end: ${loadAverage()}`);
  } catch (e) {
    // The server's own last words say why it stopped answering (a crash, memory exhausted).
    if (running) console.error(`the server printed, last:\n${running.output().slice(-4000)}`);
    throw e;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(tmp, { recursive: true, force: true });
  }
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice('--child='.length);
if (role === 'anchor') serveCapturedInChild(HOST);
else runMain(main);
