// Lighthouse benchmark (npm run bench:lighthouse): Lighthouse's mobile performance score of every public
// route at 10,000 news items, as a visitor on a mid-range phone over a slow connection would load it
// (Lighthouse's default mobile run: a Moto G Power screen, 4× CPU slowdown and a slow 4G link,
// simulated). The built server runs as npm start runs it, on the starter site with 10,000 generated
// news items.
//
// Anchor, in the same run: the same pages served by a plain node:http server (scripts/bench/
// anchorServer.ts) that answers every URL the page loaded with the bytes the CMS sent (compressed as
// sent), from memory: what the page itself scores when the server costs nothing. A route far below its
// anchor is slow on the server; a route low beside a low anchor is heavy in the browser.
//
// BENCH_RUNS runs per route and server (default 3); the median score is reported, with the run's
// metrics. BENCH_ROUTES=/news,/events limits the routes.
import { execFileSync, fork } from 'node:child_process';
import http from 'node:http';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BROWSER_ARGS, executablePath, launchBrowser } from '../../tests/e2e/support/browser.ts';
import { commitAsImport, dataDirWithNews, generateNews } from '../../server/testing/manyItems.ts';
import { SAMPLE_PAGE_PATH, samplePageFile } from '../../server/testing/samplePage.ts';
import { PUBLIC_PATHS } from '../../server/schema/site/publicPaths.ts';
import { startServer } from '../drill/serverProcess.ts';
import { serveCapturedInChild, type Captured } from './anchorServer.ts';
import { machine, runMain, table } from './fixtures.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL = 95;
const HOST = '127.0.0.1';
/** Every public route, a numbered news page, and a search with results (canonical addresses are
 *  taken from the server: an event page's is the one its page names). */
const LISTED = process.env.BENCH_ROUTES?.split(',') ?? [
  ...PUBLIC_PATHS.filter((p) => p !== '/search'),
  SAMPLE_PAGE_PATH,
  '/news/page/2',
  '/search?q=teachers',
];

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  kib: number;
}

/** The URLs of the CMS's own origin a page loads in Chromium (the page, its scripts, styles, images). */
async function urlsLoaded(origin: string, route: string): Promise<string[]> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const urls = new Set<string>();
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.origin === origin && r.resourceType() !== 'eventsource') urls.add(u.pathname + u.search);
    });
    await page.goto(origin + route, { waitUntil: 'networkidle' });
    return [...urls];
  } finally {
    await browser.close();
  }
}

/** One URL's answer as the CMS sends it to a browser, compressed bytes and all. */
function captureRaw(origin: string, url: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(origin + url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined && k !== 'connection' && k !== 'keep-alive') headers[k] = v;
          }
          resolve({ headers, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

function startAnchor(captures: Record<string, Captured>): Promise<{ url: string; stop: () => void }> {
  const child = fork(fileURLToPath(import.meta.url), ['--child=anchor'], { stdio: 'inherit' });
  child.send(captures);
  return new Promise((resolve) =>
    child.once('message', (m: { ready: string }) =>
      resolve({ url: m.ready, stop: () => child.send({ stop: true }) }),
    ),
  );
}

/** One Lighthouse run in a Chromium of its own; Lighthouse loses a page load's trace now and then
 *  (NO_NAVSTART), and such a run is made again, up to twice. */
async function audit(url: string, attempt = 1): Promise<Run> {
  try {
    return await auditOnce(url);
  } catch (e) {
    if (attempt < 3 && /NO_NAVSTART|NO_FCP/.test(String(e))) return audit(url, attempt + 1);
    throw e;
  }
}

async function auditOnce(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: await executablePath(),
    chromeFlags: [...BROWSER_ARGS, '--headless=new'],
  });
  try {
    return await auditIn(chrome.port, url);
  } finally {
    chrome.kill();
  }
}

async function auditIn(port: number, url: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    kib: num('total-byte-weight') / 1024,
  };
}

const median = (runs: Run[]): Run =>
  [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;

async function main() {
  console.log(
    `Lighthouse benchmark: mobile performance of ${LISTED.length} public routes at ` +
      `${ITEMS.toLocaleString('en-US')} news items, median of ${RUNS} runs each`,
  );
  console.log(machine());
  console.log(`load average at start: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/buildIfStale.ts'], { stdio: 'inherit' });
  const dataDir = await dataDirWithNews(generateNews(ITEMS));
  // A page staff built, with every kind of section (issue 34), committed on top.
  const site = path.join(dataDir, 'site');
  await mkdir(path.join(site, 'content', 'pages'), { recursive: true });
  await writeFile(path.join(site, 'content', 'pages', '1.md'), samplePageFile());
  commitAsImport(site, 'A page built from sections');
  const server = await startServer(dataDir, { entry: 'built' });
  let anchor: { url: string; stop: () => void } | undefined;
  const rows: string[][] = [
    ['route', 'score', 'anchor', 'FCP (s)', 'LCP (s)', 'TBT (ms)', 'CLS', 'page weight (KiB)'],
  ];
  let lowest = 100;
  try {
    const captures: Record<string, Captured> = {};
    const ROUTES: string[] = [];
    for (const listed of LISTED) {
      const res = await fetch(server.url + listed); // drawn once before it is measured
      await res.arrayBuffer();
      if (!res.ok) {
        console.log(`  ${listed}: left out (it answers ${res.status} on this site)`);
        continue;
      }
      const route = new URL(res.url).pathname + new URL(res.url).search;
      ROUTES.push(route);
      for (const url of await urlsLoaded(server.url, route)) {
        captures[url] ??= await captureRaw(server.url, url);
      }
    }
    anchor = await startAnchor(captures);
    for (const route of ROUTES) {
      const ours: Run[] = [];
      const theirs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        ours.push(await audit(server.url + route));
        theirs.push(await audit(anchor.url + route));
      }
      const m = median(ours);
      lowest = Math.min(lowest, m.score);
      rows.push([
        route,
        String(m.score),
        String(median(theirs).score),
        (m.fcp / 1000).toFixed(1),
        (m.lcp / 1000).toFixed(1),
        m.tbt.toFixed(0),
        m.cls.toFixed(3),
        m.kib.toFixed(0),
      ]);
      const runs = (rs: Run[]) =>
        rs
          .map((r) => `${r.score} (LCP ${(r.lcp / 1000).toFixed(1)} s, TBT ${r.tbt.toFixed(0)} ms)`)
          .join(', ');
      console.log(`  ${route}: ${runs(ours)}; anchor ${runs(theirs)}`);
    }
  } finally {
    anchor?.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log('');
  console.log(table(rows));
  console.log(`load average at end: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  console.log(
    `goal (issue 22): Lighthouse mobile performance ≥ ${GOAL} on every public route → ` +
      `${lowest >= GOAL ? 'MET' : 'MISSED'} (lowest ${lowest})`,
  );
}

if (process.argv.includes('--child=anchor')) serveCapturedInChild(HOST);
else runMain(main);
