// Media library benchmark (npm run bench:media), issue 33's three targets, over HTTP against the server
// as `npm start` runs it (dist-server/, file watcher on), on a site repository of BENCH_FILES (10,000)
// real small pictures in media/library (a third of them described) and BENCH_ITEMS (10,000) news items,
// four in ten showing library pictures in their text, committed with the git CLI before the start
// (mediaSite.ts):
// 1. the library's first page (GET /api/media?page=1&per=48&…): the first request after the start, then
//    warm p50/p95 for each sort, a search, unused only and pictures only, each beside a plain node:http
//    server sending the same bytes in the same run, and `git ls-files media | wc -l`;
// 2. "where used" of one file: GET /api/media?q=<its name> (the answer carries usedBy), over 40 files,
//    beside node:http; then the index's lookup alone, in this process;
// 3. a replace seen by open pages: with /api/stream open, PUT /api/media?path=… a new photo of the
//    picture the newest news item shows, and time from the PUT's start until /page-data/news (what an
//    open /news page fetches when the stream names the news) holds the new `?v=`; beside `git add` +
//    `git commit` of the same file with the CLI on a clone.
// Needs the built web app (`npm run build`); the server bundle is built again here. Env: BENCH_FILES,
// BENCH_ITEMS, BENCH_REQUESTS (warm requests per answer, default 200), BENCH_REPLACES (default 10),
// BENCH_NODE_ARGS (flags for the server's node, e.g. --cpu-prof).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../server/config.ts';
import { ContentIndex } from '../../server/content/index/contentIndex.ts';
import { useViews } from '../../server/content/media/mediaUseViews.ts';
import { GitStore } from '../../server/store/gitStore.ts';
import { blobId } from '../../server/store/blobId.ts';
import type { MediaPage } from '../../server/media/mediaLibrary.ts';
import { ADMIN, startServer } from '../drill/serverProcess.ts';
import { capture, openStream, signIn, timedGet } from './httpClient.ts';
import { sleep } from '../drill/time.ts';
import { serveCapturedInChild, type Captured } from './anchorServer.ts';
import { startChild, stopChild } from './cmsChild.ts';
import { machine, percentile, processCpu, runMain, table } from './fixtures.ts';
import { buildMediaSite, replacementPhoto, type MediaSite } from './mediaSite.ts';
import { git } from './siteRepo.ts';

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const REPLACES = Number(process.env.BENCH_REPLACES ?? 10);
const WHERE_USED_FILES = 40;
const HOST = '127.0.0.1';

const FIRST_PAGE = '/api/media?page=1&per=48';
const LISTS: [string, string][] = [
  ['newest first', `${FIRST_PAGE}&sort=newest`],
  ['by name', `${FIRST_PAGE}&sort=name`],
  ['by size', `${FIRST_PAGE}&sort=size`],
  ['search q=robotics', `${FIRST_PAGE}&sort=newest&q=robotics`],
  ['unused only', `${FIRST_PAGE}&sort=newest&unused=1`],
  ['pictures only', `${FIRST_PAGE}&sort=newest&type=image`],
];

