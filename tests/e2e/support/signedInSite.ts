// The set-up most admin browser suites share: a fresh test site, signed in, and one Chromium, closed
// after the suite. `ready` receives them once they are up.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestSite, type TestSite } from '../../../server/testing/testSite.ts';
import { launchBrowser } from './browser.ts';

export function useSignedInSite(ready: (site: TestSite, browser: Browser) => void): void {
  let site: TestSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    site = await startTestSite();
    await site.signIn();
    browser = await launchBrowser();
    ready(site, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });
}
