// Read benchmark: GET /api/news.php on a site with 1,000 news items, the real server against a plain
// node:http server answering the same bytes from memory (the ceiling for a Node process).
//
// The CMS and the baseline each run in a child process of their own and autocannon runs here, so the
// load generator never shares an event loop with the server it measures. Everything listens on
// 127.0.0.1 only. Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { machine, machineBusy, newsFile, table } from './fixtures.ts';

const ITEMS = 1000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = 2;
const HOST = '127.0.0.1';
const ENDPOINT = '/api/news.php';

interface Captured { status: number; headers: Record<string, string | string[]>; body: string /* base64 */ }
type ChildMessage = { ready: string } | { error: string };

// ---------------------------------------------------------------------------------------------------
// Child processes

async function cmsChild() {
  const { startServer } = await import('../../server/main.ts');
  const started = performance.now();
  const running = await startServer({
    dataDir: process.env.BENCH_DATA_DIR!, starterDir: process.env.BENCH_STARTER_DIR!,
    host: HOST, port: 0, quiet: true, watch: false, adminPassword: 'benchmark password 123', bcryptCost: 4,
  });
  process.send!({ ready: running.url, startMs: performance.now() - started });
  process.on('message', async (m: { stop?: boolean; cpu?: boolean }) => {
    if (m.cpu) process.send!({ cpu: process.cpuUsage() });
    if (!m.stop) return;
    await running.close();
    process.exit(0);
  });
}

