// Accessibility of the admin (issue 11, point 7): axe-core (WCAG 2.0/2.1 A and AA, plus best
// practices, as the public site's suite) finds nothing on the sign-in page, on every admin page,
// with an item and the add form open, and with each dialog open (add/edit, history, conflict,
// sign in again), at 1280 and 390 px; every page starts with a skip link to its <main>, is no wider
// than the screen and logs no console error (pictures of each with CMS_SCREENSHOTS=1); and a
// keyboard alone adds and saves an item, with dialogs that keep and give back the focus.
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { axeViolations } from './support/axe.ts';
import { SECTION_TYPES } from '../../server/schema/pages/sections.ts';
import { keepScreenshot, openPage } from './support/browser.ts';
import {
  ADMIN_ROUTES,
  commitCount,
  lastCommit,
  openAdmin,
  openItem,
  watchNotices,
} from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

/** Waits until the page's reads have answered: a title, and nothing loading. */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.admin-loading, .admin [aria-busy="true"]'));
  await page.waitForLoadState('load');
  await page.waitForTimeout(150);
}

/** axe's findings, printed as found, so a run that stops early still tells what it saw. */
async function scan(page: Page, where: string): Promise<string[]> {
  const lines = await axeViolations(page, where);
  if (lines.length) console.log(lines.join('\n'));
  return lines;
}

/** The first Tab lands on the skip link, which takes the focus to the page's <main>. */
async function checkSkipLink(page: Page, where: string) {
  expect(await page.locator('main').count(), `${where}: one <main>`).toBe(1);
  await page.locator('body').focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.locator(':focus');
  expect(await skip.textContent(), where).toBe('Skip to main content');
  expect(await skip.isVisible(), `${where}: the skip link shows when focused`).toBe(true);
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.tagName), where).toBe('MAIN');
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

