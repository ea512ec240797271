// Render benchmark (npm run bench:render): how long drawing each kind of public page holds the server's
// event loop, at 10,000 news items. The built server runs as npm start runs it (file watcher on), in a
// child process, on a site repository of the starter site with 10,000 generated news items; a small
// module loaded into it with --import watches its event loop (perf_hooks monitorEventLoopDelay, 1 ms
// resolution) and, asked over IPC, reports the longest delay since the last report, with the CPU time
// the server used during it (on a shared machine a block also counts time the server was not running
// at all; its CPU time does not). No server code knows of it. For each page kind, in turn, over HTTP (Accept-Encoding: br, gzip, as browsers send):
//  - first visit: the page has not been drawn since the start (nor have its markdown texts);
//  - after a change: an item the page shows is edited by hand in the work tree (the file watcher
//    sees it), then the page is asked for again — BENCH_CHANGES times, each a new text.
// BENCH_RUNS starts (default 2); each figure is the worst over them. The start, the page renderer's
// loading and the search index's build are waited out before the first page.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config.ts';
import type { EntityDef, Fields } from '../../server/schema/define.ts';
import { entities, itemPath } from '../../server/schema/registry.ts';
import { parseItemFile, serializeItem } from '../../server/content/index/fileFormat.ts';
import { fieldText } from '../../server/schema/fieldText.ts';
import { machine, runMain, table } from './fixtures.ts';
import { newsStarter } from './cmsChild.ts';
import { GIT_ENV } from './siteRepo.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 3);
const GOAL_MS = 50;
const BROWSER = { 'accept-encoding': 'br, gzip' };
/** Long enough for the file watcher (a poll every 250 ms) to have taken a hand edit in. */
const WATCHER_MS = 1500;

/** Every kind of public page: the fixed pages, numbered news pages near the start, middle and end, search, 404. */
const PAGES = [
  '/',
  '/news',
  '/news/page/2',
  '/news/page/200',
  `/news/page/${Math.ceil(ITEMS / 25)}`,
  '/events',
  '/summerOfCS',
  '/winterOfCS',
  '/research',
  '/researchAndPolicy',
  '/about',
  '/educators',
  '/spotlight',
  '/TableauDashboardEmbed',
  '/contact',
  '/search?q=teachers',
  '/no-such-page',
];

/**
 * Loaded into the server with --import: the event loop's longest delay (monitorEventLoopDelay), and the
 * CPU time the process used during its longest gap between two 1 ms ticks: on a machine shared with
 * other work a block also counts the time the server was not running at all, the CPU time does not.
 * Reported and reset on asking.
 */
const PROBE = `
import { monitorEventLoopDelay } from 'node:perf_hooks';
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
let last = performance.now(), lastCpu = process.cpuUsage(), gap = 0, gapCpu = 0;
setInterval(() => {
  const now = performance.now(), cpu = process.cpuUsage();
  if (now - last > gap) {
    gap = now - last;
    gapCpu = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
  }
  last = now;
  lastCpu = cpu;
}, 1).unref();
process.on('message', (m) => {
  if (m !== 'report') return;
  const report = { maxMs: loop.max / 1e6, cpuMs: gapCpu };
  loop.reset();
  gap = 0;
  gapCpu = 0;
  process.send(report);
});
process.channel?.unref();
`;

interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startBuilt(dataDir: string, probe: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', probe, 'dist-server/index.js'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      CMS_DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      CMS_ADMIN_PASSWORD: 'bench password 123',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      const m = /The site is running at (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/** The longest event-loop delay in the server since it was last asked, and the CPU time in it. */
function report(server: Server): Promise<{ maxMs: number; cpuMs: number }> {
  return new Promise((resolve) => {
    server.child.once('message', (m: { maxMs: number; cpuMs: number }) => resolve(m));
    server.child.send('report');
  });
}

/** A hand edit of an item: the text of its first markdown field (else text field) gets a sentence. */
async function editByHand(siteDir: string, def: EntityDef, id: string, mark: string): Promise<void> {
  const fields = Object.entries(def.fields as Fields);
  const field = (fields.find(([, f]) => f.kind === 'markdown') ??
    fields.find(([, f]) => f.kind === 'text'))![0];
  const file = path.join(siteDir, itemPath(def, id));
  const parsed = parseItemFile(def, await readFile(file, 'utf8'));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.error}`);
  const data = { ...parsed.data, [field]: `${fieldText(parsed.data[field])} ${mark}` };
  await writeFile(file, serializeItem(def, data));
}

// --------------------------------------------------------------------------------------------- parent

/** One GET of the page: the longest block while it was answered, the answer's time, status and size. */
async function measure(server: Server, page: string) {
  await report(server); // what came before is not this page's
  const started = performance.now();
  const res = await fetch(server.url + page, { headers: BROWSER });
  const text = await res.text();
  const ms = performance.now() - started;
  const { maxMs: blockMs, cpuMs } = await report(server);
  if (res.status >= 500) throw new Error(`${page} answered ${res.status}`);
  return { blockMs, cpuMs, ms, status: res.status, kib: Buffer.byteLength(text) / 1024, text };
}

/** What a page's data read (GET /page-data/…): its read answers by endpoint. */
async function readsOf(url: string, page: string): Promise<Record<string, unknown>> {
  const pathname = page.split('?')[0]!;
  const res = await fetch(`${url}/page-data${pathname === '/' ? '/' : pathname}`);
  return res.ok ? ((await res.json()) as { api: Record<string, unknown> }).api : {};
}

/**
 * An item the page shows, from what its page data read: one of the page's own (not the layout's, which
 * every page reads), preferably of an entity with a markdown field.
 */
async function shownItem(
  url: string,
  page: string,
  layout: Set<string>,
): Promise<{ def: EntityDef; id: string } | null> {
  const reads = await readsOf(url, page);
  const own = Object.entries(reads).filter(([endpoint]) => !layout.has(endpoint));
  const found: { def: EntityDef; id: string }[] = [];
  for (const [endpoint, answer] of own.length ? own : Object.entries(reads)) {
    const def = Object.values(entities).find((d) => d.legacy.endpoint === endpoint.split('?')[0]);
    if (!def) continue;
    if (def.type === 'singleton') {
      found.push({ def, id: '1' });
      continue;
    }
    const list = Array.isArray(answer) ? answer : (answer as { items?: unknown[] } | null)?.items;
    const first = (list ?? []).find(
      (x): x is { id: string } => typeof (x as { id?: unknown })?.id === 'string',
    );
    if (first) found.push({ def, id: first.id });
  }
  const hasMarkdown = (def: EntityDef) =>
    Object.values(def.fields as Fields).some((f) => f.kind === 'markdown');
  return found.find((f) => hasMarkdown(f.def)) ?? found[0] ?? null;
}

async function waitForSearch(url: string) {
  for (let i = 0; i < 600; i++) {
    const answer = (await fetch(`${url}/api/search?q=teachers`).then((r) => r.json())) as { ready: boolean };
    if (answer.ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the search index was not ready after 60 s');
}

interface Row {
  first: { blockMs: number; cpuMs: number; ms: number; kib: number; status: number }[];
  changed: { blockMs: number; cpuMs: number; ms: number }[];
  what: string;
  unseen: number;
}

async function main() {
  console.log(`Render benchmark: every kind of public page at ${ITEMS.toLocaleString('en-US')} news items`);
  console.log(machine());
  console.log(`load average at start: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  // As npm start: the web app and the server are built when missing or older than the sources.
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/buildIfStale.ts'], { stdio: 'inherit' });
  const tmp = await mkdtemp(path.join(tmpdir(), 'cms-bench-render-'));
  const rows = new Map<string, Row>(PAGES.map((p) => [p, { first: [], changed: [], what: '', unseen: 0 }]));
  let changeBlocks = 0;
  try {
    const probe = path.join(tmp, 'loop-probe.mjs');
    await writeFile(probe, PROBE);
    const starterDir = path.join(tmp, 'starter');
    await newsStarter(starterDir, ITEMS);
    let mark = 0;
    for (let run = 0; run < RUNS; run++) {
      const dataDir = path.join(tmp, `data-${run}`);
      const siteDir = path.join(dataDir, 'site');
      await mkdir(dataDir);
      execFileSync('cp', ['-r', starterDir, siteDir]);
      const git = (...args: string[]) =>
        execFileSync('git', args, { cwd: siteDir, env: GIT_ENV, stdio: 'ignore' });
      git('init', '-q', '-b', 'main');
      git('add', '-A');
      git('commit', '-q', '-m', 'The starter site with generated news');
      const server = await startBuilt(dataDir, probe);
      try {
        // The renderer loads on the first page asked for, and the search index builds after the start:
        // both are waited out on a page left out of the table (the not-found page of another address).
        await fetch(`${server.url}/warm-up-not-measured`).then((r) => r.arrayBuffer());
        await waitForSearch(server.url);
        await new Promise((r) => setTimeout(r, 500));
        for (const page of PAGES) rows.get(page)!.first.push(await measure(server, page));
        const layout = new Set(Object.keys(await readsOf(server.url, '/no-such-page')));
        for (const page of PAGES) {
          const row = rows.get(page)!;
          const item = await shownItem(server.url, page, layout);
          if (!item) {
            row.what = 'nothing to edit';
            continue;
          }
          row.what = `${item.def.name} ${item.id}`;
          for (let c = 0; c < CHANGES; c++) {
            const text = `Edited ${++mark}.`;
            await report(server);
            await editByHand(siteDir, item.def, item.id, text);
            await new Promise((r) => setTimeout(r, WATCHER_MS));
            // What the change itself costs (the index re-reading it, search catching up) is not the page's.
            changeBlocks = Math.max(changeBlocks, (await report(server)).maxMs);
            const m = await measure(server, page);
            if (!m.text.includes(text)) row.unseen++;
            row.changed.push(m);
          }
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  const worst = (xs: number[]) => (xs.length ? Math.max(...xs) : NaN);
  const f = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(1));
  const out = [
    [
      'page',
      'first visit: longest block (ms)',
      'its CPU (ms)',
      'answer (ms)',
      'after a change: longest block (ms)',
      'its CPU (ms)',
      'answer (ms)',
      'status, KiB',
      'item edited',
    ],
  ];
  let overall = 0;
  let overallCpu = 0;
  for (const [page, row] of rows) {
    const firstBlock = worst(row.first.map((x) => x.blockMs));
    const changedBlock = worst(row.changed.map((x) => x.blockMs));
    const firstCpu = worst(row.first.map((x) => x.cpuMs));
    const changedCpu = worst(row.changed.map((x) => x.cpuMs));
    overall = Math.max(overall, firstBlock, Number.isNaN(changedBlock) ? 0 : changedBlock);
    overallCpu = Math.max(overallCpu, firstCpu, Number.isNaN(changedCpu) ? 0 : changedCpu);
    out.push([
      page,
      f(firstBlock),
      f(firstCpu),
      f(worst(row.first.map((x) => x.ms))),
      f(changedBlock),
      f(changedCpu),
      f(worst(row.changed.map((x) => x.ms))),
      `${row.first[0]!.status}, ${row.first[0]!.kib.toFixed(0)}`,
      row.what + (row.unseen ? ` (edit not on the page in ${row.unseen} of ${row.changed.length})` : ''),
    ]);
  }
  console.log('');
  console.log(table(out));
  console.log(
    `\nWorst over ${RUNS} starts and ${CHANGES} edits per page (sizes as sent, decoded). Longest block from the ` +
      `edits themselves (watcher, index, search catching up), not counted above: ${changeBlocks.toFixed(1)} ms`,
  );
  console.log(`load average at end: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  console.log(
    `goal (issue 19): no page's drawing holds the event loop more than ~${GOAL_MS} ms → ` +
      `${overall <= GOAL_MS ? 'MET' : 'MISSED'} (worst ${overall.toFixed(1)} ms; worst CPU time in a longest ` +
      `block ${overallCpu.toFixed(1)} ms)`,
  );
}

runMain(main);
