// Memory benchmark (npm run bench:memory): the built server (as npm start runs it) on the bench's
// site of 10,000 news items and 1,000 commits, its resident memory right after start and after a
// realistic warm-up: every public page, its page data and every documented list (base64 and URL
// media) fetched once in gzip and once in brotli, a site search, and the news admin list signed in.
// Each public page's first answer is timed: the server renders a page synchronously, so that time
// bounds how long the render held the event loop (nothing else runs meanwhile).
// BENCH_HEAP_SNAPSHOT=<dir> also writes a heap snapshot after the warm-up (node --heapsnapshot-signal).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, startServer } from '../drill/serverProcess.ts';
import { entities } from '../../server/schema/registry.ts';
import { PUBLIC_PATHS } from '../../server/schema/site/publicPaths.ts';
import { machine, runMain, table } from './fixtures.ts';
import { rssOf } from './processMeasures.ts';
import { ITEMS, buildRepository } from './siteRepo.ts';

const SETTLE_MS = 1500;
const IDLE_MS = 15_000;
const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

async function fetchAll(url: string, paths: string[], headers: Record<string, string> = {}) {
  for (const enc of ['gzip', 'br']) {
    for (const p of paths) {
      const res = await fetch(url + p, { headers: { 'accept-encoding': enc, ...headers } });
      await res.arrayBuffer();
      if (res.status >= 500) throw new Error(`${p} answered ${res.status}`);
    }
  }
}

const NEWS_PAGES = ['/news/page/2', '/news/page/3', '/news/page/50'];

/** Each path fetched once (brotli), in turn: how long each took to answer in full (ms), its size (KiB). */
async function timeEach(url: string, paths: string[]): Promise<[string, number, number][]> {
  const times: [string, number, number][] = [];
  for (const p of paths) {
    const started = performance.now();
    const res = await fetch(url + p, { headers: { 'accept-encoding': 'br' } });
    const body = await res.arrayBuffer();
    const sent = Number(res.headers.get('content-length') ?? body.byteLength);
    times.push([p, performance.now() - started, sent / 1024]);
  }
  return times.sort((a, b) => b[1] - a[1]);
}

async function main() {
  console.log(`Memory benchmark: ${ITEMS.toLocaleString('en-US')} news items`);
  console.log(machine());
  console.log(`load average: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
  const tmp = await mkdtemp(path.join(tmpdir(), 'cms-bench-memory-'));
  const snapshots = process.env.BENCH_HEAP_SNAPSHOT;
  try {
    const dataDir = path.join(tmp, 'data');
    await mkdir(dataDir);
    buildRepository(path.join(dataDir, 'site'));
    const first = await startServer(dataDir, { entry: 'built' }); // creates private/ and the parse cache
    await first.stop();
    const s = await startServer(dataDir, {
      entry: 'built',
      env: snapshots ? { NODE_OPTIONS: '--heapsnapshot-signal=SIGUSR2' } : {},
    });
    try {
      await fetch(`${s.url}/api/footer.php`).then((r) => r.arrayBuffer());
      await settle();
      const started = rssOf(s.pid);
      const lists = [...new Set(Object.values(entities).map((d) => d.legacy.endpoint))];
      // The news list's first page and a few numbered ones (the paged list, web/src/site/paging.ts).
      const pages = [...PUBLIC_PATHS.filter((p) => !p.includes(':') && p !== '*'), ...NEWS_PAGES];
      const firstAnswers = await timeEach(s.url, pages);
      await fetchAll(s.url, [
        ...pages,
        ...pages.map((p) => `/page-data${p === '/' ? '/' : p}`),
        ...lists.map((e) => `/api/${e}`),
        ...lists.map((e) => `/api/${e}?media=url`),
        '/api/search?q=teacher+workshop',
        '/search?q=summer',
        '/sitemap.xml',
      ]);
      const login = await fetch(`${s.url}/api/login.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: s.url },
        body: JSON.stringify(ADMIN),
      });
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      await fetchAll(s.url, ['/NewsAdminPage', '/api/admin/items?entity=news&per=25'], { cookie });
      await settle();
      const warmed = rssOf(s.pid);
      // V8 gives back the pages of a heap it has shrunk only after a while idle.
      await new Promise((r) => setTimeout(r, IDLE_MS - SETTLE_MS));
      const idle = rssOf(s.pid);
      if (snapshots) {
        await mkdir(snapshots, { recursive: true });
        const before = new Set(readdirSync(path.join(import.meta.dirname, '../..')));
        process.kill(s.pid, 'SIGUSR2');
        await new Promise((r) => setTimeout(r, 20_000));
        const made = readdirSync(path.join(import.meta.dirname, '../..')).filter(
          (f) => f.endsWith('.heapsnapshot') && !before.has(f),
        );
        for (const f of made) execFileSync('mv', [path.join(import.meta.dirname, '../..', f), snapshots]);
        console.log(`heap snapshot: ${made.map((f) => path.join(snapshots, f)).join(', ') || 'none yet'}`);
      }
      console.log('');
      console.log(
        table([
          ['server RSS', 'MB'],
          [`${SETTLE_MS / 1000} s after its first answer`, started.toFixed(0)],
          [`${SETTLE_MS / 1000} s after the warm-up`, warmed.toFixed(0)],
          [`${IDLE_MS / 1000} s after the warm-up`, idle.toFixed(0)],
        ]),
      );
      console.log('');
      console.log(
        table([
          ['first answer (slowest 5)', 'ms', 'KiB (br)'],
          ...firstAnswers.slice(0, 5).map(([p, ms, kib]) => [p, ms.toFixed(0), kib.toFixed(0)]),
        ]),
      );
      console.log(`load average at end: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
      console.log(`goal (issue 18): RSS after the warm-up ≤ 300 MB → ${idle <= 300 ? 'MET' : 'MISSED'}`);
      const slowest = firstAnswers[0]![1];
      console.log(
        `goal: no public page's first answer over ~50 ms → ${slowest <= 50 ? 'MET' : 'MISSED'} (${slowest.toFixed(0)} ms)`,
      );
    } finally {
      await s.stop();
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

runMain(main);