function baselineChild() {
  process.once('message', (m: { plain: Captured; gzip: Captured }) => {
    const plain = { headers: m.plain.headers, body: Buffer.from(m.plain.body, 'base64') };
    const gzip = { headers: m.gzip.headers, body: Buffer.from(m.gzip.body, 'base64') };
    const server = http.createServer((req, res) => {
      // Same negotiation as the CMS: gzip when asked for, otherwise the identity body.
      const v = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? gzip : plain;
      res.writeHead(200, v.headers);
      res.end(v.body);
    });
    server.listen(0, HOST, () => {
      process.send!({ ready: `http://${HOST}:${(server.address() as AddressInfo).port}` });
    });
    process.on('message', (msg: { stop?: boolean; cpu?: boolean }) => {
      if (msg.cpu) process.send!({ cpu: process.cpuUsage() });
      if (!msg.stop) return;
      server.closeAllConnections();
      server.close(() => process.exit(0));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Parent

function startChild(role: string, env: Record<string, string> = {}): { child: ChildProcess; ready: Promise<{ url: string; startMs?: number }> } {
  const child = fork(fileURLToPath(import.meta.url), [`--child=${role}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<{ url: string; startMs?: number }>((resolve, reject) => {
    child.once('message', (m: ChildMessage & { startMs?: number }) =>
      'ready' in m ? resolve({ url: m.ready, startMs: m.startMs }) : reject(new Error(m.error)));
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
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const kept: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries(res.headers)) {
          // Per-connection headers are written by node:http itself.
          if (v !== undefined && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) kept[k] = v;
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: raw.toString('base64'), raw });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * autocannon 9 appends every response body to a JS string (mcollina/autocannon#485, #362) for its
 * onResponse/expectBody hooks. For a gzip body that UTF-8 decoding of binary bytes costs more than the
 * servers' work, so the client becomes the bottleneck and both servers measure the same. Neither hook is
 * used here, so the accumulation is switched off; bytes are still counted by autocannon's byte counter.
 */
function lightenAutocannon() {
  const require = createRequire(import.meta.url);
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody(data: unknown): void } };
  queue.prototype.addBody = () => undefined;
}

function cannon(url: string, duration: number, headers: Record<string, string>): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration, headers });
}

async function generateStarter(dir: string) {
  await mkdir(path.join(dir, 'content', 'news'), { recursive: true });
  await mkdir(path.join(dir, 'media'), { recursive: true });
  let bytes = 0;
  for (let id = 1; id <= ITEMS; id++) {
    const text = newsFile(id);
    bytes += Buffer.byteLength(text);
    await writeFile(path.join(dir, 'content', 'news', `${id}.md`), text);
  }
  return bytes;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const mbps = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB/s`;

async function main() {
  lightenAutocannon();
  console.log('Read benchmark: GET /api/news.php, CMS vs plain node:http serving the same bytes from memory');
  console.log(machine());
  console.log(`settings: ${ITEMS} news items, ${CONNECTIONS} connections, ${DURATION} s per run after a ${WARMUP} s warm-up, ` +
    `loopback ${HOST}, autocannon in the parent process (response bodies not kept as strings), each server in its own child process`);

  const tmp = await mkdtemp(path.join(tmpdir(), 'cms-bench-read-'));
  const children: ChildProcess[] = [];
  try {
    const starterDir = path.join(tmp, 'starter');
    const sourceBytes = await generateStarter(starterDir);
    console.log(`generated: ${ITEMS} files under content/news/ (${kb(sourceBytes)} of markdown), empty media/`);

    const cms = startChild('cms', { BENCH_DATA_DIR: path.join(tmp, 'data'), BENCH_STARTER_DIR: starterDir });
    children.push(cms.child);
    const { url: cmsUrl, startMs } = await cms.ready;
    console.log(`CMS started in ${(startMs! / 1000).toFixed(2)} s (creates the site repository from the generated starter, loads the index)`);

    const plain = await rawGet(cmsUrl + ENDPOINT, {});
    const gzip = await rawGet(cmsUrl + ENDPOINT, { 'accept-encoding': 'gzip' });
    if (plain.status !== 200 || gzip.status !== 200) throw new Error(`CMS answered ${plain.status}/${gzip.status}`);
    const count = (JSON.parse(plain.raw.toString('utf8')) as unknown[]).length;
    if (count !== ITEMS) throw new Error(`CMS returned ${count} news items, expected ${ITEMS}`);
    if (gzip.headers['content-encoding'] !== 'gzip') throw new Error('CMS did not gzip the answer');
    console.log(`response size: ${plain.raw.length} bytes (${kb(plain.raw.length)}) plain, ` +
      `${gzip.raw.length} bytes (${kb(gzip.raw.length)}) gzip; ${count} items; ` +
      `headers copied to the baseline: ${Object.keys(plain.headers).length}`);

    const base = startChild('baseline');
    children.push(base.child);
    base.child.send({ plain: { ...plain, raw: undefined }, gzip: { ...gzip, raw: undefined } });
    const { url: baseUrl } = await base.ready;
    const check = await rawGet(baseUrl + ENDPOINT, { 'accept-encoding': 'gzip' });
    if (!check.raw.equals(gzip.raw)) throw new Error('baseline does not serve the same bytes');

    const variants: { name: string; headers: Record<string, string> }[] = [
      { name: 'plain', headers: {} },
      { name: 'gzip', headers: { 'accept-encoding': 'gzip' } },
    ];
    const rows = [['run', 'req/s (mean)', 'p50', 'p99', 'throughput', 'server CPU/req', 'other load', 'errors/non-2xx']];
    const ratios = [['CMS / baseline', 'req/s', 'p50', 'p99', 'server CPU/req']];
    const all = [cms.child, base.child];
    for (const v of variants) {
      const results: Record<string, { r: autocannon.Result; cpuPerReq: number }> = {};
      for (const [who, url, child] of [['CMS', cmsUrl, cms.child], ['baseline', baseUrl, base.child]] as const) {
        await cannon(url + ENDPOINT, WARMUP, v.headers);
        const cpu0 = await Promise.all(all.map(childCpu));
        const own0 = process.cpuUsage();
        const busy0 = machineBusy();
        const t0 = performance.now();
        const r = await cannon(url + ENDPOINT, DURATION, v.headers);
        const wallUs = (performance.now() - t0) * 1000;
        const busy1 = machineBusy();
        const own = process.cpuUsage(own0);
        const cpu1 = await Promise.all(all.map(childCpu));
        const serverCpu = cpu1[all.indexOf(child)]! - cpu0[all.indexOf(child)]!;
        const ours = own.user + own.system + cpu1.reduce((a, x, i) => a + x - cpu0[i]!, 0);
        // Cores' worth of CPU used by processes other than this benchmark during the run (shared machine).
        const other = busy0 !== null && busy1 !== null ? Math.max(0, (busy1 - busy0 - ours) / wallUs) : NaN;
        const cpuPerReq = serverCpu / Math.max(1, r.requests.total);
        results[who] = { r, cpuPerReq };
        rows.push([`${who} ${v.name}`, r.requests.mean.toFixed(0), `${r.latency.p50} ms`, `${r.latency.p99} ms`,
          mbps(r.throughput.mean), `${cpuPerReq.toFixed(0)} µs`, Number.isNaN(other) ? 'n/a' : `${other.toFixed(2)} cores`,
          `${r.errors}/${r.non2xx}`]);
        if (r.errors || r.non2xx) console.warn(`warning: ${who} ${v.name} had ${r.errors} errors and ${r.non2xx} non-2xx answers`);
      }
      const c = results.CMS!;
      const b = results.baseline!;
      const ratio = (x: number, y: number) => (y ? `${(x / y).toFixed(2)}×` : 'n/a');
      ratios.push([v.name, ratio(c.r.requests.mean, b.r.requests.mean), ratio(c.r.latency.p50, b.r.latency.p50),
        ratio(c.r.latency.p99, b.r.latency.p99), ratio(c.cpuPerReq, b.cpuPerReq)]);
    }
    console.log('');
    console.log(table(rows));
    console.log('');
    console.log(table(ratios));
    console.log('server CPU/req: CPU time the server process used during the run divided by the requests it answered ' +
      '(less sensitive to a busy machine than req/s).');
    console.log('other load: CPU used by processes outside this benchmark during the run, in cores ' +
      `(of ${os.cpus().length}); when it is well above 0, req/s and latency of that run are understated.`);
    console.log('(latency resolution is 1 ms: autocannon records whole milliseconds)');
  } finally {
    for (const child of children) await stopChild(child);
    await rm(tmp, { recursive: true, force: true });
  }
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice('--child='.length);
if (role === 'cms') {
  cmsChild().catch((e: Error) => {
    process.send!({ error: e.stack ?? String(e) });
    process.exit(1);
  });
} else if (role === 'baseline') {
  baselineChild();
} else {
  main().then(
    () => process.exit(0),
    (e: Error) => {
      console.error(e);
      process.exit(1);
    },
  );
}
