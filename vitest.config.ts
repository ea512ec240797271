import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import EnvironmentBlocks from './scripts/test/sequencer.ts';

// The test tiers. `npm run test:fast` runs the `unit` project (no build, browser, drill or timing); `npm test` runs every
// project in three groups (sequence.groupOrder): first the fast server suites, the slow ones and the
// browser suites together, on one pool of workers that takes each project's files in blocks of one
// environment, longest first (scripts/test/sequencer.ts), so a worker is kept from file to file and
// no core waits for the last long file of a group while suites remain; then, on two workers, the
// slow-4G page loads on one and the schedule clock's within-a-second checks on the other; last, one
// at a time, the suites that load a core or that any neighbour upsets. A suite that measures time
// never shares the cores with a drill or the main group's browsers. Beside the server checks, the
// page loads' LCP medians were 436–780 ms (alone 444–772 ms; limit 1,000 ms).
//
// Suites are placed by file name, not folder, so a file keeps its tier when it moves; a new suite
// lands in `unit` (or `e2e`) unless it is named here.
const byName = (names: string[]) => names.map((name) => `**/${name}`);

/** Server suites of tens of seconds each: not in the fast tier. */
const SLOW = byName([
  'crash.test.ts', // the crash drill: 10 SIGKILLs during concurrent saves
  'crashRecovery.test.ts', // a save killed in a child process after each step of a commit
  'remote.test.ts', // a primary and two replicas, 50 saves
  'adminItems.test.ts', // the admin list endpoint on a site of 10,000 items
  'serverBuild.test.ts', // builds the server bundle and drives it over HTTP
  'Markdown.test.tsx', // 6,613 XSS payloads through the markdown component, one by one and together
  'layers.test.ts', // dependency-cruiser over the tree four times (npm run check:layers runs it once)
  'diskFull.test.ts', // the disk-full drill: mounts a tmpfs, fills it, 40 refused saves, a restart
  'connectionLimits.test.ts', // waits out the 10 s header timeout of a trickling connection
  'buildIfStale.test.ts', // runs builds of a small project through npm
  'listingPages.test.ts', // /news and /events pages at 10,000 items
  'repositoryState.test.ts', // starts a server per case on a damaged or busy repository
  'signInLockout.test.ts', // dozens of sign-ins across restarts
  'user.test.ts', // runs `npm run user` as a person would, a process per command
  'pdfProcess.test.ts', // starts, kills and times out pdf.js child processes
]);

/** A light server suite that asserts something happens within a second: apart from the main group,
 *  beside the slow-4G page loads (which leave a core). */
const SERVER_TIMING = byName([
  'scheduleClock.test.ts', // an item shows and hides within a second of its times, across a restart
]);

/** Server timing suites that load a core themselves or that another process upsets: alone. Beside the
 *  page loads, the flood's p99 was 79 ms against 50 once in two runs, the 10,000-item watcher's work
 *  put the pages' LCP up by a tenth, and the live pages' health once took over its 2 s to recover. */
const SERVER_TIMING_ALONE = byName([
  'bodies.test.ts', // p99 of public reads under a flood of 2 MB sign-in bodies
  'siteWatcher.test.ts', // 10,000 items: hand edits, pulls and checkouts reach the index within a second
  'live.test.ts', // hand edits, commits and pulls reach open pages within a second
]);

/** Server suites whose pages come from the built web app (dist/): they get the build-once set-up,
 *  as does `timing` (the schedule clock reads its pages). */
const NEEDS_BUILT_APP = byName([
  'searchPage.test.ts',
  'preview.test.ts',
  'DraftPage.test.tsx', // opens a share link's preview page
]);

/** Page loads on an emulated slow 4G link (LCP and CLS): beside the server timings, at the end. */
const PAGE_LOAD_TIMING = byName(['site-perf.e2e.test.ts']);
/** A browser suite that measures time in Chromium: alone, last. */
const ADMIN_TIMING = byName([
  'admin-collections.e2e.test.ts', // the first list line at 10,000 items
]);

const SERVER_SUITES = ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'];
const BROWSER_SUITES = ['tests/e2e/**/*.e2e.test.ts'];
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
    projects: [
      {
        test: {
          ...server,
          name: 'unit',
          include: SERVER_SUITES,
          exclude: [
            ...configDefaults.exclude,
            ...SLOW,
            ...SERVER_TIMING,
            ...SERVER_TIMING_ALONE,
            ...NEEDS_BUILT_APP,
          ],
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...server,
          name: 'ssr',
          include: NEEDS_BUILT_APP,
          globalSetup: [BUILD_ONCE],
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...server,
          name: 'slow',
          include: SLOW,
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
          include: SERVER_TIMING,
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
          include: SERVER_TIMING_ALONE,
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
          include: BROWSER_SUITES,
          exclude: [...configDefaults.exclude, ...PAGE_LOAD_TIMING, ...ADMIN_TIMING],
          globalSetup: [BUILD_ONCE],
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...browser,
          name: 'e2e-perf',
          include: PAGE_LOAD_TIMING,
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
          include: ADMIN_TIMING,
          globalSetup: [BUILD_ONCE],
          fileParallelism: false,
          isolate: true,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
