// The set-up most admin browser suites share: a fresh test site (with the suite's settings), signed
// in, and one Chromium, closed after the suite. `ready` receives them once they are up.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestSite, type TestSite, type TestSiteOptions } from '../../../server/testing/testSite.ts';
import { launchBrowser } from './browser.ts';

/** `options`: the site's settings, read when it starts (after the suite's own earlier `beforeAll`s). */
export function useSignedInSite(
  ready: (site: TestSite, browser: Browser) => void,
  options: () => TestSiteOptions = () => ({}),
): void {
  let site: TestSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    site = await startTestSite(options());
    await site.signIn();
    browser = await launchBrowser();
    ready(site, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });
}
