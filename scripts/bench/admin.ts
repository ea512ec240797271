// Admin benchmark (npm run bench:admin): the built server (as npm start runs it) on the starter site
// plus 10,000 generated news items, signed in; headless Chromium opens the news admin and records
// when the first list line is painted (ms since navigation start), in a new browser (a fresh
// context: nothing cached, only the sign-in cookie) and in a returning one (the same context again).
// Beside it, in the same run, the anchor: a page of one list line from a plain node:http server.
// BENCH_RUNS (default 7) visits of each kind; the median is reported.
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { startServer } from '../drill/serverProcess.ts';
import { dataDirWithNews, generateNews } from '../../server/testing/manyItems.ts';
import { serveCapturedInChild } from './anchorServer.ts';
import { browserCookies, firstRowMs, paintContext, signedInState, startAnchor } from './adminPaint.ts';
import { machine, percentile, runMain, table } from './fixtures.ts';

const ITEMS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const HOST = '127.0.0.1';
const ROUTE = '/NewsAdminPage';
const TARGET_MS = 300;
async function main() {
  console.log(
    `Admin benchmark: ${ROUTE} at ${ITEMS.toLocaleString('en-US')} news items, ${RUNS} visits each`,
  );
  console.log(machine());
  console.log(`load average at start: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
  const dataDir = await dataDirWithNews(generateNews(ITEMS));
  const server = await startServer(dataDir, { entry: 'built' });
  const anchor = await startAnchor(fileURLToPath(import.meta.url), ROUTE);
  let browser: Browser | undefined;
  try {
    const cookies = await browserCookies(server.url);
    browser = await launchBrowser(); // CHROMIUM_PATH, /usr/bin/chromium or @sparticuz/chromium
    const storageState = signedInState(server.url, cookies);
    const newContext = (state?: typeof storageState) => paintContext(browser!, state);
    // One visit first, so the server has built the list's order and the page once.
    const warm = await newContext(storageState);
    await firstRowMs(warm, server.url + ROUTE);
    await warm.close();

    const fresh: number[] = [];
    const anchorFresh: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const c = await newContext(storageState);
      fresh.push((await firstRowMs(c, server.url + ROUTE)).ms);
      await c.close();
      const a = await newContext();
      anchorFresh.push((await firstRowMs(a, anchor.url + ROUTE)).ms);
      await a.close();
    }
    const returning: number[] = [];
    const anchorReturning: number[] = [];
    const back = await newContext(storageState);
    const { page } = await firstRowMs(back, server.url + ROUTE);
    const anchorBack = await newContext();
    const { page: anchorPage } = await firstRowMs(anchorBack, anchor.url + ROUTE);
    for (let i = 0; i < RUNS; i++) {
      returning.push((await firstRowMs(back, server.url + ROUTE, page)).ms);
      anchorReturning.push((await firstRowMs(anchorBack, anchor.url + ROUTE, anchorPage)).ms);
    }
    const rows = await page.locator('li.admin-row').count();
    await back.close();
    await anchorBack.close();
    if (rows !== 25) throw new Error(`the list shows ${rows} lines, not 25`);

    const med = (xs: number[]) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      );
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    const row = (label: string, xs: number[]) => [
      label,
      ms(med(xs)),
      ms(Math.min(...xs)),
      ms(Math.max(...xs)),
    ];
    console.log('');
    console.log(
      table([
        ['navigation start → first list line painted', 'median', 'min', 'max'],
        row('new browser (fresh context, signed in)', fresh),
        row('  anchor: one-line page from node:http, new browser', anchorFresh),
        row('returning browser (same context)', returning),
        row('  anchor: one-line page from node:http, returning', anchorReturning),
      ]),
    );
    console.log(`load average at end: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
    console.log(
      `goal (issue 18): new browser ≤ ${TARGET_MS} ms → ${med(fresh) <= TARGET_MS ? 'MET' : 'MISSED'}`,
    );
  } finally {
    await browser?.close();
    anchor.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--child=anchor')) serveCapturedInChild(HOST);
else runMain(main);
