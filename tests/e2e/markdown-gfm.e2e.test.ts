// GitHub-flavoured markdown end to end in Chromium: a table, strikethrough and a task list made with
// the admin editor's toolbar buttons, and a footnote typed, show as <table>, <del>, disabled
// checkboxes (named by their items) and footnotes in the editor's preview and, once saved, on the
// public /news page, which passes axe there and offers the news feed ("Subscribe", rel=alternate).
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { openAdmin, watchNotices } from './support/adminSupport.ts';
import { AXE_TAGS, axe } from './support/axe.ts';
import { openPage } from './support/browser.ts';
import { useSignedInSite } from './support/signedInSite.ts';

let site: TestSite;
let browser: Browser;
useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

const TITLE = 'Workshop kit list';

/** Selects the last `lines` lines the caret is on (the editor's buttons act on the selection). */
async function selectLines(page: Page, lines: number) {
  for (let i = 1; i < lines; i++) await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('Shift+Home');
}

/** What the markdown in `scope` shows: a table, struck words, read-only boxes, footnotes that link. */
async function expectGfm(scope: Locator) {
  const table = scope.locator('table');
  await table.waitFor();
  expect(await table.locator('th').allTextContents()).toEqual(['Header', 'Header']);
  expect(await scope.locator('del').textContent()).toBe('old plan');
  const boxes = scope.locator('input[type="checkbox"]');
  expect(await boxes.count()).toBe(2);
  for (const box of await boxes.all()) expect(await box.isDisabled()).toBe(true);
  // Each box is named by its item for screen readers.
  expect(await boxes.evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')))).toEqual([
    'laptops',
    'room keys',
  ]);
  expect(await scope.locator('li.task-list-item').allTextContents()).toEqual([' laptops', ' room keys']);
  const ref = scope.locator('sup a[data-footnote-ref]');
  expect(await ref.textContent()).toBe('1');
  const target = (await ref.getAttribute('href'))!.slice(1);
  const note = scope.locator('section.footnotes li');
  expect(await note.getAttribute('id')).toBe(target);
  expect(await note.textContent()).toContain('Or a pencil.');
  const back = note.locator('a[data-footnote-backref]');
  expect(await back.getAttribute('href')).toBe(`#${(await ref.getAttribute('id'))!}`);
}

describe('GitHub-flavoured markdown from the editor toolbar to the public page', () => {
  it('shows a table, strikethrough, task list and footnote in the preview and on /news', async () => {
    const { page, context, takeErrors } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/NewsAdminPage');
    await page.getByRole('button', { name: 'Add a news item' }).click();
    const form = page.locator('.admin-add form');
    await form.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await form.getByLabel('Date').fill('2099-12-30');
    await form.getByRole('textbox', { name: 'What' }).click();
    const toolbar = form.locator('.w-md-editor');
    await toolbar.locator('.w-md-editor-toolbar').first().waitFor();
    const button = (name: string) => toolbar.getByRole('button', { name });

    await button('Add table').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('old plan');
    await selectLines(page, 1);
    await button('Add strikethrough text (ctrl + shift + x)').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\n\nlaptops\nroom keys');
    await selectLines(page, 2);
    await button('Add checked list (ctrl + shift + c)').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\n\nBring a pen.[^1]\n\n[^1]: Or a pencil.');

    const preview = form.getByRole('region', { name: 'Preview of What' });
    await expectGfm(preview);

    const noticed = await watchNotices(page);
    await form.getByRole('button', { name: 'Submit' }).click();
    await noticed(page, /Submitted/);
    const saved = (await (await site.api('/api/news.php')).json()) as { title: string; what: string }[];
    const what = saved.find((n) => n.title === TITLE)!.what;
    expect(what).toContain('~~old plan~~');
    expect(what).toContain('- [ ] laptops\n- [ ] room keys');

    await page.goto(`${site.url}/news`);
    const article = page.locator('article.news-item').filter({ hasText: TITLE });
    await expectGfm(article.locator('.markdown'));
    // A footnote's link takes the reader to the note.
    await article.locator('sup a[data-footnote-ref]').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#user-content-.*fn-1$/);
    expect(await article.locator('section.footnotes li').evaluate((li) => li.matches(':target'))).toBe(true);

    // The page offers the news feed, visibly and in its head.
    const subscribe = page.getByRole('link', { name: 'Subscribe to the news' });
    expect(await subscribe.getAttribute('href')).toBe('/news.atom');
    expect(
      await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute('href'),
    ).toBe(`${site.url}/news.atom`);
    // The rendered markdown passes axe (a named box, footnote links, the table).
    const { violations } = await axe(page).withTags(AXE_TAGS).include('article.news-item').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    expect(takeErrors()).toEqual([]);
    await context.close();
  }, 120_000);
});
