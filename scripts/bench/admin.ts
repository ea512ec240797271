// Admin benchmark (npm run bench:admin): the built server (as npm start runs it) on the starter site
// plus 10,000 generated news items, signed in; headless Chromium opens the news admin and records
// when the first list line is painted (ms since navigation start), in a new browser (a fresh
// context: nothing cached, only the sign-in cookie) and in a returning one (the same context again).
// Beside it, in the same run, the anchor: a page of one list line from a plain node:http server.
// BENCH_RUNS (default 7) visits of each kind; the median is reported.
import { execFileSync, fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { ADMIN, startServer } from '../drill/serverProcess.ts';
import { dataDirWithNews, generateNews } from '../../server/testing/manyItems.ts';
import { serveCapturedInChild, type Captured } from './anchorServer.ts';
import { machine, percentile, runMain, table } from './fixtures.ts';

const ITEMS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const HOST = '127.0.0.1';
const ROUTE = '/NewsAdminPage';
const TARGET_MS = 300;
/** The browser's note that it was signed in last time (web/src/admin/auth.ts). */
const SIGNED_IN_HINT = 'cms-admin-signed-in';

/** The anchor's page: one line drawn like the admin's first line, no script, no stylesheet. */
const ONE_LINE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Admin: News</title></head>' +
  '<body><ul><li class="admin-row"><a class="admin-row-title" href="?news=1">One line</a></li></ul></body></html>';

/**
 * Runs in the page: when the first list line is on screen, and the frame that paints it. A string,
 * as tsx would put its own helpers into a function's source.
 */
const RECORD_FIRST_ROW = `(() => {
  const look = () => {
    const first = document.querySelector('li.admin-row');
    if (!first || window.__firstRow || !first.checkVisibility()) return;
    const seen = performance.now();
    window.__firstRow = { seen, frame: seen };
    requestAnimationFrame(() => { window.__firstRow.frame = performance.now(); });
    observer.disconnect();
  };
  const observer = new MutationObserver(look);
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** Opens the address (in `page`, or a new page of the context); ms from navigation start to the line. */
async function firstRowMs(context: BrowserContext, url: string, page?: Page) {
  const p = page ?? (await context.newPage());
  await p.goto(url);
  const handle = await p.waitForFunction(() => {
    const r = (window as unknown as { __firstRow?: { seen: number; frame: number } }).__firstRow;
    return r && r.frame !== r.seen ? r.frame : null;
  });
  return { ms: (await handle.jsonValue()) as number, page: p };
}

/** Signs in over HTTP as the server's admin; the session cookies for the browser. */
async function signIn(url: string) {
  const res = await fetch(`${url}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  const { hostname, port } = new URL(url);
  return res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const eq = pair!.indexOf('=');
    return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), domain: hostname, path: '/', port };
  });
}

function startAnchor(): Promise<{ url: string; stop: () => void }> {
  const child = fork(fileURLToPath(import.meta.url), ['--child=anchor'], { stdio: 'inherit' });
  const pages: Record<string, Captured> = {
    [ROUTE]: {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
      body: Buffer.from(ONE_LINE_PAGE).toString('base64'),
    },
  };
  child.send(pages);
  return new Promise((resolve) =>
    child.once('message', (m: { ready: string }) =>
      resolve({ url: m.ready, stop: () => child.send({ stop: true }) }),
    ),
  );
}

async function main() {
  console.log(
    `Admin benchmark: ${ROUTE} at ${ITEMS.toLocaleString('en-US')} news items, ${RUNS} visits each`,
  );
  console.log(machine());
  console.log(`load average at start: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
  const dataDir = await dataDirWithNews(generateNews(ITEMS));
  const server = await startServer(dataDir, { entry: 'built' });
  const anchor = await startAnchor();
  let browser: Browser | undefined;
  try {
    const cookies = await signIn(server.url);
    browser = await launchBrowser(); // CHROMIUM_PATH, /usr/bin/chromium or @sparticuz/chromium
    const storageState = {
      cookies: cookies.map(({ name, value, domain, path }) => ({
        name,
        value,
        domain,
        path,
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: 'Lax' as const,
      })),
      origins: [{ origin: server.url, localStorage: [{ name: SIGNED_IN_HINT, value: '1' }] }],
    };
    const newContext = async (state?: typeof storageState) => {
      const c = await browser!.newContext({ storageState: state, viewport: { width: 1280, height: 900 } });
      await c.addInitScript({ content: RECORD_FIRST_ROW });
      return c;
    };
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