const ms = (x: number) => `${x.toFixed(1)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const LS_FILES = 'git ls-files media | wc -l';
const ascending = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => percentile(ascending(xs), 50);
const p95 = (xs: number[]) => percentile(ascending(xs), 95);
const load = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load/, 'load');

/** Sequential requests alternating between the CMS and the anchor; each side's times. */
async function alternate(cms: string, anchor: string, paths: string[], cookie: string) {
  const out = { cms: [] as number[], anchor: [] as number[] };
  for (const p of paths) await timedGet(cms + p, cookie); // one each before timing: connections open
  for (const p of paths) await timedGet(anchor + p);
  for (let i = 0; i < REQUESTS; i++) {
    const p = paths[i % paths.length]!;
    const order = i % 2 ? (['anchor', 'cms'] as const) : (['cms', 'anchor'] as const);
    for (const who of order) out[who].push((await timedGet((who === 'cms' ? cms : anchor) + p, cookie)).ms);
  }
  return out;
}

/** Waits until a process uses under 2 % of a core over half a second (at most 120 s); how long, in ms. */
async function quiet(pid: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const cpu0 = processCpu(pid);
    await sleep(500);
    if (!(processCpu(pid) - cpu0 >= 10_000) || performance.now() - started > 120_000)
      return performance.now() - started;
  }
}

/** The CLI's anchor for target 1: listing the files under media/ as git knows them. */
function gitListing(site: string): number[] {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    execFileSync('sh', ['-c', LS_FILES], { cwd: site });
    times.push(performance.now() - t);
  }
  return times;
}

interface WhereUsed {
  rel: string;
  ids: string[];
  path: string;
}

/** Files used by most items, the where-used queries for them, and what each answer must say. */
function whereUsedCases(site: MediaSite): WhereUsed[] {
  return [...site.usedBy]
    .sort((a, b) => b[1].length - a[1].length)
    .slice(0, WHERE_USED_FILES)
    .map(([rel, ids]) => {
      const name = rel.slice(rel.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
      return { rel, ids, path: `${FIRST_PAGE}&q=${encodeURIComponent(name)}` };
    });
}

async function replaceRounds(url: string, cookie: string, target: string, clone: string) {
  const stream = openStream(url);
  await sleep(200);
  const rows = { put: [] as number[], heard: [] as number[], seen: [] as number[], cli: [] as number[] };
  let late = 0;
  for (let round = 1; round <= REPLACES; round++) {
    const photo = await replacementPhoto(round);
    const version = `v=${blobId(photo).slice(0, 12)}`;
    const heard = stream.next();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${round}.jpg`);
    const t0 = performance.now();
    const put = fetch(`${url}/api/media?path=${encodeURIComponent(target)}`, {
      method: 'PUT',
      headers: { origin: url, cookie },
      body: form,
    }).then(async (res) => {
      const text = await res.text();
      if (res.status !== 200) throw new Error(`PUT answered ${res.status}: ${text.slice(0, 200)}`);
      return performance.now() - t0;
    });
    const change = await heard;
    const heardAt = performance.now() - t0;
    if (!change.endpoints?.some((e) => e.endsWith('news.php')))
      throw new Error(`the stream's change does not name the news: ${JSON.stringify(change)}`);
    // As the open page does on that event: its data again. Fetched until it shows the new version.
    let page = await timedGet(`${url}/page-data/news`);
    if (!page.body.includes(version)) late++;
    while (!page.body.includes(version) && performance.now() - t0 < 10_000) {
      await sleep(10);
      page = await timedGet(`${url}/page-data/news`);
    }
    if (!page.body.includes(version)) throw new Error(`/page-data/news never showed ${version}`);
    rows.seen.push(performance.now() - t0);
    rows.heard.push(heardAt);
    rows.put.push(await put);
    if (!(await timedGet(`${url}/news`)).body.includes(version)) throw new Error(`/news lacks ${version}`);

    await writeFile(path.join(clone, target), photo);
    const t1 = performance.now();
    git(clone, 'add', '--', target);
    git(clone, 'commit', '-q', '-m', `media: replace ${target}`);
    rows.cli.push(performance.now() - t1);
    await sleep(300);
  }
  stream.close();
  return { ...rows, late };
}

/** The index's where-used lookup alone (with names for people), in this process, in µs. */
async function lookupInProcess(site: string, rels: string[]): Promise<number> {
  const { store } = await GitStore.open(site);
  const index = new ContentIndex(store, () => undefined);
  await index.load();
  const rounds = 1000;
  let found = 0;
  const t = performance.now();
  for (let i = 0; i < rounds; i++)
    for (const rel of rels) found += useViews(index, index.mediaUses(rel)).length;
  if (!found) throw new Error('the index knows no uses');
  return ((performance.now() - t) * 1000) / (rounds * rels.length);
}

/** Target 1 and 2 warm: each list and the where-used queries, alternating with node:http. */
async function warmLists(url: string, cookie: string, cases: WhereUsed[], firsts: number[]) {
  const captures: Record<string, Captured> = {};
  for (const p of [...LISTS.map(([, p]) => p), ...cases.map((c) => c.path)])
    captures[p] = await capture(url + p, cookie);
  const bodyOf = (p: string) => Buffer.from(captures[p]!.body, 'base64');
  for (const c of cases) {
    const file = (JSON.parse(bodyOf(c.path).toString()) as MediaPage).items.find((f) => f.path === c.rel);
    if (!file || file.usedBy.length !== c.ids.length)
      throw new Error(`${c.path}: ${c.rel} used by ${c.ids.length}, not ${JSON.stringify(file?.usedBy)}`);
  }
  const anchor = startChild(fileURLToPath(import.meta.url), 'anchor');
  try {
    anchor.child.send(captures);
    const anchorUrl = await anchor.ready;
    const lists = [
      [
        'GET /api/media, 48 a page',
        'first after start',
        'p50',
        'p95',
        'node:http p50 / p95',
        'answer',
        'total',
      ],
    ];
    for (const [i, [name, p]] of LISTS.entries()) {
      const r = await alternate(url, anchorUrl, [p], cookie);
      lists.push([
        name,
        ms(firsts[i]!),
        ms(median(r.cms)),
        ms(p95(r.cms)),
        `${ms(median(r.anchor))} / ${ms(p95(r.anchor))}`,
        kib(bodyOf(p).length),
        String((JSON.parse(bodyOf(p).toString()) as MediaPage).total),
      ]);
    }
    const used = await alternate(
      url,
      anchorUrl,
      cases.map((c) => c.path),
      cookie,
    );
    return { lists, used, usedBytes: bodyOf(cases[0]!.path).length };
  } finally {
    await stopChild(anchor.child);
  }
}

