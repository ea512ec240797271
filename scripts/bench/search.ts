// Search benchmark: GET /api/search?q= of the real built-in server on the starter site with 10,000
// generated news items (scripts/bench/fixtures.ts), end to end over HTTP, beside a plain node:http
// server answering the same bytes from memory (the floor for an HTTP answer of that size).
//
// Each server runs in a child process of its own; the client runs here. Per query: sequential
// requests on one keep-alive connection, alternating between the two servers (latency as a visitor
// sees it; a repeated query is answered from the answers kept until the next change), then 10
// concurrent connections with autocannon (answers per second). Then first-time queries: hundreds of
// different words, prefixes and typos asked once each (the full search every time). Then saves: each
// PUT gives an item a new word, and the very next search must find it (the index follows each save).
// Env: BENCH_ITEMS (default 10000), BENCH_REQUESTS (sequential requests per query and server, 200),
// BENCH_DURATION (s of autocannon per query and server, 3), BENCH_SAVES (20).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { newsStarter } from './cmsChild.ts';
import { serveCapturedInChild, type Captured } from './anchorServer.ts';
import { machine, machineBusy, percentile, runMain, table } from './fixtures.ts';
import { QUERIES, coldQueries } from './searchQueries.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const SAVES = Number(process.env.BENCH_SAVES ?? 20);
const HOST = '127.0.0.1';
const PASSWORD = 'benchmark password 123';

