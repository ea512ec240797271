import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Five projects in three tiers. `npm run test:fast` runs `unit` and `ssr`; `npm test` runs all five,
// one group after another (sequence.groupOrder), so the timing checks of a later group never share
// the cores with the suites of an earlier one.
//
// Suites are placed by file name, not folder, so a file keeps its tier when it moves.

/** Suites that take tens of seconds or assert timings that two busy workers would upset: drills
 *  (kills during saves), 50 replicated saves, sites of 10,000 items, a flood of request bodies,
 *  the bundled server's build, the XSS corpus. One at a time, after the fast suites. */
const SLOW = [
  'crash.test.ts', // the crash drill: 10 SIGKILLs during concurrent saves
  'crashRecovery.test.ts', // a save killed in a child process after each step of a commit
  'remote.test.ts', // primary and replica, 50 saves
  'siteWatcher.test.ts', // 10,000 items; hand edits reach the index within a second
  'adminItems.test.ts', // 10,000 items through the admin list endpoint
  'bodies.test.ts', // p99 of public reads under a flood of 2 MB sign-in bodies
  'serverBuild.test.ts', // builds the server bundle and drives it over HTTP
  'Markdown.test.tsx', // 6,613 XSS payloads through the markdown component, one by one and together
  'Markdown.xss.test.tsx', // 6,613 XSS payloads through the markdown component, one by one and together
].map((name) => `**/${name}`);

/** Server suites whose pages come from the built web app (dist/): they get the build-once set-up. */
const NEEDS_BUILT_APP = ['scheduleClock.test.ts', 'searchPage.test.ts'].map((name) => `**/${name}`);

/** Browser suites that measure time in Chromium: alone on the machine, at the end. */
const BROWSER_TIMING = ['site-perf.e2e.test.ts', 'admin-collections.e2e.test.ts'].map((name) => `**/${name}`);

const SERVER_SUITES = ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'];
const BROWSER_SUITES = ['tests/e2e/**/*.e2e.test.ts'];
const BUILD_ONCE = 'tests/e2e/support/buildOnce.ts';

// Vitest's default is one worker per core less one: a single worker on a 2-core machine, where the
// server suites mostly wait on git and sockets.
const workers = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: SERVER_SUITES,
          exclude: [...configDefaults.exclude, ...SLOW, ...NEEDS_BUILT_APP],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'ssr',
          include: NEEDS_BUILT_APP,
          environment: 'node',
          globalSetup: [BUILD_ONCE],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: workers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'slow',
          include: SLOW,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: BROWSER_SUITES,
          exclude: [...configDefaults.exclude, ...BROWSER_TIMING],
          environment: 'node',
          globalSetup: [BUILD_ONCE],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          name: 'e2e-timing',
          include: BROWSER_TIMING,
          environment: 'node',
          globalSetup: [BUILD_ONCE],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
});
