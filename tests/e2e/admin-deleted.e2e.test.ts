// "Recently deleted" (issue 20, point 6): a staff profile with a headshot, deleted, is found under
// its collection's list with who deleted it and when, looked at as it was, and restored in one
// click with its picture; it is back in the list, gone from the deleted ones, and a notice says so.
// axe finds nothing on the list or the dialog, at 1280 and 390 px.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { AXE_TAGS, axe as axeOf } from './support/axe.ts';
import { openPage, screenshotPath, keepScreenshot } from './support/browser.ts';
import { PNG, commitCount, lastCommit, openAdmin, row, watchNotices } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

async function axe(page: Page): Promise<string[]> {
  const { violations } = await axeOf(page).withTags(AXE_TAGS).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('recently deleted', () => {
  for (const width of [1280, 390]) {
    it(`shows a deleted profile and restores it with its headshot in one click (${width} px)`, async () => {
      const name = `Dana Deleted ${width}`;
      const body = new FormData();
      body.set('name', name);
      body.set('title', 'Program director');
      body.set('headshot', new Blob([PNG.buffer], { type: PNG.mimeType }), PNG.name);
      const made = (await (await site.api('/api/about_us.php', { method: 'POST', body })).json()) as {
        id: string;
      };
      const picture = path.join(site.siteDir, `media/profiles/${made.id}.png`);
      expect((await site.api(`/api/about_us.php?id=${made.id}`, { method: 'DELETE' })).status).toBe(200);
      expect(existsSync(picture)).toBe(false);

      const { page, context } = await openPage(browser, { width });
      await openAdmin(page, site, '/AboutUsAdminPage');
      const toggle = page.getByRole('button', { name: 'Recently deleted' });
      await toggle.click();
      const list = page.getByRole('list', { name: 'Deleted items' });
      const line = list.locator('li').filter({ hasText: name });
      await line.waitFor();
      expect(await line.textContent()).toMatch(/Deleted .+ by /);
      expect(await axe(page)).toEqual([]);

      await line.getByRole('button', { name: `View “${name}” as it was before it was deleted` }).click();
      const dialog = page.getByRole('dialog', { name: `${name}, before it was deleted` });
      await dialog.getByText('Program director').waitFor();
      // The headshot as it was, read from git (the file is gone from the site).
      await expect
        .poll(() =>
          dialog.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBeGreaterThan(0);
      expect(await axe(page)).toEqual([]);
      await keepScreenshot(page, screenshotPath('admin-deleted-view', width), { fullPage: true });
      await dialog.getByRole('button', { name: 'Back to the list' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await keepScreenshot(page, screenshotPath('admin-deleted-list', width), { fullPage: true });

      const before = commitCount(site);
      const noticed = await watchNotices(page);
      await line.getByRole('button', { name: `Restore “${name}”` }).click();
      await noticed(page, `Restored “${name}”. It is back in the list above.`);
      await row(page, name).waitFor();
      await line.waitFor({ state: 'detached' });
      expect(commitCount(site)).toBe(before + 1);
      expect(lastCommit(site).subject).toMatch(
        new RegExp(`^profiles: restore [0-9a-f]{7} of ${made.id} "${name}"$`),
      );
      expect(existsSync(picture)).toBe(true);
      await context.close();
    }, 120_000);
  }
});
