// Shared by the benchmarks that time the admin in headless Chromium: when the first list line is
// painted (ms since navigation start), a browser context signed in as the server's admin, and the
// anchor: a page of one list line from a plain node:http server in a child process.
import { fork } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN } from '../drill/serverProcess.ts';
import type { Captured } from './anchorServer.ts';

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
export async function firstRowMs(context: BrowserContext, url: string, page?: Page) {
  const p = page ?? (await context.newPage());
  await p.goto(url);
  const handle = await p.waitForFunction(() => {
    const r = (window as unknown as { __firstRow?: { seen: number; frame: number } }).__firstRow;
    return r && r.frame !== r.seen ? r.frame : null;
  });
  return { ms: (await handle.jsonValue()) as number, page: p };
}

/** Signs in over HTTP as the server's admin; the session cookies for the browser. */
export async function browserCookies(url: string) {
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

/** The anchor, forked from a benchmark's `file` whose `--child=anchor` role serves captures. */
export function startAnchor(file: string, route: string): Promise<{ url: string; stop: () => void }> {
  const child = fork(file, ['--child=anchor'], { stdio: 'inherit' });
  const pages: Record<string, Captured> = {
    [route]: {
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

export type SignedInState = ReturnType<typeof signedInState>;

/** What a browser that signed in before holds: the session cookies and the admin's signed-in note. */
export function signedInState(url: string, cookies: Awaited<ReturnType<typeof browserCookies>>) {
  return {
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
    origins: [{ origin: url, localStorage: [{ name: SIGNED_IN_HINT, value: '1' }] }],
  };
}

/** A new browser context (nothing cached) that records the first list line's paint. */
export async function paintContext(browser: Browser, state?: SignedInState): Promise<BrowserContext> {
  const c = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 900 } });
  await c.addInitScript({ content: RECORD_FIRST_ROW });
  return c;
}
