// Read benchmark: four public answers of the real server, each against a plain node:http server that
// answers the same bytes with the same headers from memory (the ceiling for a Node process):
// a small JSON answer, the server-rendered home page and news page (with its 10,000 news items), the
// main JS bundle, and the list of 10,000 news items.
//
// The CMS and the baseline each run in a child process of their own and autocannon runs here, so the
// load generator never shares an event loop with the server it measures. Everything listens on
// 127.0.0.1 only. The machine may be shared, so each answer is measured in many short runs that
// alternate between the two servers, and the ratio is the median of adjacent pairs' ratios.
// The CMS measured is the one `npm start` runs: the built server (dist-server/index.js, its bundle built
// again here) with npm start's settings, file watcher included, on a site the TypeScript server made
// first (cmsChild.ts startCms).
// Needs the built web app (`npm run build`). Env: BENCH_DURATION (s per run, default 3), BENCH_ROUNDS
// (pairs of runs per answer, default 6), BENCH_CONNECTIONS (default 10), BENCH_ITEMS (default 10000),
// BENCH_ENTRY=source (the server from TypeScript through tsx, as `npm run dev` runs it, without the file
// watcher), BENCH_NODE_ARGS (flags for the server's node only, e.g. --cpu-prof; built server only).
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PROJECT_ROOT } from '../../server/config.ts';
import { newsStarter, runCmsChild, startChild, startCms, stopChild } from './cmsChild.ts';
import { serveCapturedInChild, type Captured as Served } from './anchorServer.ts';
import { machine, machineBusy, processCpu, runMain, table } from './fixtures.ts';
import { quiet } from './processMeasures.ts';
import { lightenAutocannon } from './readRate.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The server as npm start runs it, unless BENCH_ENTRY=source. */
const BUILT = process.env.BENCH_ENTRY !== 'source';
const WARMUP = 2;
const HOST = '127.0.0.1';
const DIST = path.join(PROJECT_ROOT, 'dist');
/** What browsers send (they add deflate and zstd, which the CMS does not use). */
const BROWSER = { 'accept-encoding': 'br, gzip' };

interface Scenario {
  name: string;
  path: string;
  headers: Record<string, string>;
}
interface Captured extends Served {
  status: number;
}

/** One raw GET (no automatic decompression), to capture exactly the bytes the CMS sends. */
function rawGet(url: string, headers: Record<string, string>): Promise<Captured & { raw: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const kept: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            // Per-connection headers are written by node:http itself.
            if (v !== undefined && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k))
              kept[k] = v;
          }
          resolve({ status: res.statusCode ?? 0, headers: kept, body: raw.toString('base64'), raw });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const cannon = (url: string, duration: number, headers: Record<string, string>) =>
  autocannon({ url, connections: CONNECTIONS, duration, headers });

/** The project's starter site, with its news replaced by ITEMS generated items. */

