// Headless Chromium for the browser suites, driven by playwright-core. Uses CHROMIUM_PATH, else the
// system's /usr/bin/chromium, else the binary that @sparticuz/chromium unpacks.
import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
} from 'playwright-core';

/** The flags every headless Chromium here starts with (the network is closed; no sandbox in CI). */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function executablePath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await executablePath(), args: BROWSER_ARGS, headless: true });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen since the last `takeErrors()` (no `this`: tests
   *  destructure it). */
  takeErrors: () => string[];
}

/** A new page in its own context, recording console errors and uncaught exceptions. */
export async function openPage(
  browser: Browser,
  opts: { width?: number; height?: number; reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    reducedMotion: opts.reducedMotion ?? 'no-preference',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  let errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(`${m.text()} @ ${m.location().url}`);
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  return {
    page,
    context,
    takeErrors: () => {
      const out = errors;
      errors = [];
      return out;
    },
  };
}

/** Screenshots go under test-results/ (git-ignored). */
export function screenshotPath(name: string, width: number): string {
  const safe =
    name
      .replace(/^\/$/, 'home')
      .replace(/^\//, '')
      .replace(/[^\w.-]+/g, '_') || 'home';
  return `test-results/screens/${safe}-${width}.png`;
}

/**
 * A picture of the page (or one part of it) for a person to look at, kept in test-results/screens/
 * when `CMS_SCREENSHOTS=1` is set (`CMS_SCREENSHOTS=1 npm test`). No test reads them: by default
 * none is drawn (some sixty a run, each a whole page encoded as PNG).
 */
export async function keepScreenshot(
  target: Page | Locator,
  file: string,
  opts: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.CMS_SCREENSHOTS !== '1') return;
  await target.screenshot({ path: file, ...opts });
}

/** Marks the page's document, so that a test can tell later whether it was loaded again. */
export const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __mark: number }).__mark = 1;
  });
/** Whether the page still shows the document markDocument marked (no reload, no new page). */
export const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);