async function cmsChild() {
  const { startServer } = await import('../../server/main.ts');
  const running = await startServer({
    dataDir: process.env.BENCH_DATA_DIR!,
    starterDir: process.env.BENCH_STARTER_DIR!,
    host: HOST,
    port: 0,
    quiet: true,
    watch: false,
    adminPassword: PASSWORD,
    bcryptCost: 4,
  });
  const t0 = performance.now();
  await running.deps.search.start();
  process.send!({ ready: running.url, buildMs: performance.now() - t0 });
  process.on('message', (m: { stop?: boolean }) => {
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

function startChild(role: string, env: Record<string, string> = {}) {
  const child = fork(fileURLToPath(import.meta.url), [`--child=${role}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<{ ready: string; buildMs?: number }>((resolve, reject) => {
    child.once('message', (m: { ready: string; buildMs?: number }) => resolve(m));
    child.once('exit', (code) => reject(new Error(`${role} process exited early (code ${code})`)));
  });
  return { child, ready };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request; resolves with the status, headers, body and the time to the last byte (ms). */
function get(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; ms: number }>(
    (resolve, reject) => {
      const t0 = performance.now();
      const req = http.request(url, { agent, method: init.method ?? 'GET', headers: init.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - t0,
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(init.body);
    },
  );
}

/** Headers node:http writes per connection itself. */
const PER_CONNECTION = ['date', 'connection', 'keep-alive', 'transfer-encoding'];
const searchPath = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function main() {
  console.log('Search benchmark: GET /api/search end to end vs a node:http server sending the same bytes');
  console.log(machine());
  const tmp = await mkdtemp(path.join(tmpdir(), 'cms-bench-search-'));
  const children: ChildProcess[] = [];
  try {
    const starterDir = path.join(tmp, 'starter');
    await newsStarter(starterDir, ITEMS);
    const cms = startChild('cms', { BENCH_DATA_DIR: path.join(tmp, 'data'), BENCH_STARTER_DIR: starterDir });
    children.push(cms.child);
    const { ready: cmsUrl, buildMs } = await cms.ready;
    console.log(
      `site: the starter site with ${ITEMS.toLocaleString('en-US')} generated news items; ` +
        'the search ' +
        `index was built in ${(buildMs! / 1000).toFixed(2)} s in the background after the server listened`,
    );

    const captured: Record<string, Captured> = {};
    const found: string[][] = [['query', 'q', 'results', 'bytes']];
    for (const [name, q] of QUERIES) {
      const r = await get(cmsUrl + searchPath(q));
      const answer = JSON.parse(r.body.toString()) as { ready: boolean; total: number };
      if (r.status !== 200 || !answer.ready) {
        throw new Error(`CMS answered ${r.status} (ready ${answer.ready}) to ${q}`);
      }
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(r.headers)) {
        if (v !== undefined && !PER_CONNECTION.includes(k)) headers[k] = v;
      }
      captured[searchPath(q)] = { headers, body: r.body.toString('base64') };
      found.push([name, q, String(answer.total), String(r.body.length)]);
    }
    console.log(table(found));
    const anchor = startChild('anchor');
    children.push(anchor.child);
    anchor.child.send(captured);
    const { ready: anchorUrl } = await anchor.ready;

    const rows = [
      [
        'query',
        'CMS p50',
        'p95',
        'max',
        'node:http p50',
        'p95',
        'CMS req/s',
        'node:http req/s',
        'machine busy',
      ],
    ];
    let worstP95 = 0;
    for (const [name, q] of QUERIES) {
      const times: Record<'cms' | 'anchor', number[]> = { cms: [], anchor: [] };
      for (let i = 0; i < 20; i++) await get(cmsUrl + searchPath(q)); // warm-up
      const busy0 = machineBusy();
      const t0 = performance.now();
      for (let i = 0; i < REQUESTS; i++) {
        times.cms.push((await get(cmsUrl + searchPath(q))).ms);
        times.anchor.push((await get(anchorUrl + searchPath(q))).ms);
      }
      const busy1 = machineBusy();
      const wallUs = (performance.now() - t0) * 1000;
      const c = times.cms.sort((a, b) => a - b);
      const a = times.anchor.sort((x, y) => x - y);
      worstP95 = Math.max(worstP95, percentile(c, 95));
      const rps = async (url: string) =>
        (await autocannon({ url: url + searchPath(q), connections: 10, duration: DURATION })).requests
          .average;
      const cmsRps = await rps(cmsUrl);
      const anchorRps = await rps(anchorUrl);
      // Cores busy during the sequential part, the client and both servers included (at most ~1 of them).
      const load =
        busy0 !== null && busy1 !== null ? `${((busy1 - busy0) / wallUs).toFixed(2)} cores` : 'n/a';
      rows.push([
        name,
        ms(percentile(c, 50)),
        ms(percentile(c, 95)),
        ms(c.at(-1)!),
        ms(percentile(a, 50)),
        ms(percentile(a, 95)),
        cmsRps.toFixed(0),
        anchorRps.toFixed(0),
        load,
      ]);
    }
    console.log('');
    console.log(table(rows));
    console.log(
      `sequential: ${REQUESTS} requests per query and server on one keep-alive connection, ` +
        'alternating; ' +
        `req/s: autocannon, 10 connections, ${DURATION} s each`,
    );
    console.log(`worst p95 of any query: ${ms(worstP95)} (goal ≤ 50 ms)`);

    // Every query once: none of them is in the server's kept answers.
    const cold = coldQueries();
    const coldTimes: number[] = [];
    let coldResults = 0;
    const busy0 = machineBusy();
    const t0 = performance.now();
    for (const q of cold) {
      const r = await get(cmsUrl + searchPath(q));
      coldTimes.push(r.ms);
      coldResults += (JSON.parse(r.body.toString()) as { total: number }).total;
    }
    const busy1 = machineBusy();
    const load = busy0 !== null && busy1 !== null ? (busy1 - busy0) / ((performance.now() - t0) * 1000) : NaN;
    coldTimes.sort((a, b) => a - b);
    console.log(
      `first-time queries: ${cold.length} different words, prefixes and typos, each asked once ` +
        `(${Math.round(coldResults / cold.length)} results on average): ` +
        `p50 ${ms(percentile(coldTimes, 50))}, p95 ${ms(percentile(coldTimes, 95))}, ` +
        `max ${ms(coldTimes.at(-1)!)}; machine busy ${load.toFixed(2)} cores`,
    );

    // Saves: the next search finds each saved item's new word.
    const login = await get(`${cmsUrl}/api/login.php`, {
      method: 'POST',
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      headers: { 'content-type': 'application/json', origin: cmsUrl },
    });
    const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const saves: number[] = [];
    const searches: number[] = [];
    let seen = 0;
    for (let i = 1; i <= SAVES; i++) {
      const word = `quokka${String.fromCharCode(97 + (i % 26))}${i}`;
      const put = await get(`${cmsUrl}/api/news.php?id=${i * 37}`, {
        method: 'PUT',
        body: JSON.stringify({ title: `Field trip ${word}`, what: 'A day out.' }),
        headers: { 'content-type': 'application/json', origin: cmsUrl, cookie },
      });
      if (put.status !== 200) throw new Error(`save answered ${put.status}: ${put.body.toString()}`);
      saves.push(put.ms);
      const r = await get(cmsUrl + searchPath(word));
      searches.push(r.ms);
      const first = (JSON.parse(r.body.toString()) as { results: { id: string }[] }).results[0];
      if (first?.id === String(i * 37)) seen++;
    }
    saves.sort((a, b) => a - b);
    searches.sort((a, b) => a - b);
    console.log('');
    console.log(
      `saves: ${SAVES} PUT /api/news.php, each followed at once by a search for its new word: ` +
        `first result ${seen}/${SAVES} times; save p50 ${ms(percentile(saves, 50))}, ` +
        `search p50 ${ms(percentile(searches, 50))}`,
    );
  } finally {
    for (const child of children) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ stop: true });
      await exited;
    }
    await rm(tmp, { recursive: true, force: true });
  }
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice('--child='.length);
if (role === 'cms')
  cmsChild().catch((e: Error) => {
    console.error(e);
    process.exit(1);
  });
else if (role === 'anchor') serveCapturedInChild(HOST);
else runMain(main);
