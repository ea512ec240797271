// Read benchmark: four public answers of the real server, each against a plain node:http server that
// answers the same bytes with the same headers from memory (the ceiling for a Node process):
// a small JSON answer, the server-rendered home page and news page (with its 10,000 news items), the
// main JS bundle, and the list of 10,000 news items.
//
// The CMS and the baseline each run in a child process of their own and autocannon runs here, so the
// load generator never shares an event loop with the server it measures. Everything listens on
// 127.0.0.1 only. The machine may be shared, so each answer is measured in many short runs that
// alternate between the two servers, and the ratio is the median of adjacent pairs' ratios.
// Needs the built web app (`npm run build`). Env: BENCH_DURATION (s per run, default 3), BENCH_ROUNDS
// (pairs of runs per answer, default 6), BENCH_CONNECTIONS (default 10), BENCH_ITEMS (default 10000).
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PROJECT_ROOT } from '../../server/config.ts';
import { newsStarter } from './cmsChild.ts';
import { serveCapturedInChild, type Captured as Served } from './anchorServer.ts';
import { machine, machineBusy, table } from './fixtures.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
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
type ChildMessage = { ready: string; startMs?: number } | { error: string };

// ---------------------------------------------------------------------------------------------------
// Child processes

async function cmsChild() {
  const { startServer } = await import('../../server/main.ts');
  const started = performance.now();
  const running = await startServer({
    dataDir: process.env.BENCH_DATA_DIR!,
    starterDir: process.env.BENCH_STARTER_DIR!,
    distDir: DIST,
    host: HOST,
    port: 0,
    quiet: true,
    watch: false,
    adminPassword: 'benchmark password 123',
    bcryptCost: 4,
  });
  process.send!({ ready: running.url, startMs: performance.now() - started });
  process.on('message', (m: { stop?: boolean; cpu?: boolean }) => {
    if (m.cpu) process.send!({ cpu: process.cpuUsage() });
    if (!m.stop) return;
    // A close that fails is printed and the child exits with 1, not left an unhandled rejection.
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------------
// Parent

function startChild(role: string, env: Record<string, string> = {}) {
  const child = fork(fileURLToPath(import.meta.url), [`--child=${role}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<{ url: string; startMs?: number }>((resolve, reject) => {
    child.once('message', (m: ChildMessage) =>
      'ready' in m ? resolve({ url: m.ready, startMs: m.startMs }) : reject(new Error(m.error)),
    );
    child.once('exit', (code) => reject(new Error(`${role} process exited early (code ${code})`)));
  });
  return { child, ready };
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.send({ stop: true });
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** CPU time (µs) a child has used so far. */
function childCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: { cpu?: NodeJS.CpuUsage }) => {
      if (!m.cpu) return;
      child.off('message', on);
      resolve(m.cpu.user + m.cpu.system);
    };
    child.on('message', on);
    child.send({ cpu: true });
  });
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

/**
 * autocannon 9 appends every response body to a JS string (mcollina/autocannon#485, #362) for its
 * onResponse/expectBody hooks. For a compressed body that UTF-8 decoding of binary bytes costs more than
 * the servers' work, so the client becomes the bottleneck and both servers measure the same. Neither hook
 * is used here, so the accumulation is switched off; bytes are still counted by autocannon's byte counter.
 */
function lightenAutocannon() {
  const require = createRequire(import.meta.url);
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody(data: unknown): void };
  };
  queue.prototype.addBody = () => undefined;
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

  const tmp = await mkdtemp(path.join(tmpdir(), 'cms-bench-read-'));
  const children: ChildProcess[] = [];
  try {
    const starterDir = path.join(tmp, 'starter');
    await newsStarter(starterDir, ITEMS);
    const cms = startChild('cms', { BENCH_DATA_DIR: path.join(tmp, 'data'), BENCH_STARTER_DIR: starterDir });
    children.push(cms.child);
    const { url: cmsUrl, startMs } = await cms.ready;
    console.log(
      `CMS started in ${(startMs! / 1000).toFixed(2)} s (the starter site with ${ITEMS} news items: ` +
        'creates the site repository, loads the index)',
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

    const base = startChild('baseline');
    children.push(base.child);
    base.child.send(captured);
    const { url: baseUrl } = await base.ready;
    for (const s of scenarios) {
      const check = await rawGet(baseUrl + s.path, s.headers);
      if (check.body !== captured[s.path]!.body)
        throw new Error(`baseline does not serve the bytes of ${s.path}`);
    }

    const rows = [
      ['run', 'req/s', 'p50', 'p99', 'throughput', 'server CPU/req', 'other load', 'errors/non-2xx'],
    ];
    const ratios = [['CMS / baseline', 'req/s (median of pairs)', 'range', 'p99', 'server CPU/req']];
    const all = [cms.child, base.child];
    const servers = { CMS: { url: cmsUrl, child: cms.child }, baseline: { url: baseUrl, child: base.child } };
    for (const s of scenarios) {
      const runs: Record<keyof typeof servers, Run[]> = { CMS: [], baseline: [] };
      for (const { url } of Object.values(servers)) await cannon(url + s.path, WARMUP, s.headers);
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which goes first spreads a change in the machine's other load over both.
        const order = round % 2 === 0 ? (['CMS', 'baseline'] as const) : (['baseline', 'CMS'] as const);
        for (const who of order) {
          const { url, child } = servers[who];
          const cpu0 = await Promise.all(all.map(childCpu));
          const own0 = process.cpuUsage();
          const busy0 = machineBusy();
          const t0 = performance.now();
          const r = await cannon(url + s.path, DURATION, s.headers);
          const wallUs = (performance.now() - t0) * 1000;
          const busy1 = machineBusy();
          const own = process.cpuUsage(own0);
          const cpu1 = await Promise.all(all.map(childCpu));
          const ours = own.user + own.system + cpu1.reduce((a, x, i) => a + x - cpu0[i]!, 0);
          // Cores' worth of CPU used by processes other than this benchmark during the run (shared machine).
          const other = busy0 !== null && busy1 !== null ? Math.max(0, (busy1 - busy0 - ours) / wallUs) : NaN;
          runs[who].push({ r, serverCpu: cpu1[all.indexOf(child)]! - cpu0[all.indexOf(child)]!, other });
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
    for (const child of children) await stopChild(child);
    await rm(tmp, { recursive: true, force: true });
  }
}

/** The body as text, letting fetch undo the content coding. */
async function decoded(url: string): Promise<string> {
  return (await fetch(url)).text();
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice('--child='.length);
if (role === 'cms') {
  cmsChild().catch((e: Error) => {
    process.send!({ error: e.stack ?? String(e) });
    process.exit(1);
  });
} else if (role === 'baseline') {
  serveCapturedInChild(HOST);
} else {
  main().then(
    () => process.exit(0),
    (e: Error) => {
      console.error(e);
      process.exit(1);
    },
  );
}
