// Beyond the old site: per-item history and restore, the 409 dialog when two editors save the same
// item, failures shown with the server's message and the input kept, the unsaved-changes warning,
// a session that ends mid-edit, live refresh from someone else's save. (Every admin page at 1280 and
// 390 px, nothing wider than the screen and no console error: admin-a11y.e2e.test.ts.)
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../server/testing/testSite.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import {
  acceptConfirm,
  backToList,
  commitCount,
  lastCommit,
  openAddForm,
  openAdmin,
  openItem,
  row,
  watchNotices,
} from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;
let adminName: string;

type News = { id: string; title: string; version: string };
const tb = (scope: Page | ReturnType<Page['locator']>, name: string) => scope.getByRole('textbox', { name });

beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
  adminName = ((await (await site.api('/api/auth_check.php')).json()) as { user: { name: string } }).user
    .name;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const news = async () => (await (await site.api('/api/news.php')).json()) as News[];

describe('history', () => {
  it('lists who changed an item and when, shows an old version and restores it as a new commit', async () => {
    const { page, context } = await openPage(browser);
    const original = (await news())[0]!;
    await openAdmin(page, site, '/NewsAdminPage');
    const item = await openItem(page, original.title);
    await tb(item, 'Title').fill('A title that was a mistake');
    let noticed = await watchNotices(page);
    await item.getByRole('button', { name: 'Update' }).click();
    await noticed(page, 'Updated successfully!');

    const edited = await openItem(page, 'A title that was a mistake');
    await edited.getByRole('button', { name: /^History/ }).click();
    const dialog = page.getByRole('dialog', { name: 'History of A title that was a mistake' });
    const rows = dialog.locator('.admin-history-list > li');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    expect(await rows.first().textContent()).toContain(adminName);
    expect(await rows.first().textContent()).toContain('Edited (current version)');

    await rows.first().getByRole('button', { name: /^View/ }).click();
    await dialog.getByText('This save changed: Title.').waitFor();
    await dialog.getByRole('button', { name: 'Back to the list' }).click();
    await rows.nth(1).getByRole('button', { name: /^View/ }).click();
    await dialog.getByText(original.title).waitFor();
    const before = commitCount(site);
    const asked = acceptConfirm(page);
    noticed = await watchNotices(page);
    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    expect(await asked).toMatch(/^Restore the version saved /);
    await noticed(page, /^Restored the version saved /);
    // The opened item shows the restored version, in its heading and in its form.
    await edited.getByRole('heading', { name: original.title, exact: true }).waitFor();
    expect(await tb(edited, 'Title').inputValue()).toBe(original.title);
    expect(commitCount(site)).toBe(before + 1);
    expect(lastCommit(site).subject).toMatch(/^news: restore [0-9a-f]{7} of \d+ /);
    expect(lastCommit(site).author).toBe(adminName);
    expect((await news()).some((n) => n.title === original.title)).toBe(true);
    await context.close();
  });

  it('restores an earlier version of a one-of-a-kind text into its form', async () => {
    const { page, context } = await openPage(browser);
    await openAdmin(page, site, '/FooterAdminPage');
    const region = page.getByRole('region', { name: 'Legal notice', exact: true });
    const box = tb(region, 'Legal notice');
    const old = await box.inputValue();
    await box.fill('A footer nobody wanted');
    let noticed = await watchNotices(page);
    await region.getByRole('button', { name: 'Update' }).click();
    await noticed(region, 'Updated successfully!');
    await region.getByRole('button', { name: /^History/ }).click();
    const dialog = page.getByRole('dialog', { name: 'History of Legal notice' });
    const asked = acceptConfirm(page);
    noticed = await watchNotices(page);
    await dialog
      .locator('.admin-history-list > li')
      .nth(1)
      .getByRole('button', { name: /^Restore/ })
      .click();
    await asked;
    await noticed(region, /^Restored/);
    await expect.poll(() => tb(region, 'Legal notice').inputValue()).toBe(old);
    await context.close();
  });
});