describe('axe-core on every admin page and dialog', () => {
  for (const width of [1280, 390]) {
    it(`finds no violation at ${width} px, and every page has a skip link to its main and fits the screen`, async () => {
      const { page, context, takeErrors } = await openPage(browser, { width });
      const found: string[] = [];
      /** Nothing wider than the screen; a picture for a person when asked for. */
      const fits = async (where: string, picture: string) => {
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        if (wide > width) found.push(`${where} @${width}: ${wide} px wide`);
        await keepScreenshot(page, `test-results/screens/admin-${picture}-${width}.png`, { fullPage: true });
      };
      await page.goto(`${site.url}/admin`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      found.push(...(await scan(page, `sign-in @${width}`)));
      await checkSkipLink(page, 'sign-in');
      await fits('sign-in', 'signin');
      await openAdmin(page, site, '/admin');
      for (const route of ADMIN_ROUTES) {
        await page.goto(site.url + route);
        await settle(page);
        found.push(...(await scan(page, `${route} @${width}`)));
        await checkSkipLink(page, route);
        await fits(route, route.replace(/^\//, '').replace(/\W+/g, '-') || 'home');
      }
      // The admin pages themselves log nothing (the conflict and sign-in-again steps below answer
      // 409 and 401 on purpose, which Chromium logs).
      expect(takeErrors()).toEqual([]);

      // An item open (the markdown editor's toolbar), then the add form.
      await page.goto(`${site.url}/NewsAdminPage`);
      await settle(page);
      const title = (await page.locator('li.admin-row .admin-row-title').first().textContent())!.trim();
      const item = await openItem(page, title);
      await item.locator('.w-md-editor-toolbar').first().waitFor();
      found.push(...(await scan(page, `news item open @${width}`)));
      await fits('news item open', 'news-item');
      await toolbarTargets(page, width, found);

      // History, and a version viewed in it.
      await item.getByRole('button', { name: 'History' }).click();
      const history = dialog(page, `History of ${title}`);
      await history
        .getByRole('button', { name: /^View the version/ })
        .first()
        .waitFor();
      found.push(...(await scan(page, `history dialog @${width}`)));
      await history
        .getByRole('button', { name: /^View the version/ })
        .first()
        .click();
      await history.getByRole('button', { name: 'Back to the list' }).waitFor();
      found.push(...(await scan(page, `history version @${width}`)));
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Back to the list' }).click();
      await page.getByRole('button', { name: 'Add a news item' }).click();
      await page.locator('.admin-add .w-md-editor-toolbar').first().waitFor();
      found.push(...(await scan(page, `news add form @${width}`)));
      // A picture field's library picker (its own pictures only).
      await page
        .locator('.admin-add')
        .getByRole('button', { name: 'Choose from the library (Picture)' })
        .click();
      const picker = dialog(page, 'Choose a picture from the library');
      await picker.getByText(/^Showing|^The library has no pictures yet\./).waitFor();
      found.push(...(await scan(page, `picture field's library picker @${width}`)));
      await fits('picture picker', 'picture-picker');
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'hidden' });

      // A page's add form with a section of every kind, its preview beside it (issue 34).
      await page.goto(`${site.url}/PagesAdminPage`);
      await settle(page);
      await page.getByRole('button', { name: 'Add a page' }).click();
      const kinds = page.getByRole('group', { name: 'Which kind of section to add' });
      for (const kind of Object.values(SECTION_TYPES)) {
        await page.getByRole('button', { name: 'Add a section' }).click();
        await kinds.getByRole('button', { name: kind.label, exact: true }).click();
      }
      await page.locator('.admin-add .w-md-editor-toolbar').first().waitFor();
      found.push(...(await scan(page, `page add form with every kind of section @${width}`)));
      await fits('page add form', 'page-add');

      // The add and edit dialogs of profiles.
      await page.goto(`${site.url}/AboutUsAdminPage`);
      await settle(page);
      await page.getByRole('button', { name: 'Add a profile' }).click();
      await dialog(page, 'Add a profile').getByLabel('Name').waitFor();
      found.push(...(await scan(page, `add dialog @${width}`)));
      await page.keyboard.press('Escape');
      const profile = (await page.locator('li.admin-row .admin-row-title').first().textContent())!.trim();
      await page.locator('li.admin-row').first().getByRole('link').first().click();
      await dialog(page, `Edit ${profile}`).locator('form').waitFor();
      found.push(...(await scan(page, `edit dialog @${width}`)));
      await page.keyboard.press('Escape');

      // Someone else's save meanwhile: the conflict dialog.
      await page.goto(`${site.url}/BannerAdminPage`);
      await settle(page);
      const form = page.locator('form').filter({ hasText: 'Data dashboard address' });
      const box = form.getByRole('textbox', { name: 'Data dashboard address' });
      await box.waitFor();
      await site.api('/api/globals.php', {
        method: 'PUT',
        json: { dashboard_url: `https://dashboard.example.org/theirs-${width}` },
      });
      await box.fill(`https://dashboard.example.org/mine-${width}`);
      await form.getByRole('button', { name: 'Update' }).click();
      await dialog(page, 'Someone else changed this while you were editing').waitFor();
      found.push(...(await scan(page, `conflict dialog @${width}`)));
      await page.keyboard.press('Escape');

      // The session ends while editing: the sign-in dialog.
      await context.clearCookies();
      await box.fill(`https://dashboard.example.org/again-${width}`);
      await form.getByRole('button', { name: 'Update' }).click();
      await dialog(page, 'Please sign in again').waitFor();
      found.push(...(await scan(page, `sign in again dialog @${width}`)));

      expect(found).toEqual([]);
      await context.close();
    }, 400_000);
  }
});

/** On a phone, every button of the editor's toolbar is at least 24 × 24 px (WCAG 2.2 target size). */
async function toolbarTargets(page: Page, width: number, found: string[]) {
  const sizes = await page.locator('.w-md-editor-toolbar button').evaluateAll((els) =>
    els
      .filter((b) => (b as HTMLElement).offsetParent)
      .map((b) => {
        const r = b.getBoundingClientRect();
        return { name: b.getAttribute('aria-label') ?? b.textContent ?? '', w: r.width, h: r.height };
      }),
  );
  expect(sizes.length).toBeGreaterThan(5);
  for (const s of sizes.filter((x) => x.w < 24 || x.h < 24)) {
    found.push(`toolbar @${width}: “${s.name}” is ${s.w.toFixed(0)} × ${s.h.toFixed(0)} px`);
  }
}

/** Tabs forward until the focus is on an element matching the locator (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const there = target.evaluate((el) => el === document.activeElement, undefined, { timeout: 1000 });
    if (await there.catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

describe('the keyboard alone', () => {
  it('adds and saves a news item, in the order the page reads', async () => {
    const { page, context } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/NewsAdminPage');
    await page.reload(); // from the top of a fresh page, as someone arriving
    await settle(page);
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    const add = page.getByRole('button', { name: 'Add a news item' });
    await tabTo(page, add, 10);
    await page.keyboard.press('Enter');
    const form = page.locator('.admin-add form');
    const titleBox = form.getByRole('textbox', { name: 'Title' });
    await titleBox.waitFor();
    await tabTo(page, titleBox, 10);
    await page.keyboard.type('Typed with the keyboard only');
    await tabTo(page, form.getByRole('textbox', { name: 'What' }), 40);
    await page.keyboard.type('Every field reached with Tab.');
    await tabTo(page, form.getByLabel('Date'), 10);
    await page.keyboard.type('11032026');
    const noticed = await watchNotices(page);
    const before = commitCount(site);
    await tabTo(page, form.getByRole('button', { name: 'Submit' }), 25);
    await page.keyboard.press('Enter');
    await noticed(page, /Submitted|success/i);
    await expect.poll(() => commitCount(site)).toBe(before + 1);
    expect(lastCommit(site).subject).toMatch(/^news: create \d+ "Typed with the keyboard only"$/);
    const saved = (await (await site.api('/api/news.php')).json()) as Record<string, string>[];
    expect(saved.find((n) => n.title === 'Typed with the keyboard only')).toMatchObject({
      what: 'Every field reached with Tab.',
      when_date: '2026-11-03',
    });
    await context.close();
  }, 180_000);

  it('keeps the focus inside a dialog, closes it with Escape and gives the focus back', async () => {
    const { page, context } = await openPage(browser, { width: 390 });
    await openAdmin(page, site, '/NewsAdminPage');
    await settle(page);
    const title = (await page.locator('li.admin-row .admin-row-title').first().textContent())!.trim();
    const item = await openItem(page, title);
    const opener = item.getByRole('button', { name: 'History' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const history = dialog(page, `History of ${title}`);
    await history
      .getByRole('button', { name: /^View the version/ })
      .first()
      .waitFor();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const inside = await history.evaluate((d) => d.contains(document.activeElement));
      expect(inside, `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
