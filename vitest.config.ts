import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import EnvironmentBlocks from './scripts/test/sequencer.ts';

// Where a suite runs is in its file name: the word before `.test.ts(x)` names its project. A plain
// `name.test.ts(x)` beside the code is `unit` and starts no server: no test site, no stand-in server on
// loopback, no child server, no browser. One that starts any is `name.site.test.ts(x)` (`site`); one of
// tens of seconds, `.slow.test.ts(x)`; one that reads pages of the built app, `.ssr.test.ts(x)`; a
// server check within a second, `.timing.test.ts`, or `.timing-alone.test.ts` when it loads a core or
// its neighbours upset it. Browser suites are `tests/e2e/name.e2e.test.ts`; the page loads on slow 4G
// `.perf.e2e.test.ts`, the admin's timings `.timing.e2e.test.ts`. A file keeps its tier when it moves.
// `npm run check:layers` fails on a unit test that imports what starts one (.dependency-cruiser.cjs).
//
// `npm run test:fast` runs `unit` and `site` (no build, browser, drill or timing); `npm test` runs every
// project in three groups (sequence.groupOrder): first the fast server suites, the slow ones and the
// browser suites together, on one pool of workers that takes each project's files in blocks of one
// environment, longest first (scripts/test/sequencer.ts), so a worker is kept from file to file and
// no core waits for the last long file of a group while suites remain; then, on two workers, the
// slow-4G page loads on one and the schedule clock's within-a-second checks on the other; last, one
// at a time, the suites that load a core or that any neighbour upsets. A suite that measures time
// never shares the cores with a drill or the main group's browsers. Beside the server checks, the
// page loads' LCP medians were 436–780 ms (alone 444–772 ms; limit 1,000 ms). Beside the page loads,
// the flood's p99 (bodies) was 79 ms against 50 once in two runs, the 10,000-item watcher's work put
// the pages' LCP up by a tenth, and the live pages' health once took over its 2 s to recover: so
// those three are timing-alone, and only the schedule clock's checks are `timing`.
const SUITES = '{server,scripts,web/src}/**';
/** The files of one tier: `*.<word>.test.ts(x)`. */
const tier = (word: string) => `${SUITES}/*.${word}.test.{ts,tsx}`;
/** Every tier's word but unit's (none): a plain `*.test.ts(x)` is a unit test. */
const TIERS = ['site', 'slow', 'ssr', 'timing', 'timing-alone'];
const BROWSER_SUITES = 'tests/e2e/**/*.e2e.test.ts';
const BUILD_ONCE = 'tests/e2e/support/buildOnce.ts';

// Vitest's default is one worker per core less one: a single worker on a 2-core machine, where the
// suites spend much of their time waiting on git, sockets and Chromium. One more than the cores was
// the quickest here: npm test took 8 min 40 s at three workers, 9 min 26 s at two, 9 min 31 s at four
// (the browser suites then keep both cores busy and wait on each other).
const workers = availableParallelism() + 1;
// Suites share their workers' module cache (isolate: false): a file does not import the server, git,
// Express and Playwright afresh, which took a third of the unit tier's CPU and a quarter of the
// browser tier's. Every suite starts its own server on its own folder (and its own Chromium) and
// stops it; module state shared between files is a cache or is set at each server start (the site's
// time zone). Component files still get a clean page per test (web/src/test/cleanup.ts), and files
// in jsdom and in Node never share a worker. A file's own module stays in memory after it ran (with
// whatever it holds, a 10,000-item index), so the suites that measure time keep a process each.
const server = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  isolate: false,
  setupFiles: 'web/src/test/cleanup.ts',
} as const;
const browser = { environment: 'node', testTimeout: 90_000, hookTimeout: 120_000, isolate: false } as const;

export default defineConfig({
  test: {
    sequence: { sequencer: EnvironmentBlocks },
    // Each file's transform is kept on disk (node_modules/.experimental-vitest-cache, keyed by its
    // content) from one run to the next: a suite's first file no longer transforms the server, React
    // and their imports again. writes.links.site.test.ts alone: 13.8 s, then 6.0 s with the cache
    // (transform 7.8 s -> 1.0 s). `npx vitest --clearCache` empties it.
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          ...server,
          name: 'unit',
          include: [`${SUITES}/*.test.{ts,tsx}`],
          exclude: [...configDefaults.exclude, ...TIERS.map((word) => `**/*.${word}.test.{ts,tsx}`)],
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...server,
          name: 'site',
          include: [tier('site')],
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...server,
          name: 'ssr',
          include: [tier('ssr')],
          // Built once, as for `timing` (the schedule clock reads its pages) and the browser suites.
          globalSetup: [BUILD_ONCE],
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...server,
          name: 'slow',
          include: [tier('slow')],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...server,
          name: 'timing',
          include: [tier('timing')],
          globalSetup: [BUILD_ONCE],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          isolate: true,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          ...server,
          name: 'timing-alone',
          include: [tier('timing-alone')],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          isolate: true,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          ...browser,
          name: 'e2e',
          include: [BROWSER_SUITES],
          exclude: [...configDefaults.exclude, '**/*.{perf,timing}.e2e.test.ts'],
          globalSetup: [BUILD_ONCE],
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...browser,
          name: 'e2e-perf',
          include: ['tests/e2e/**/*.perf.e2e.test.ts'],
          globalSetup: [BUILD_ONCE],
          maxWorkers: 2,
          isolate: true,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          ...browser,
          name: 'e2e-timing',
          include: ['tests/e2e/**/*.timing.e2e.test.ts'],
          globalSetup: [BUILD_ONCE],
          fileParallelism: false,
          isolate: true,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
