// Save benchmark (npm run bench:save): what an editor waits for. Each save is a PUT through the HTTP
// API of the real server (built, as npm start runs it, in its own process, with its file watcher
// on) — validate, commit, index, live push, answer — on a site of 10,000 news items with 1,000 commits
// of history. Beside it, in the same run and interleaved save by save, `git add` + `git commit` of
// the same change on a copy of the repository. Every save is the first save of its item since the
// server started. BENCH_STREAMS pages (default 1,000) hold /api/stream open; for each save, the
// time from its answer until the last of them has heard it is reported.
// Env: BENCH_SAVES (default 40), BENCH_STREAMS (default 1000).
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { cpSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SiteClient } from '../drill/api.ts';
import { startServer } from '../drill/serverProcess.ts';
import { machine, machineBusy, newsItem, newsFile, percentile, table, runMain } from './fixtures.ts';
import { COMMITS, ITEMS, buildRepository, cliSave, git, itemPath } from './siteRepo.ts';

const SAVES = Number(process.env.BENCH_SAVES ?? 40);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);

/** Open /api/stream connections that count the 'change' events they hear (plain node:http, no parsing). */
async function openStreams(url: string, n: number) {
  const heard = new Array<number>(n).fill(0);
  let waiter: { count: number; resolve: () => void } | null = null;
  let lastArrival = 0;
  const check = () => {
    if (waiter && heard.every((h) => h >= waiter!.count)) {
      const w = waiter;
      waiter = null;
      w.resolve();
    }
  };
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  await Promise.all(
    Array.from(
      { length: n },
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const req = http.get(`${url}/api/stream`, { agent }, (res) => {
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              if (chunk.includes('event: ready')) resolve();
              const changes = chunk.split('event: change').length - 1;
              if (!changes) return;
              heard[i]! += changes;
              lastArrival = performance.now();
              check();
            });
          });
          req.on('error', reject);
          requests.push(req);
        }),
    ),
  );
  return {
    /** Resolves with the moment the last stream heard its `count`-th change. */
    allHeard(count: number): Promise<number> {
      return new Promise((resolve) => {
        waiter = { count, resolve: () => resolve(lastArrival) };
        check();
      });
    },
    close: () => requests.forEach((r) => r.destroy()),
  };
}
const ms = (x: number) => `${x.toFixed(1)} ms`;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1]!,
    first: samples[0]!,
  };
}

async function main() {
  console.log(
    `HTTP save benchmark: ${SAVES} saves of different items through the API, beside the git CLI, ` +
      `on ${ITEMS.toLocaleString('en-US')} items with ${COMMITS.toLocaleString('en-US')} commits`,
  );
  console.log(machine());
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/server.ts'], { stdio: 'ignore' }); // the server only: no pages are read
  const tmp = await mkdtemp(path.join(tmpdir(), 'cms-bench-http-save-'));
  try {
    const dataDir = path.join(tmp, 'data');
    const site = path.join(dataDir, 'site');
    const cli = path.join(tmp, 'cli');
    await mkdir(dataDir);
    buildRepository(site);
    cpSync(site, cli, { recursive: true });
    git(cli, 'update-index', '-q', '--really-refresh');
    const server = await startServer(dataDir, { entry: 'built' });
    try {
      console.log(
        `server started in ${(server.startMs / 1000).toFixed(1)} s (first start on this repository)`,
      );
      const client = new SiteClient(server.url);
      await client.signIn();
      const streams = await openStreams(server.url, STREAMS);
      console.log(`${STREAMS} /api/stream connections open`);
      const ids = Array.from({ length: SAVES }, (_, i) => 41 + ((i * 211) % (ITEMS - 50)));
      const http: number[] = [];
      const heard: number[] = [];
      const cliMs: number[] = [];
      const busy0 = machineBusy();
      const wall0 = performance.now();
      for (let i = 0; i < SAVES; i++) {
        const id = ids[i]!;
        const item = newsItem(id, 5000 + i);
        const t = performance.now();
        const answer = await client.call('PUT', `/api/news.php?id=${id}`, item);
        const answered = performance.now();
        if (answer.status !== 200)
          throw new Error(`save ${id} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        http.push(answered - t);
        heard.push(Math.max(0, (await streams.allHeard(i + 1)) - answered));

        cliMs.push(cliSave(cli, itemPath(id), newsFile(id, 5000 + i), `news: update ${id}`));
      }
      const wall = performance.now() - wall0;
      const busy1 = machineBusy();
      streams.close();
      const h = stats(http);
      const c = stats(cliMs);
      const l = stats(heard);
      console.log('');
      console.log(
        table([
          ['per save (wall)', 'p50', 'p95', 'max', 'first'],
          [
            'A: PUT /api/news.php (validate, commit, index, push, answer)',
            ms(h.p50),
            ms(h.p95),
            ms(h.max),
            ms(h.first),
          ],
          ['B: git add + git commit (CLI)', ms(c.p50), ms(c.p95), ms(c.max), ms(c.first)],
          ['ratio A / B', `${(h.p50 / c.p50).toFixed(2)}×`, `${(h.p95 / c.p95).toFixed(2)}×`, '', ''],
          [
            `the last of ${STREAMS} /api/stream pages hears it, after the answer`,
            ms(l.p50),
            ms(l.p95),
            ms(l.max),
            ms(l.first),
          ],
        ]),
      );
      console.log(`goal (issue 9): A's p50 ≤ 0.5 × B's → ${h.p50 <= 0.5 * c.p50 ? 'MET' : 'MISSED'}`);
      if (busy0 !== null && busy1 !== null) {
        console.log(
          `CPU used by all processes during the saves: ${((busy1 - busy0) / (wall * 1000)).toFixed(2)} cores on average`,
        );
      }
      const status = git(site, 'status', '--porcelain');
      console.log(
        `git status in the server's repository after the saves: ${status === '' ? 'clean' : `NOT CLEAN:\n${status}`}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

runMain(main);
