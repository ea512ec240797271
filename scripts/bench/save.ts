// Save benchmark (npm run bench:save): what an editor waits for. Each save is a PUT through the HTTP
// API of the real server (built, as npm start runs it, in its own process, with its file watcher
// on) — validate, commit, index, live push, answer — on a site of 10,000 news items with 1,000 commits
// of history. Beside it, in the same run and interleaved save by save, `git add` + `git commit` of
// the same change on a copy of the repository. Every save is the first save of its item since the
// server started. An open /api/stream hears each change; its delay after the answer is reported.
// Env: BENCH_SAVES (default 40).
import { execFileSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEventStream } from '../../server/testing/testSite.ts';
import { SiteClient } from '../drill/api.ts';
import { startServer } from '../drill/serverProcess.ts';
import { machine, machineBusy, newsItem, newsFile, percentile, table } from './fixtures.ts';
import { COMMITS, GIT_ENV, ITEMS, buildRepository, git, itemPath } from './siteRepo.ts';

const SAVES = Number(process.env.BENCH_SAVES ?? 40);
const ms = (x: number) => `${x.toFixed(1)} ms`;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1]!, first: samples[0]! };
}

async function main() {
  console.log(`HTTP save benchmark: ${SAVES} saves of different items through the API, beside the git CLI, ` +
    `on ${ITEMS.toLocaleString('en-US')} items with ${COMMITS.toLocaleString('en-US')} commits`);
  console.log(machine());
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'ignore' });
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
      console.log(`server started in ${(server.startMs / 1000).toFixed(1)} s (first start on this repository)`);
      const client = new SiteClient(server.url);
      await client.signIn();
      const stream = await openEventStream(`${server.url}/api/stream`);
      await stream.next(); // the 'ready' event
      const ids = Array.from({ length: SAVES }, (_, i) => 41 + ((i * 211) % (ITEMS - 50)));
      const http: number[] = [];
      const heard: number[] = [];
      const cliMs: number[] = [];
      const busy0 = machineBusy();
      const wall0 = performance.now();
      for (let i = 0; i < SAVES; i++) {
        const id = ids[i]!;
        const item = newsItem(id, 5000 + i);
        let t = performance.now();
        const answer = await client.call('PUT', `/api/news.php?id=${id}`, item);
        const answered = performance.now();
        if (answer.status !== 200) throw new Error(`save ${id} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        http.push(answered - t);
        for (;;) {
          const e = await stream.next(5000);
          if (e.event === 'change' && e.data.includes('news.php')) break;
        }
        heard.push(performance.now() - answered);

        const rel = itemPath(id);
        t = performance.now();
        writeFileSync(path.join(cli, rel), newsFile(id, 5000 + i));
        execFileSync('git', ['add', rel], { cwd: cli, env: GIT_ENV, stdio: 'ignore' });
        execFileSync('git', ['commit', '-q', '-m', `news: update ${id}`], { cwd: cli, env: GIT_ENV, stdio: 'ignore' });
        cliMs.push(performance.now() - t);
      }
      const wall = performance.now() - wall0;
      const busy1 = machineBusy();
      stream.close();
      const h = stats(http);
      const c = stats(cliMs);
      const l = stats(heard);
      console.log('');
      console.log(table([
        ['per save (wall)', 'p50', 'p95', 'max', 'first'],
        ['A: PUT /api/news.php (validate, commit, index, push, answer)', ms(h.p50), ms(h.p95), ms(h.max), ms(h.first)],
        ['B: git add + git commit (CLI)', ms(c.p50), ms(c.p95), ms(c.max), ms(c.first)],
        ['ratio A / B', `${(h.p50 / c.p50).toFixed(2)}×`, `${(h.p95 / c.p95).toFixed(2)}×`, '', ''],
        ['/api/stream hears it, after the answer', ms(l.p50), ms(l.p95), ms(l.max), ms(l.first)],
      ]));
      console.log(`goal (issue 9): A's p50 ≤ 0.5 × B's → ${h.p50 <= 0.5 * c.p50 ? 'MET' : 'MISSED'}`);
      if (busy0 !== null && busy1 !== null) {
        console.log(`CPU used by all processes during the saves: ${((busy1 - busy0) / (wall * 1000)).toFixed(2)} cores on average`);
      }
      const status = git(site, 'status', '--porcelain');
      console.log(`git status in the server's repository after the saves: ${status === '' ? 'clean' : `NOT CLEAN:\n${status}`}`);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: Error) => {
    console.error(e);
    process.exit(1);
  },
);
