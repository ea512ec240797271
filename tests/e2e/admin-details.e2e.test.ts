// Small things the admin says or does that must be true (issue 11 point 9): the abstract box stops
// at its limit, the helper's Line break and Link keep the selected text, a save that changes
// nothing says so, and signing in again clears the stale "sign in" error.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../server/testing/testSite.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { commitCount, openAdmin, openItem, watchNotices } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

const tb = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name });
const NOTHING_SAVED = 'Nothing has changed, so nothing was saved.';

type Item = { title?: string; study_title?: string; studyTitle?: string };
const firstTitle = async (path: string) => {
  const first = ((await (await site.api(path)).json()) as Item[])[0]!;
  return (first.title ?? first.study_title ?? first.studyTitle)!;
};

beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('admin details', () => {
  it('the paper abstract box stops at 1000 characters, so the counter never goes below 0', async () => {
    const { page, context } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/pdfPage');
    const item = await openItem(page, await firstTitle('/api/get_pdf_metadata.php'));
    await item.getByRole('button', { name: 'Edit abstract content' }).click();
    const box = tb(item, 'New abstract content');
    await page.locator('.w-md-editor').waitFor();
    await box.fill('a'.repeat(995));
    await box.press('End');
    await page.keyboard.type('bcdefghij');
    expect((await box.inputValue()).length).toBe(1000);
    await item.getByText('0 characters remaining').waitFor();
    expect(await item.getByText(/-\d+ characters remaining/).count()).toBe(0);
    await context.close();
  });

  it('the helper’s Line break keeps the selection; Link makes it the link text, “url” selected', async () => {
    const { page, context } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/MarkdownEditor');
    await page.locator('.w-md-editor').waitFor();
    const text = tb(page, 'Your text');
    await text.fill('hello');
    await text.selectText();
    await page.getByRole('button', { name: 'Line break', exact: true }).click();
    expect(await text.inputValue()).toBe('hello<br>\n');

    await text.fill('our site');
    await text.selectText();
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    expect(await text.inputValue()).toBe('[our site](url)');
    const selected = (t: HTMLTextAreaElement) => t.value.slice(t.selectionStart, t.selectionEnd);
    expect(await text.evaluate(selected)).toBe('url');
    await page.keyboard.type('https://example.org');
    expect(await text.inputValue()).toBe('[our site](https://example.org)');
    await context.close();
  });

  it('a save that changes nothing says so instead of “Updated successfully!”', async () => {
    const { page, context } = await openPage(browser, { width: 1280 });
    // A paper field updated as it was: nothing is sent.
    await openAdmin(page, site, '/pdfPage');
    const paper = await openItem(page, await firstTitle('/api/get_pdf_metadata.php'));
    const before = commitCount(site);
    await paper.getByRole('button', { name: 'Edit file name when downloaded' }).click();
    let noticed = await watchNotices(page);
    await paper.getByRole('button', { name: 'Update' }).click();
    await noticed(page, NOTHING_SAVED);
    expect(commitCount(site)).toBe(before);

    // A news title with only a trailing space: sent, but the server keeps it as it was (no commit).
    await openAdmin(page, site, '/NewsAdminPage');
    const title = await firstTitle('/api/news.php');
    const news = await openItem(page, title);
    await tb(news, 'Title').fill(`${title} `);
    noticed = await watchNotices(page);
    await news.getByRole('button', { name: 'Update' }).click();
    await noticed(page, NOTHING_SAVED);
    expect(commitCount(site)).toBe(before);
    await context.close();
  });

  it('signing in again clears the “Please sign in to do this.” error', async () => {
    const a = await openPage(browser, { width: 1280 });
    await openAdmin(a.page, site, '/NewsAdminPage');
    const title = await firstTitle('/api/news.php');
    const item = await openItem(a.page, title);
    await tb(item, 'Title').fill('Written before the session ended');
    // "Sign out everywhere" from another browser ends this tab's session too (a plain sign-out there
    // would end only that browser's).
    const b = await openPage(browser);
    await openAdmin(b.page, site, '/admin/account');
    await b.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await b.page
      .getByRole('dialog', { name: 'Sign out everywhere?' })
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    await b.page.getByRole('button', { name: 'Sign in' }).waitFor();

    await item.getByRole('button', { name: 'Update' }).click();
    const stale = item.getByRole('alert').filter({ hasText: 'Please sign in to do this.' });
    await stale.waitFor();
    const dialog = a.page.getByRole('dialog', { name: 'Please sign in again' });
    await dialog.getByLabel('Username').fill('admin');
    await dialog.getByLabel('Password').fill('correct horse battery staple');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await stale.waitFor({ state: 'detached' });
    expect(await tb(item, 'Title').inputValue()).toBe('Written before the session ended');
    await a.context.close();
    await b.context.close();
  });
});
