// "Recently deleted" benchmark (npm run bench:deleted): GET /api/deleted?entity=news of the real server,
// over HTTP as the admin reads it, on the save benchmark's site (10,000 news items, 1,000 commits)
// with BENCH_DELETES (default 300) more commits that each delete one item, two edits of other items
// between deletes. Measured: an item's History first (it waits for the history map the server builds
// at start), then the first list (every title read), the list warm (BENCH_REQUESTS sequential
// requests), and the first list after one more delete (the save extends the map; one title is read). Beside it, the git CLI's own answer to "which news items were
// deleted" (`git log --diff-filter=D`), what a maintainer runs on the server without this list.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_PASSWORD, runCmsChild, startChild, stopChild } from './cmsChild.ts';
import { machine, newsFile, percentile, rng, runMain, table } from './fixtures.ts';
import { COMMITS, GIT_ENV, ITEMS, buildRepository, git, itemPath } from './siteRepo.ts';

const DELETES = Number(process.env.BENCH_DELETES ?? 300);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const HOST = '127.0.0.1';

/** DELETES commits that each delete one item, after two commits that each edit another. */
function addDeletes(dir: string): number[] {
  const r = rng(7);
  const ids = new Set<number>();
  while (ids.size < DELETES) ids.add(2 + Math.floor(r() * (ITEMS - 1))); // item 1 keeps its history
  const order = [...ids];
  const parts: Buffer[] = [];
  const put = (s: string) => parts.push(Buffer.from(s));
  const data = (text: string) => {
    const b = Buffer.from(text);
    put(`data ${b.length}\n`);
    parts.push(b, Buffer.from('\n'));
  };
  const start = Date.UTC(2023, 0, 2, 9) / 1000;
  let n = 0;
  const commit = (message: string, change: string, first: boolean) => {
    const when = `${start + n++ * 3600} +0000`;
    put(`commit refs/heads/main\nauthor Dee Leter <dee@example.org> ${when}\n`);
    put(`committer Dee Leter <dee@example.org> ${when}\n`);
    data(message);
    if (first) put('from refs/heads/main^0\n');
    put(change);
    put('\n');
  };
  order.forEach((id, k) => {
    for (const e of [0, 1]) {
      let other = 1 + Math.floor(r() * ITEMS);
      while (ids.has(other)) other = 1 + Math.floor(r() * ITEMS);
      const change = `M 100644 inline ${itemPath(other)}\n`;
      const text = newsFile(other, 100 + k * 2 + e);
      const b = Buffer.from(text);
      commit(`news: update ${other}`, `${change}data ${b.length}\n${text}\n`, k === 0 && e === 0);
    }
    commit(`news: delete ${id}`, `D ${itemPath(id)}\n`, false);
  });
  execFileSync('git', ['fast-import', '--quiet'], { cwd: dir, env: GIT_ENV, input: Buffer.concat(parts) });
  git(dir, 'reset', '-q', '--hard', 'main');
  return order.reverse(); // newest delete first
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login.php`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

interface Listed {
  items: { id: string; title: string }[];
}

async function timedList(url: string, cookie: string): Promise<{ ms: number; list: Listed }> {
  const t = performance.now();
  const res = await fetch(`${url}/api/deleted?entity=news`, { headers: { cookie } });
  const list = (await res.json()) as Listed;
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`GET /api/deleted answered ${res.status}`);
  return { ms, list };
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'cms-bench-deleted-'));
  try {
    const dataDir = path.join(work, 'data');
    await mkdir(dataDir);
    const site = path.join(dataDir, 'site');
    buildRepository(site);
    const newestFirst = addDeletes(site);
    const commits = Number(git(site, 'rev-list', '--count', 'HEAD').trim());

    const cli: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      git(
        site,
        'log',
        '--first-parent',
        '--diff-filter=D',
        '--name-only',
        '--format=%H %an %aI',
        '--',
        'content/news',
      );
      cli.push(performance.now() - t);
    }

    const cms = startChild(fileURLToPath(import.meta.url), 'cms', { BENCH_DATA_DIR: dataDir });
    const url = await cms.ready;
    const cookie = await signIn(url);
    // The history map is built at start, in the background; an item's History waits for it too.
    const t = performance.now();
    const history = await fetch(`${url}/api/history?entity=news&id=1`, { headers: { cookie } });
    await history.arrayBuffer();
    const historyMs = performance.now() - t;
    const first = await timedList(url, cookie);
    const ids = first.list.items.map((i) => i.id);
    if (ids.join() !== newestFirst.join())
      throw new Error(`the list is not the ${DELETES} deleted items newest first`);
    if (first.list.items.some((i) => !i.title)) throw new Error('an item came without its title');

    const warm: number[] = [];
    for (let i = 0; i < REQUESTS; i++) warm.push((await timedList(url, cookie)).ms);
    warm.sort((a, b) => a - b);

    const gone = '1';
    const del = await fetch(`${url}/api/news.php?id=${gone}`, {
      method: 'DELETE',
      headers: { cookie, origin: url },
    });
    if (del.status !== 200) throw new Error(`DELETE answered ${del.status}`);
    const after = await timedList(url, cookie);
    if (after.list.items[0]?.id !== gone) throw new Error('the new delete is not first');
    const again = await timedList(url, cookie);
    await stopChild(cms.child);

    console.log(
      `"Recently deleted" benchmark: ${ITEMS.toLocaleString('en-US')} news items, ${commits.toLocaleString('en-US')} commits (${COMMITS} + ${DELETES * 3}), ${DELETES} deleted`,
    );
    console.log(machine());
    console.log(`load average: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
    console.log(
      table([
        ['GET /api/deleted?entity=news (HTTP, signed in)', 'time'],
        ["(before it: an item's History, waiting for the history map built at start)", ms(historyMs)],
        [`first (every title read: ${DELETES} old files)`, ms(first.ms)],
        [`warm p50 (${REQUESTS} requests)`, ms(percentile(warm, 50))],
        ['warm p95', ms(percentile(warm, 95))],
        ['warm max', ms(warm.at(-1)!)],
        ['first after one more delete (one title read)', ms(after.ms)],
        ['the next one', ms(again.ms)],
        ['git log --diff-filter=D -- content/news (CLI, median of 5)', ms(cli.sort((a, b) => a - b)[2]!)],
      ]),
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice(8);
if (role === 'cms') void runCmsChild(HOST);
else runMain(main);
