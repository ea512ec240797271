// Store benchmark (npm run bench:store): one-item saves through GitStore alone (with and without its
// fsyncs) against the git CLI doing the same change, on a site repository of 10,000 news items with
// 1,000 commits of history. What an editor waits for end to end is measured by bench:save (HTTP).
//
// The repository is built with `git fast-import` (one initial commit holding 10,000 files, then 999
// commits changing one to three files each), checked out, then copied with `cp -a` so both contenders
// start from identical state. Saves alternate A, B, A, B... so a burst of load from other processes on
// the machine hits both contenders alike. Env: BENCH_SAVES (default 100).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { GitStore } from '../../server/store/gitStore.ts';
import { setFlushingForBenchmark } from '../../server/store/durable.ts';
import {
  machine,
  machineBusy,
  newsFile,
  newsItem,
  percentile,
  table,
  waitedChildrenCpu,
  runMain,
} from './fixtures.ts';
import { AUTHOR, COMMITS, GIT_ENV, ITEMS, buildRepository, git, itemPath } from './siteRepo.ts';

const SAVES = Number(process.env.BENCH_SAVES ?? 100);
const ms = (x: number) => `${x.toFixed(1)} ms`;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    first: samples[0]!,
  };
}

async function main() {
  console.log(
    `Save benchmark: ${SAVES} one-item saves, GitStore vs the git CLI, on ${ITEMS.toLocaleString('en-US')} items with ${COMMITS.toLocaleString('en-US')} commits of history`,
  );
  console.log(machine());
  console.log(`git: ${git(process.cwd(), '--version').trim()}`);

  const tmp = await mkdtemp(path.join(tmpdir(), 'cms-bench-save-'));
  try {
    const storeDir = path.join(tmp, 'store');
    const cliDir = path.join(tmp, 'cli');
    const noFlushDir = path.join(tmp, 'noflush');
    let t = performance.now();
    const { streamBytes, historyOf1 } = buildRepository(storeDir);
    const objects = git(storeDir, 'count-objects', '-v').match(/in-pack: (\d+)/)?.[1];
    console.log(
      `built repository in ${((performance.now() - t) / 1000).toFixed(1)} s: fast-import stream ${(streamBytes / 2 ** 20).toFixed(1)} MiB, ` +
        `${git(storeDir, 'rev-list', '--count', 'HEAD').trim()} commits, ${git(storeDir, 'ls-files').split('\n').filter(Boolean).length} files, ${objects} packed objects`,
    );
    execFileSync('cp', ['-a', storeDir, cliDir]);
    execFileSync('cp', ['-a', storeDir, noFlushDir]);
    // cp -a gives the copy new inode numbers, which the copied index does not know: let each repository's
    // index agree with its own files before measuring, so neither contender pays for a full refresh.
    for (const dir of [storeDir, cliDir, noFlushDir]) git(dir, 'update-index', '-q', '--really-refresh');
    console.log(
      `copied with cp -a; HEAD ${git(storeDir, 'rev-parse', '--short', 'HEAD').trim()} in both, index refreshed in both`,
    );

    // 100 different existing items, spread over the site.
    const ids = Array.from({ length: SAVES }, (_, i) => 37 + ((i * 97) % (ITEMS - 40)));
    if (new Set(ids).size !== ids.length) throw new Error('save ids are not distinct');

    const { store } = await GitStore.open(storeDir);
    const { store: noFlush } = await GitStore.open(noFlushDir);
    const noFlushMs: number[] = [];
    const storeMs: number[] = [];
    const cliMs: number[] = [];
    const busy0 = machineBusy();
    const own0 = process.cpuUsage();
    const kids0 = waitedChildrenCpu();
    const wall0 = performance.now();
    for (let i = 0; i < SAVES; i++) {
      const id = ids[i]!;
      const rel = itemPath(id);
      const content = newsFile(id, 1000 + i);
      const message = `news: update ${id} "${newsItem(id, 1000 + i).title}"`;

      t = performance.now();
      await store.commit([{ path: rel, data: content }], AUTHOR, message);
      storeMs.push(performance.now() - t);

      // The same save with every fsync skipped: the difference is what durability costs.
      setFlushingForBenchmark(false);
      t = performance.now();
      await noFlush.commit([{ path: rel, data: content }], AUTHOR, message);
      noFlushMs.push(performance.now() - t);
      setFlushingForBenchmark(true);

      t = performance.now();
      writeFileSync(path.join(cliDir, rel), content);
      execFileSync('git', ['add', rel], { cwd: cliDir, env: GIT_ENV, stdio: 'ignore' });
      execFileSync('git', ['commit', '-q', '-m', message], { cwd: cliDir, env: GIT_ENV, stdio: 'ignore' });
      cliMs.push(performance.now() - t);
    }
    const wallUs = (performance.now() - wall0) * 1000;
    const busy1 = machineBusy();
    const own = process.cpuUsage(own0);
    const kids = waitedChildrenCpu() - kids0;
    await store.idle();

    const s = stats(storeMs);
    const c = stats(cliMs);
    const n = stats(noFlushMs);
    console.log('');
    console.log(
      table([
        ['per save (wall)', 'median', 'p95', 'min', 'max', 'first save'],
        ['A: GitStore.commit', ms(s.median), ms(s.p95), ms(s.min), ms(s.max), ms(s.first)],
        ['A without flushes (fsync off)', ms(n.median), ms(n.p95), ms(n.min), ms(n.max), ms(n.first)],
        ['B: git add + git commit', ms(c.median), ms(c.p95), ms(c.min), ms(c.max), ms(c.first)],
        [
          'ratio store / CLI',
          `${(s.median / c.median).toFixed(2)}×`,
          `${(s.p95 / c.p95).toFixed(2)}×`,
          '',
          '',
          '',
        ],
      ]),
    );
    console.log(
      `target (DESIGN.md): store median at or below the CLI's → ${s.median <= c.median ? 'MET' : 'MISSED'}`,
    );
    console.log(
      `what the flushes cost (objects, work-tree files, index, branch, reflog, save record): ` +
        `${ms(s.median - n.median)} at the median, ${ms(s.p95 - n.p95)} at p95`,
    );
    if (busy0 !== null && busy1 !== null) {
      // Our own CPU plus the git children we waited for; the rest is other processes on the machine.
      const other = Math.max(0, (busy1 - busy0 - (own.user + own.system) - kids) / wallUs);
      console.log(
        `CPU during the saves: this process ${((own.user + own.system) / 1000).toFixed(0)} ms, git CLI children ${(kids / 1000).toFixed(0)} ms; ` +
          `other processes on the machine: ${other.toFixed(2)} cores on average (of ${os.cpus().length})`,
      );
    }

    // Correctness of both results.
    const statusStore = git(storeDir, 'status', '--porcelain');
    const statusCli = git(cliDir, 'status', '--porcelain');
    let fsck = 'passed';
    try {
      execFileSync('git', ['fsck', '--no-dangling', '--no-progress'], {
        cwd: storeDir,
        env: GIT_ENV,
        stdio: 'pipe',
      });
    } catch (e) {
      fsck = `FAILED: ${String((e as { stderr?: Buffer }).stderr ?? e).trim()}`;
    }
    const treeStore = git(storeDir, 'rev-parse', 'HEAD^{tree}').trim();
    const treeCli = git(cliDir, 'rev-parse', 'HEAD^{tree}').trim();
    console.log('');
    console.log(
      `git status --porcelain after the saves: store repo ${statusStore === '' ? 'empty (clean)' : `NOT EMPTY:\n${statusStore}`}, ` +
        `CLI repo ${statusCli === '' ? 'empty (clean)' : `NOT EMPTY:\n${statusCli}`}`,
    );
    console.log(`git fsck --no-dangling on the store repo: ${fsck}`);
    console.log(
      `HEAD trees: ${treeStore === treeCli ? 'identical' : `DIFFERENT (${treeStore} vs ${treeCli})`}; commits: store ${git(storeDir, 'rev-list', '--count', 'HEAD').trim()}, CLI ${git(cliDir, 'rev-list', '--count', 'HEAD').trim()}`,
    );

    // History: a fresh store (as after a server start) answers the first look-up by building its
    // path → commits map over the whole history; later look-ups come from the map.
    const { store: fresh } = await GitStore.open(storeDir);
    const rss0 = process.memoryUsage().rss;
    t = performance.now();
    const first = await fresh.log('content/news/1.md');
    const firstMs = performance.now() - t;
    const rssGrowth = process.memoryUsage().rss - rss0;
    t = performance.now();
    const second = await fresh.log('content/news/1.md');
    const secondMs = performance.now() - t;
    t = performance.now();
    const saved = await fresh.log(itemPath(ids[0]!));
    const savedMs = performance.now() - t;
    t = performance.now();
    const cliLog = git(storeDir, 'log', '--format=%H', '--', 'content/news/1.md').split('\n').filter(Boolean);
    const cliLogMs = performance.now() - t;
    const cliSaved = git(storeDir, 'log', '--format=%H', '--', itemPath(ids[0]!)).split('\n').filter(Boolean);
    const same = (a: { oid: string }[], b: string[]) =>
      a.length === b.length && a.every((x, i) => x.oid === b[i]);
    console.log('');
    console.log(
      table([
        ['history look-up', 'time', 'commits', 'matches git log'],
        [
          'store.log(content/news/1.md), first (builds the map)',
          ms(firstMs),
          String(first.length),
          same(first, cliLog) ? 'yes' : 'NO',
        ],
        [
          'store.log(content/news/1.md), second',
          ms(secondMs),
          String(second.length),
          same(second, cliLog) ? 'yes' : 'NO',
        ],
        [
          `store.log(${itemPath(ids[0]!)}), a saved item`,
          ms(savedMs),
          String(saved.length),
          same(saved, cliSaved) ? 'yes' : 'NO',
        ],
        ['git log --format=%H -- content/news/1.md (CLI)', ms(cliLogMs), String(cliLog.length), ''],
      ]),
    );
    console.log(
      `process RSS after the first look-up: ${rssGrowth >= 0 ? '+' : ''}${(rssGrowth / 2 ** 20).toFixed(0)} MiB`,
    );
    if (first.length !== historyOf1)
      console.log(`note: item 1 was written by ${historyOf1} commits of the generated history`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

runMain(main);
