// Abuse benchmark: what a visitor waits for while one address without a session abuses the server.
// The real server (10,000 news items) and a plain node:http anchor answering the same bytes each run
// in a child process; the abuser runs in a third: 50 connections that trickle a body a byte at a time
// (slow bodies) and a stream of requests declaring bodies larger than any route takes (refused from
// their Content-Length). This process reads /api/footer.php from both servers, alternating, first
// with the machine quiet and then under the abuse, and prints median and p99 of each.
// Env: BENCH_ITEMS (default 10000), BENCH_READS (per server and phase, default 1000).
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_REQUEST_BYTES } from '../../server/http/connectionLimits.ts';
import { serveCapturedInChild, type Captured } from './anchorServer.ts';
import { machine, percentile, runMain, table } from './fixtures.ts';
import { newsStarter, runCmsChild, startChild, stopChild } from './cmsChild.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const READS = Number(process.env.BENCH_READS ?? 1000);
const HOST = '127.0.0.1';
const PATH = '/api/footer.php';

/** The abuser: trickling bodies and oversize declarations against the CMS until told to stop. */
function abuserChild() {
  const { hostname, port } = new URL(process.env.BENCH_TARGET!);
  const sockets: net.Socket[] = [];
  let refused = 0;
  for (let i = 0; i < 50; i++) {
    const s = net.connect(Number(port), hostname, () =>
      s.write(`POST /api/contact.php HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: 100000\r\n\r\n`),
    );
    s.on('error', () => undefined);
    sockets.push(s);
  }
  const drip = setInterval(() => sockets.forEach((s) => s.writable && s.write('x')), 20);
  let running = true;
  const oversize = () =>
    new Promise<void>((resolve) => {
      const s = net.connect(Number(port), hostname, () =>
        s.write(
          `POST /api/news.php HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: ${MAX_REQUEST_BYTES * 4}\r\n\r\n`,
        ),
      );
      s.on('data', (d) => d.toString().startsWith('HTTP/1.1 413') && refused++);
      s.on('error', () => undefined);
      s.on('close', () => resolve());
    });
  void (async () => {
    while (running) await oversize();
  })();
  process.send!({ ready: 'abusing' });
  process.on('message', (m: { stop?: boolean }) => {
    if (!m.stop) return;
    running = false;
    clearInterval(drip);
    sockets.forEach((s) => s.destroy());
    process.send!({ refused });
    setTimeout(() => process.exit(0), 50);
  });
}

const start = (role: string, env: Record<string, string> = {}) =>
  startChild(fileURLToPath(import.meta.url), role, env);

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(
  url: string,
): Promise<{ ms: number; status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    http
      .get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ms: performance.now() - t,
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

async function reads(cms: string, anchor: string) {
  const times = { cms: [] as number[], anchor: [] as number[] };
  for (let i = 0; i < READS; i++) {
    times.cms.push((await get(cms + PATH)).ms);
    times.anchor.push((await get(anchor + PATH)).ms);
  }
  const s = (xs: number[]) => xs.sort((a, b) => a - b);
  return { cms: s(times.cms), anchor: s(times.anchor) };
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'cms-bench-abuse-'));
  try {
    const starter = path.join(work, 'starter');
    await newsStarter(starter, ITEMS);
    const cms = start('cms', { BENCH_DATA_DIR: path.join(work, 'data'), BENCH_STARTER_DIR: starter });
    const cmsUrl = await cms.ready;
    const sample = await get(cmsUrl + PATH);
    const captured: Record<string, Captured> = {
      [PATH]: {
        headers: Object.fromEntries(
          Object.entries(sample.headers).filter(([, v]) => v !== undefined) as [string, string | string[]][],
        ),
        body: sample.body.toString('base64'),
      },
    };
    const anchor = start('anchor');
    anchor.child.send(captured);
    const anchorUrl = await anchor.ready;
    await reads(cmsUrl, anchorUrl); // warm-up
    const quiet = await reads(cmsUrl, anchorUrl);
    const abuser = start('abuser', { BENCH_TARGET: cmsUrl });
    await abuser.ready;
    await new Promise((r) => setTimeout(r, 500));
    const abused = await reads(cmsUrl, anchorUrl);
    const refused = new Promise<number>((resolve) =>
      abuser.child.on('message', (m: { refused?: number }) => m.refused !== undefined && resolve(m.refused)),
    );
    abuser.child.send({ stop: true });
    const oversizeRefused = await refused;
    await Promise.all([stopChild(cms.child), stopChild(anchor.child)]);
    const f = (x: number) => `${x.toFixed(2)} ms`;
    console.log(machine());
    console.log(`${ITEMS} news items; ${READS} reads of ${PATH} per server and phase, one after another`);
    console.log(
      table([
        ['phase', 'CMS p50', 'CMS p99', 'node:http p50', 'node:http p99'],
        [
          'quiet',
          f(percentile(quiet.cms, 50)),
          f(percentile(quiet.cms, 99)),
          f(percentile(quiet.anchor, 50)),
          f(percentile(quiet.anchor, 99)),
        ],
        [
          '50 trickling bodies + oversize stream',
          f(percentile(abused.cms, 50)),
          f(percentile(abused.cms, 99)),
          f(percentile(abused.anchor, 50)),
          f(percentile(abused.anchor, 99)),
        ],
      ]),
    );
    console.log(
      `oversize bodies refused (413 from Content-Length) during the abuse phase: ${oversizeRefused}`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice(8);
if (role === 'cms') void runCmsChild(HOST);
else if (role === 'anchor') serveCapturedInChild(HOST);
else if (role === 'abuser') abuserChild();
else runMain(main);
