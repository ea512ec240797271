// Site search in a real browser: without JavaScript the header's GET form leads to the server-rendered
// results page (at 1280 and 390 px, nothing wider than the screen), finding a word that occurs only
// inside a research paper's PDF; with JavaScript the same forms search without reloading the page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';
import { startTestSite, type TestSite } from './support/server.ts';

let site: TestSite;
let browser: Browser;

/** A word of the starter paper's PDF that no content file has. */
const PDF_WORD = 'keyboarding';

beforeAll(async () => {
  site = await startTestSite({ readStarterPdfs: true });
  browser = await launchBrowser();
  // The index is built after the server listens and the PDF's text extracted in the background.
  const end = Date.now() + 20_000;
  for (;;) {
    const answer = (await (await fetch(`${site.url}/api/search?q=${PDF_WORD}`)).json()) as { total: number };
    if (answer.total > 0) break;
    if (Date.now() > end) throw new Error('the PDF text was never found');
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(async () => {
  await browser?.close();
  await site?.cleanup();
});

describe('site search', () => {
  for (const width of [1280, 390]) {
    it(`works without JavaScript at ${width} px: header form, results page, a word in a PDF`, async () => {
      const viewport = { width, height: 900 };
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      const page = await context.newPage();
      try {
        await page.goto(`${site.url}/news`);
        const box = page.getByRole('search').getByRole('searchbox', { name: 'Search the site' });
        await expect(box.isVisible()).resolves.toBe(true);
        await box.fill(PDF_WORD);
        await Promise.all([page.waitForURL(/\/search\?q=keyboarding$/), box.press('Enter')]);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Search');
        const status = page.getByRole('status');
        await expect(status.textContent()).resolves.toMatch(/^1 result for “keyboarding”/);
        const result = page.locator('.search-result').first();
        await expect(result.getByRole('link').getAttribute('href')).resolves.toBe('/research');
        await expect(result.textContent()).resolves.toContain('Research papers: found in the PDF');
        await expect(result.locator('mark').first().textContent()).resolves.toMatch(/^keyboarding$/i);
        // Readable at this width: nothing sticks out sideways.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide).toBeLessThanOrEqual(width);
        // The page's own form searches again, still without JavaScript.
        const again = page.getByRole('searchbox', { name: 'Search news, events, policies and research' });
        await expect(again.inputValue()).resolves.toBe(PDF_WORD);
        await again.fill('zzqqxx');
        await Promise.all([page.waitForURL(/q=zzqqxx/), again.press('Enter')]);
        await expect(status.textContent()).resolves.toContain('Nothing found for “zzqqxx”');
      } finally {
        await context.close();
      }
    });
  }

  it('with JavaScript, searching moves to the results without reloading the page', async () => {
    const { page, context, takeErrors } = await openPage(browser);
    try {
      await page.goto(`${site.url}/`);
      await page.waitForFunction(() => document.documentElement.classList.contains('js'));
      await page.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });
      const box = page.getByRole('searchbox', { name: 'Search the site' });
      await box.fill('keyboardin'); // a prefix
      await box.press('Enter');
      await page.waitForURL(/\/search\?q=keyboardin$/);
      await page.locator('.search-result mark').first().waitFor();
      await expect(page.locator('.search-result').count()).resolves.toBe(1);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(takeErrors()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
