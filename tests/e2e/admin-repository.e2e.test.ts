// When the server has turned saving off to protect the site's history, staff see why on every admin
// page, in plain words, before they type anything; once a maintainer repairs the branch it goes away.
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../server/testing/testSite.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { openAdmin } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;
let dataDir: string;
let good: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cms-e2e-repo-'));
  const first = await startTestSite({ dataDir });
  const siteDir = path.join(dataDir, 'site');
  good = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: siteDir, encoding: 'utf8' }).trim();
  await first.stop();
  // An empty branch file and no reflog: nothing the server can repair from by itself.
  await truncate(path.join(siteDir, '.git/refs/heads/main'), 0);
  await rm(path.join(siteDir, '.git/logs'), { recursive: true });
  site = await startTestSite({ dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it('every admin page says saving is turned off and why; the notice goes once the branch is repaired', async () => {
  const { page, context, takeErrors } = await openPage(browser);
  await openAdmin(page, site, '/NewsAdminPage');
  const notice = page
    .getByRole('alert')
    .filter({ hasText: "Saving is turned off to keep the site's history safe" });
  await notice.waitFor();
  expect(await notice.textContent()).toContain('the branch file refs/heads/main is empty');
  const box = await notice.boundingBox();
  expect(box && box.y >= 0 && box.y < 400).toBe(true); // at the top, where the editor starts reading
  await page.goto(site.url + '/FooterAdminPage');
  await notice.waitFor();

  await writeFile(path.join(site.siteDir, '.git/refs/heads/main'), `${good}\n`);
  await page.reload();
  await page.getByText('Signed in as').waitFor();
  await page.waitForLoadState('networkidle');
  expect(await notice.count()).toBe(0);
  // The page's own notices (failed loads) are not expected; the 503s of saving were never attempted.
  expect(takeErrors()).toEqual([]);
  await context.close();
});
