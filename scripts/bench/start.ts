// Cold-start benchmark (npm run bench:start): the built server (as npm start runs it) on a site of
// 10,000 news items with 1,000 commits, from process start to its first answer, and its memory
// after start; beside a plain node process that reads every content file once (the floor for
// loading the site). Each is started fresh BENCH_STARTS times (default 5), alternating; then the
// server as many times again without its parse cache (private/parse-cache.json deleted before each
// start: a first start, or one after an upgrade that changed the schemas).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../drill/serverProcess.ts';
import { machine, percentile, table, runMain } from './fixtures.ts';
import { firstAnswer, plainRead, rssOf } from './processMeasures.ts';
import { ITEMS, COMMITS, buildRepository } from './siteRepo.ts';

const STARTS = Number(process.env.BENCH_STARTS ?? 5);

async function main() {
  console.log(
    `Cold-start benchmark: ${ITEMS.toLocaleString('en-US')} items, ${COMMITS.toLocaleString('en-US')} commits, ${STARTS} starts each`,
  );
  console.log(machine());
  console.log(`load average at start: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/server.ts'], { stdio: 'ignore' }); // the server only: no pages are read
  const tmp = await mkdtemp(path.join(tmpdir(), 'cms-bench-start-'));
  try {
    const dataDir = path.join(tmp, 'data');
    await mkdir(dataDir);
    buildRepository(path.join(dataDir, 'site'));
    // The first start creates private/ (admin user, session secret) and whatever caches the server keeps.
    const first = await startServer(dataDir, { entry: 'built' });
    await firstAnswer(first.url);
    await first.stop();
    const server: number[] = [];
    const rss: number[] = [];
    const plain: number[] = [];
    const plainProcess: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const p = await plainRead(path.join(dataDir, 'site', 'content'));
      plain.push(p.ms);
      plainProcess.push(p.total);
      const t = performance.now();
      const s = await startServer(dataDir, { entry: 'built' });
      if ((await firstAnswer(s.url)) !== 200) throw new Error('the first answer was not 200');
      server.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 1500)); // let start-up work that runs after listening settle
      rss.push(rssOf(s.pid));
      await s.stop();
    }
    const uncached: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      await rm(path.join(dataDir, 'private', 'parse-cache.json'), { force: true });
      const t = performance.now();
      const s = await startServer(dataDir, { entry: 'built' });
      if ((await firstAnswer(s.url)) !== 200) throw new Error('the first answer was not 200');
      uncached.push(performance.now() - t);
      await s.stop();
    }
    const med = (xs: number[]) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      );
    const ms = (x: number) => `${(x / 1000).toFixed(2)} s`;
    console.log('');
    console.log(
      table([
        ['', 'median', 'min', 'max'],
        [
          'server: process start → first answer (GET /api/footer.php)',
          ms(med(server)),
          ms(Math.min(...server)),
          ms(Math.max(...server)),
        ],
        [
          'plain node process reading every content file (whole process)',
          ms(med(plainProcess)),
          ms(Math.min(...plainProcess)),
          ms(Math.max(...plainProcess)),
        ],
        ['  of which reading the files', ms(med(plain)), ms(Math.min(...plain)), ms(Math.max(...plain))],
        ['ratio server / plain process', `${(med(server) / med(plainProcess)).toFixed(2)}×`, '', ''],
        [
          'server without its parse cache: process start → first answer',
          ms(med(uncached)),
          ms(Math.min(...uncached)),
          ms(Math.max(...uncached)),
        ],
        [
          'ratio server without parse cache / plain process',
          `${(med(uncached) / med(plainProcess)).toFixed(2)}×`,
          '',
          '',
        ],
        [
          'server RSS 1.5 s after its first answer',
          `${med(rss).toFixed(0)} MB`,
          `${Math.min(...rss).toFixed(0)} MB`,
          `${Math.max(...rss).toFixed(0)} MB`,
        ],
      ]),
    );
    console.log(`load average at end: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
    console.log(
      `goals (issue 9): start ≤ 2 s and ≤ 4 × the plain read → ${med(server) <= 2000 && med(server) <= 4 * med(plainProcess) ? 'MET' : 'MISSED'}; ` +
        `RSS ≤ 300 MB → ${med(rss) <= 300 ? 'MET' : 'MISSED'}; ` +
        `(issue 18) without parse cache ≤ 4 × the plain read → ${med(uncached) <= 4 * med(plainProcess) ? 'MET' : 'MISSED'}`,
    );
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

runMain(main);