describe('two editors', () => {
  it('a save over a newer version opens the dialog: load theirs, or save mine knowingly', async () => {
    const a = await openPage(browser);
    const b = await openPage(browser);
    const target = (await news())[1]!;
    await openAdmin(a.page, site, '/NewsAdminPage');
    await openAdmin(b.page, site, '/NewsAdminPage');
    const itemA = await openItem(a.page, target.title);
    await tb(itemA, 'Title').fill('Title from editor A');

    // B saves first.
    const itemB = await openItem(b.page, target.title);
    await tb(itemB, 'Title').fill('Title from editor B');
    let noticedB = await watchNotices(b.page);
    await itemB.getByRole('button', { name: 'Update' }).click();
    await noticedB(b.page, 'Updated successfully!');

    // A's open item refreshes live (its heading shows B's title), but A's form keeps A's input;
    // saving it meets B's version.
    await itemA.getByRole('heading', { name: 'Title from editor B', exact: true }).waitFor();
    const formA = itemA.locator('form');
    expect(await tb(formA, 'Title').inputValue()).toBe('Title from editor A');
    const before = commitCount(site);
    await formA.getByRole('button', { name: 'Update' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Someone else changed this while you were editing' });
    await dialog.getByText('Title from editor B').waitFor();
    expect(commitCount(site)).toBe(before);
    await dialog.getByRole('button', { name: 'Load the newer version' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await tb(formA, 'Title').inputValue()).toBe('Title from editor B');

    // Again, and this time A overwrites knowingly. (Had B changed only another field, A's save
    // would merge with it: a conflict is a field both changed.)
    await tb(formA, 'Title').fill('Title from editor A, knowingly');
    const itemB2 = await openItem(b.page, 'Title from editor B');
    await tb(itemB2, 'Title').fill('Title from editor B, again');
    await tb(itemB2, 'What').fill('B changed the text too.');
    noticedB = await watchNotices(b.page);
    await itemB2.getByRole('button', { name: 'Update' }).click();
    await noticedB(b.page, 'Updated successfully!');
    await formA.getByRole('button', { name: 'Update' }).click();
    await dialog.getByText('B changed the text too.').waitFor();
    const noticedA = await watchNotices(a.page);
    await dialog.getByRole('button', { name: 'Save mine anyway' }).click();
    await noticedA(a.page, 'Updated successfully!');
    expect((await news()).find((n) => n.id === target.id)!.title).toBe('Title from editor A, knowingly');
    expect(lastCommit(site).subject).toMatch(/^news: update \d+ "Title from editor A, knowingly"$/);
    // Only A's changed field was sent over B's: B's text stays.
    expect((await news()).find((n) => n.id === target.id) as unknown).toMatchObject({
      what: 'B changed the text too.',
    });
    // B's list shows A's save without a reload.
    await row(b.page, 'Title from editor A, knowingly').waitFor();
    await a.context.close();
    await b.context.close();
  });
});

describe('honest feedback', () => {
  it("shows the server's message beside the field and keeps the input", async () => {
    const { page, context } = await openPage(browser);
    await openAdmin(page, site, '/NewsAdminPage');
    const form = await openAddForm(page, 'Add a news item');
    await tb(form, 'Title').fill('A link that is not allowed');
    await tb(form, 'Link').fill('javascript:alert(1)');
    const before = commitCount(site);
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByRole('alert').waitFor();
    expect(await form.locator('.admin-field-error').first().textContent()).toMatch(
      /Link must be a web address/,
    );
    expect(await tb(form, 'Title').inputValue()).toBe('A link that is not allowed');
    expect(await tb(form, 'Link').getAttribute('aria-invalid')).toBe('true');
    expect(commitCount(site)).toBe(before);
    await context.close();
  });

  it("a file of the wrong type is refused with the server's words", async () => {
    const { page, context } = await openPage(browser);
    await openAdmin(page, site, '/SpotlightAdminPage');
    const form = await openAddForm(page, 'Add a slide');
    await tb(form, 'Title').fill('With a wrong picture');
    await tb(form, 'Text').fill('Some text.');
    await form
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByRole('alert').filter({ hasText: 'This file is not a supported image' }).waitFor();
    expect(await tb(form, 'Title').inputValue()).toBe('With a wrong picture');
    await context.close();
  });

  it('warns before leaving with unsaved changes', async () => {
    const { page, context } = await openPage(browser);
    await openAdmin(page, site, '/StatePolicyAdminPage');
    const form = await openAddForm(page, 'Add a policy card');
    await tb(form, 'Title').fill('Half-written policy');
    const dismissed = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.dismiss();
      }),
    );
    await page.getByRole('link', { name: 'Go Back' }).click();
    expect(await dismissed).toBe('You have changes that are not saved yet. Leave this page and lose them?');
    expect(new URL(page.url()).pathname).toBe('/StatePolicyAdminPage');
    expect(await tb(form, 'Title').inputValue()).toBe('Half-written policy');
    const accepted = acceptConfirm(page);
    await page.getByRole('link', { name: 'Go Back' }).click();
    await accepted;
    await page.waitForURL('**/admin');
    await context.close();
  });

  it('a session that ends mid-edit asks to sign in again over the page, keeping the input', async () => {
    const a = await openPage(browser);
    await openAdmin(a.page, site, '/NewsAdminPage');
    const form = await openAddForm(a.page, 'Add a news item');
    await tb(form, 'Title').fill('Written before the session ended');
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

    await form.getByRole('button', { name: 'Submit' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Please sign in again' });
    await dialog.getByLabel('Username').fill('admin');
    await dialog.getByLabel('Password').fill('correct horse battery staple');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await tb(form, 'Title').inputValue()).toBe('Written before the session ended');
    const noticed = await watchNotices(a.page);
    await form.getByRole('button', { name: 'Submit' }).click();
    await noticed(a.page, 'Submitted');
    await a.context.close();
    await b.context.close();
  });

  it('warns before closing an opened item with unsaved changes, by its button or the browser', async () => {
    const { page, context } = await openPage(browser);
    const target = (await news())[2]!;
    await openAdmin(page, site, '/NewsAdminPage');
    const item = await openItem(page, target.title);
    expect(new URL(page.url()).search).toMatch(/^\?news=\d+$/);
    await tb(item, 'Title').fill('Half-edited title');
    const dismissNext = () =>
      new Promise<string>((resolve) =>
        page.once('dialog', (d) => {
          resolve(d.message());
          void d.dismiss();
        }),
      );
    const dismissed = dismissNext();
    await item.getByRole('button', { name: 'Back to the list' }).click();
    expect(await dismissed).toBe('You have changes that are not saved yet. Leave this page and lose them?');
    expect(await tb(item, 'Title').inputValue()).toBe('Half-edited title');
    const again = dismissNext();
    await page.goBack();
    await again;
    expect(await tb(item, 'Title').inputValue()).toBe('Half-edited title');
    const accepted = acceptConfirm(page);
    await page.goBack();
    await accepted;
    await row(page, target.title).waitFor();
    expect(new URL(page.url()).pathname).toBe('/NewsAdminPage');
    // Without changes, the browser's Back returns to the list at once; Forward opens the item again.
    await page.goForward();
    await openItem(page, target.title);
    await backToList(page);
    await context.close();
  });
});

describe('notices wait for the reader', () => {
  it('a success notice stays 6 s whatever is done, then until the next action; an error until dismissed', async () => {
    const { page, context } = await openPage(browser);
    await openAdmin(page, site, '/NewsAdminPage');
    const form = await openAddForm(page, 'Add a news item');
    await tb(form, 'Title').fill('Timed notice');
    await form.getByRole('button', { name: 'Submit' }).click();
    const submitted = page.getByRole('status').filter({ hasText: 'Submitted' });
    await submitted.waitFor();
    const shown = Date.now();
    const heading = page.getByRole('heading', { level: 1, name: 'News' });
    // A click before 6 s leaves it; after 6 s it still waits, until the reader acts.
    await heading.click();
    await page.waitForTimeout(6_500 - (Date.now() - shown));
    expect(await submitted.isVisible()).toBe(true);
    await page.keyboard.press('Tab'); // moving around is reading, not acting
    expect(await submitted.isVisible()).toBe(true);
    await heading.click();
    await submitted.waitFor({ state: 'detached' });

    // An error stays, whatever is done, until its Dismiss button.
    await openAdmin(page, site, '/BannerAdminPage');
    await page.route('**/api/**', (route) =>
      route.request().method() === 'GET'
        ? route.continue()
        : route.fulfill({ status: 500, json: { error: 'The server is having a bad day.' } }),
    );
    await page.getByRole('switch', { name: 'Banner on the site' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'The server is having a bad day.' });
    await failed.waitFor();
    await page.waitForTimeout(6_500);
    await page.getByRole('heading', { level: 1 }).first().click();
    await page.keyboard.press('Enter');
    expect(await failed.isVisible()).toBe(true);
    await failed.getByRole('button', { name: 'Dismiss' }).click();
    await failed.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('keyboard', () => {
  it('Tab goes through the markdown editor to the next field (no keyboard trap)', async () => {
    const { page, context } = await openPage(browser);
    await openAdmin(page, site, '/NewsAdminPage');
    const form = await openAddForm(page, 'Add a news item');
    await tb(form, 'What').focus();
    await page.keyboard.type('Typed with the keyboard');
    await page.keyboard.press('Tab');
    expect(await tb(form, 'What').inputValue()).toBe('Typed with the keyboard');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('date');
    await context.close();
  });
});
