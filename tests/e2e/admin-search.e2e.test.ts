// The admin home's search in a real browser: signed in, it finds items of every collection, hidden
// event pages and words inside PDFs too, and each result opens its item in the admin page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../../server/testing/testSite.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { openAdmin, openedItem } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

/** A word of the starter paper's PDF that no content file has. */
const PDF_WORD = 'keyboarding';

beforeAll(async () => {
  site = await startTestSite({ readStarterPdfs: true });
  await site.deps.search.start();
  browser = await launchBrowser();
  // The PDF's text is extracted in the background after the index is built: a search typed before
  // then finds nothing, and the admin does not search again when the text arrives.
  await eventually(
    async () => ((await (await site.api(`/api/search?q=${PDF_WORD}`)).json()) as { total: number }).total > 0,
    30_000,
    "the starter paper's PDF text",
  );
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

it('finds a hidden event page and opens it; finds a word inside a PDF', async () => {
  await site.signIn();
  const made = await site.api('/api/majorevents.php', {
    method: 'POST',
    json: { header: 'Capybara weekend', event_description: 'Plans.' },
  });
  expect(made.status).toBe(201);
  const { page, context, takeErrors } = await openPage(browser);
  try {
    await openAdmin(page, site, '/admin');
    const box = page.getByRole('searchbox', { name: /Search every collection/ });
    await box.fill('capybara');
    const link = page.locator('.admin-search-results').getByRole('link', { name: 'Capybara weekend' });
    await link.waitFor();
    await expect(link.locator('mark').textContent()).resolves.toBe('Capybara');
    await link.click();
    await page.waitForURL(/\/MajorEventsAdminPage\?majorEvents=\d+$/);
    await openedItem(page).getByText('Capybara weekend').first().waitFor();

    await page.goBack();
    await box.fill(PDF_WORD);
    await box.press('Enter');
    const paper = page.locator('.admin-search-results li').first();
    await paper.getByText('Research papers, in the PDF').waitFor({ timeout: 15_000 });
    expect(takeErrors()).toEqual([]);
  } finally {
    await context.close();
  }
});