async function main() {
  if (!existsSync(path.join(PROJECT_ROOT, 'dist', 'index.html')))
    throw new Error('The web app is not built: run `npm run build` first.');
  const work = await mkdtemp(path.join(tmpdir(), 'cms-bench-media-'));
  let stop = () => Promise.resolve();
  try {
    console.log(`Media library benchmark, ${machine()}`);
    console.log(`at the start: ${load()}`);
    const dataDir = path.join(work, 'data');
    const site = path.join(dataDir, 'site');
    let t = performance.now();
    const made = await buildMediaSite(site, { items: ITEMS, files: FILES, described: Math.ceil(FILES / 3) });
    const seedMs = performance.now() - t;
    const listed = Number(execFileSync('sh', ['-c', LS_FILES], { cwd: site, encoding: 'utf8' }));
    const lsFiles = gitListing(site);
    const cases = whereUsedCases(made);
    const clone = path.join(work, 'clone');
    git(work, 'clone', '-q', '-c', 'gc.auto=0', site, clone);

    // The server as `npm start` runs it, its bundle built from the source as it is now.
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/server.ts'], {
      cwd: PROJECT_ROOT,
      stdio: 'ignore',
    });
    const server = await startServer(dataDir, { entry: 'built' });
    stop = () => server.stop();
    const { url } = server;
    t = performance.now();
    const cookie = await signIn(url, ADMIN);
    const signInMs = performance.now() - t;
    // The first request of each list after the start, the newest first the very first.
    const firsts: number[] = [];
    for (const [, p] of LISTS) firsts.push((await timedGet(url + p, cookie)).ms);
    const startWorkMs = await quiet(server.pid);
    const warm = await warmLists(url, cookie, cases, firsts);
    const target = made.files[0]!; // shown by news item 1, the newest: on /news's first page
    const replaced = await replaceRounds(url, cookie, target, clone);
    await server.stop();
    const lookupUs = await lookupInProcess(
      site,
      cases.map((c) => c.rel),
    );

    const uses = [...made.usedBy.values()].reduce((a, ids) => a + ids.length, 0);
    const n = (x: number) => x.toLocaleString('en-US');
    console.log(`at the end: ${load()}`);
    console.log(
      `site: ${n(ITEMS)} news items, ${n(made.files.length)} library pictures (${n(made.described)} described; ` +
        `${n(made.usedBy.size)} shown by ${n(uses)} uses in news texts), ${n(listed)} files under media/ in git; ` +
        `written and committed with the git CLI in ${(seedMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `the server as \`npm start\` runs it: listening ${(server.startMs / 1000).toFixed(2)} s after its spawn; ` +
        `sign-in ${ms(signInMs)}; the first requests came right after it, then its start work (picture sizes, ` +
        `descriptions) went on for ${(startWorkMs / 1000).toFixed(1)} s before the warm requests`,
    );
    console.log(
      `\n1. The library's first page at ${n(FILES)} files (goal ≤ 300 ms); ${REQUESTS} warm requests each`,
    );
    console.log(table(warm.lists));
    console.log(`${LS_FILES} (${n(listed)}): ${ms(median(lsFiles))}, median of 7`);
    console.log(
      `\n2. "Where used" at ${n(ITEMS)} items (goal ≤ 50 ms): GET /api/media?q=<a file's name>, ${cases.length} files ` +
        `used by ${cases.at(-1)!.ids.length}–${cases[0]!.ids.length} items each, ${REQUESTS} requests`,
    );
    console.log(
      table([
        ['', 'p50', 'p95', 'answer'],
        ['CMS', ms(median(warm.used.cms)), ms(p95(warm.used.cms)), kib(warm.usedBytes)],
        ['node:http, same bytes', ms(median(warm.used.anchor)), ms(p95(warm.used.anchor)), ''],
        ['the index lookup alone, in process', `${lookupUs.toFixed(2)} µs`, '', ''],
      ]),
    );
    const photo = kib((await replacementPhoto(1)).length);
    console.log(
      `\n3. A replace seen by an open /news page (goal ≤ 1 s): ${REPLACES} replaces of ${target} by a ${photo} ` +
        "photo, from the PUT's start",
    );
    const row = (name: string, xs: number[]) => [name, ms(median(xs)), ms(Math.max(...xs))];
    console.log(
      table([
        ['', 'p50', 'max'],
        row('PUT answered', replaced.put),
        row('the stream names the news', replaced.heard),
        row('/page-data/news holds the new ?v=', replaced.seen),
        row('git CLI add + commit of the same file (a clone)', replaced.cli),
      ]),
    );
    console.log(
      `the page's first fetch after the event lacked the new version ${replaced.late} of ${REPLACES} times`,
    );
  } finally {
    await stop().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}

const role = process.argv.find((a) => a.startsWith('--child='))?.slice('--child='.length);
if (role === 'anchor') serveCapturedInChild(HOST);
else runMain(main);