function mainScript(): string {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const src = /<script[^>]*type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('dist/index.html names no module script');
  return src;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const mbps = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB/s`;
const ratio = (x: number, y: number) => (y ? `${(x / y).toFixed(2)}×` : 'n/a');
const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
const median = (sorted: number[]) => (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;

interface Run {
  r: autocannon.Result;
  serverCpu: number;
  other: number;
}

/** One server's runs of a scenario together: requests over time, and the mean of each run's percentiles. */
function summary(runs: Run[]) {
  const requests = runs.reduce((a, x) => a + x.r.requests.total, 0);
  const seconds = runs.reduce((a, x) => a + x.r.duration, 0);
  return {
    rps: requests / seconds,
    p50: mean(runs.map((x) => x.r.latency.p50)),
    p99: mean(runs.map((x) => x.r.latency.p99)),
    throughput: runs.reduce((a, x) => a + x.r.throughput.total, 0) / seconds,
    cpuPerReq: runs.reduce((a, x) => a + x.serverCpu, 0) / Math.max(1, requests),
    other: mean(runs.map((x) => x.other)),
    failures: `${runs.reduce((a, x) => a + x.r.errors, 0)}/${runs.reduce((a, x) => a + x.r.non2xx, 0)}`,
  };
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html')))
    throw new Error('The web app is not built: run `npm run build` first.');
  lightenAutocannon();
  const scenarios: Scenario[] = [
    { name: 'small JSON', path: '/api/footer.php', headers: BROWSER },
    { name: 'home HTML', path: '/', headers: BROWSER },
    // A content page, server-rendered once per change (server/http/sitePages.ts): its ITEMS news.
    { name: 'news HTML', path: '/news', headers: BROWSER },
    { name: 'main JS', path: mainScript(), headers: BROWSER },
    { name: `${ITEMS} news`, path: '/api/news.php?media=url', headers: BROWSER },
  ];
  console.log(
    'Read benchmark: public answers of the CMS vs a plain node:http server sending the same bytes from memory',
  );
  console.log(machine());
  console.log(
    `settings: ${CONNECTIONS} connections, ${ROUNDS} runs of ${DURATION} s per server and answer ` +
      `(alternating), after a ${WARMUP} s warm-up of each, ` +
      `Accept-Encoding: ${BROWSER['accept-encoding']}, loopback ${HOST}, autocannon in the parent process ` +
      '(response bodies not kept as strings), each server in its own child process',
  );
  console.log(
    BUILT
      ? 'the CMS as `npm start` runs it: dist-server/index.js, file watcher on'
      : 'the CMS from TypeScript through tsx (BENCH_ENTRY=source), no file watcher',
  );

  const tmp = await mkdtemp(path.join(tmpdir(), 'cms-bench-read-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    const starter = path.join(tmp, 'starter');
    await newsStarter(starter, ITEMS);
    const cms = await startCms(fileURLToPath(import.meta.url), {
      dataDir: path.join(tmp, 'data'),
      starter,
      built: BUILT,
    });
    stops.push(() => cms.stop());
    const cmsUrl = cms.url;
    console.log(
      `CMS started in ${(cms.startMs / 1000).toFixed(2)} s (the starter site with ${ITEMS} news items` +
        (BUILT ? ', its repository made by an earlier start)' : ': creates the site repository)'),
    );

    const captured: Record<string, Captured> = {};
    for (const s of scenarios) {
      const c = await rawGet(cmsUrl + s.path, s.headers);
      if (c.status !== 200) throw new Error(`CMS answered ${c.status} to ${s.path}`);
      if (s.path.startsWith('/api/news.php')) {
        const count = (JSON.parse(await decoded(cmsUrl + s.path)) as unknown[]).length;
        if (count !== ITEMS) throw new Error(`CMS returned ${count} news items, expected ${ITEMS}`);
      }
      captured[s.path] = { status: c.status, headers: c.headers, body: c.body };
      console.log(
        `${s.name.padEnd(11)} GET ${s.path}: ${c.raw.length} bytes (${kb(c.raw.length)}) sent as ` +
          `${[c.headers['content-encoding'] ?? 'identity'].flat().join(', ')}, ${Object.keys(c.headers).length} headers`,
      );
    }

    // What a start does once it answers (the search index, the watcher's files, the parse cache) and
    // the pages drawn for the captures above are done before anything is timed.
    const waited = await quiet(cms.pid);
    console.log(`CMS idle ${(waited / 1000).toFixed(1)} s after the captures (its start work done)`);

    const base = startChild(fileURLToPath(import.meta.url), 'baseline');
    stops.push(() => stopChild(base.child));
    base.child.send(captured);
    const baseUrl = await base.ready;
    for (const s of scenarios) {
      const check = await rawGet(baseUrl + s.path, s.headers);
      if (check.body !== captured[s.path]!.body)
        throw new Error(`baseline does not serve the bytes of ${s.path}`);
    }

    const rows = [
      ['run', 'req/s', 'p50', 'p99', 'throughput', 'server CPU/req', 'other load', 'errors/non-2xx'],
    ];
    const ratios = [['CMS / baseline', 'req/s (median of pairs)', 'range', 'p99', 'server CPU/req']];
    const all = [cms.pid, base.child.pid!];
    const servers = { CMS: { url: cmsUrl, pid: cms.pid }, baseline: { url: baseUrl, pid: base.child.pid! } };
    for (const s of scenarios) {
      const runs: Record<keyof typeof servers, Run[]> = { CMS: [], baseline: [] };
      for (const { url } of Object.values(servers)) await cannon(url + s.path, WARMUP, s.headers);
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which goes first spreads a change in the machine's other load over both.
        const order = round % 2 === 0 ? (['CMS', 'baseline'] as const) : (['baseline', 'CMS'] as const);
        for (const who of order) {
          const { url, pid } = servers[who];
          const cpu0 = all.map(processCpu);
          const own0 = process.cpuUsage();
          const busy0 = machineBusy();
          const t0 = performance.now();
          const r = await cannon(url + s.path, DURATION, s.headers);
          const wallUs = (performance.now() - t0) * 1000;
          const busy1 = machineBusy();
          const own = process.cpuUsage(own0);
          const cpu1 = all.map(processCpu);
          const ours = own.user + own.system + cpu1.reduce((a, x, i) => a + x - cpu0[i]!, 0);
          // Cores' worth of CPU used by processes other than this benchmark during the run (shared machine).
          const other = busy0 !== null && busy1 !== null ? Math.max(0, (busy1 - busy0 - ours) / wallUs) : NaN;
          runs[who].push({ r, serverCpu: cpu1[all.indexOf(pid)]! - cpu0[all.indexOf(pid)]!, other });
          if (r.errors || r.non2xx) {
            console.warn(`warning: ${who} ${s.name} had ${r.errors} errors and ${r.non2xx} non-2xx answers`);
          }
        }
      }
      const c = summary(runs.CMS);
      const b = summary(runs.baseline);
      for (const [who, x] of [
        ['CMS', c],
        ['baseline', b],
      ] as const) {
        const other = Number.isNaN(x.other) ? 'n/a' : `${x.other.toFixed(2)} cores`;
        rows.push([
          `${s.name}, ${who}`,
          x.rps.toFixed(0),
          `${x.p50.toFixed(1)} ms`,
          `${x.p99.toFixed(1)} ms`,
          mbps(x.throughput),
          `${x.cpuPerReq.toFixed(0)} µs`,
          other,
          x.failures,
        ]);
      }
      const pairs = runs.CMS.map((x, i) => x.r.requests.average / runs.baseline[i]!.r.requests.average).sort(
        (x, y) => x - y,
      );
      const fmt = (x: number) => `${x.toFixed(2)}×`;
      ratios.push([
        s.name,
        fmt(median(pairs)),
        `${fmt(pairs[0]!)}–${fmt(pairs.at(-1)!)}`,
        ratio(c.p99, b.p99),
        ratio(c.cpuPerReq, b.cpuPerReq),
      ]);
    }
    console.log('');
    console.log(table(rows));
    console.log('');
    console.log(table(ratios));
    console.log(
      'server CPU/req: CPU time the server process used during the run divided by the requests it answered ' +
        '(less sensitive to a busy machine than req/s).',
    );
    console.log(
      'other load: CPU used by processes outside this benchmark during the run, in cores ' +
        `(of ${os.cpus().length}); when it is well above 0, req/s and latency of that run are understated.`,
    );
    console.log('(latency resolution is 1 ms: autocannon records whole milliseconds)');
  } finally {
    for (const stop of stops) await stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

/** The body as text, letting fetch undo the content coding. */
async function decoded(url: string): Promise<string> {
  return (await fetch(url)).text();
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice('--child='.length);
if (role === 'cms') void runCmsChild(HOST);
else if (role === 'baseline') serveCapturedInChild(HOST);
else runMain(main);
