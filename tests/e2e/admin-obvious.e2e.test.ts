// Issue 23 in a real browser: the banner's switch says what it does and works from the keyboard,
// live on an open public page; the colour button of a markdown field gives coloured text on the
// site; success notices wait for the reader. axe finds nothing on the changed screens at 1280 and
// 390 px.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { openPage } from './support/browser.ts';
import { axeViolationsAtWidths } from './support/axe.ts';
import { openAddForm, openAdmin, openItem, row } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

const settings = async () =>
  (await (await site.api('/api/globals.php')).json()) as { show_banner: string; banner_to_show: string };
const announcement = (page: Page) => page.getByRole('complementary', { name: 'Announcement' });

describe('the banner switch', () => {
  it('turns the banner off on an open public page, and on again brings back the same one', async () => {
    const banners = (await (await site.api('/api/get_headder.php')).json()) as {
      id: string;
      banner_text: string;
    }[];
    const before = await settings();
    expect(before.show_banner).toBe('1');
    const shown = banners.find((b) => b.id === before.banner_to_show)!;
    const other = banners.find((b) => b.id !== before.banner_to_show)!;

    const pub = await openPage(browser);
    await pub.page.goto(site.url + '/');
    await announcement(pub.page).getByText(shown.banner_text).waitFor();
    await pub.page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));

    const { page, context } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/BannerAdminPage');
    const toggle = page.getByRole('switch', { name: 'Banner on the site' });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    // It says which banner visitors see.
    await page.locator('.admin-banner-now').getByText(`Visitors see: ${shown.banner_text}`).waitFor();
    expect(await axeViolationsAtWidths(page, 'banner page')).toEqual([]);

    // Off, from the keyboard: the open public page loses the banner without a reload.
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.getByRole('status').getByText('The banner is off the site.').waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await page
      .getByText(`Visitors see no banner. Switched on, the site shows: ${shown.banner_text}`)
      .waitFor();
    await announcement(pub.page).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await settings()).toMatchObject({ show_banner: '0', banner_to_show: shown.id });
    expect(await axeViolationsAtWidths(page, 'banner page, switched off')).toEqual([]);

    // On again: the same banner is back.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('switch');
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await announcement(pub.page).getByText(shown.banner_text).waitFor({ timeout: 10_000 });
    expect(await settings()).toMatchObject({ show_banner: '1', banner_to_show: shown.id });

    // Each banner's button says where it stands; another one is shown instead in one press.
    const current = await openItem(page, shown.banner_text);
    const showing = current.getByRole('button', { name: 'Showing on the site' });
    expect(await showing.getAttribute('aria-disabled')).toBe('true');
    const item = await openItem(page, other.banner_text);
    await item.getByRole('button', { name: 'Show this one instead' }).click();
    await item.getByRole('button', { name: 'Showing on the site' }).waitFor();
    await announcement(pub.page).getByText(other.banner_text).waitFor({ timeout: 10_000 });
    expect(await axeViolationsAtWidths(page, 'opened banner')).toEqual([]);
    expect(await pub.page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
    expect(pub.takeErrors()).toEqual([]);
    await pub.context.close();
    await context.close();
  });
});

describe('formatting without HTML', () => {
  it('the colour menu of the news form gives coloured text on /news, shown so in the preview', async () => {
    const { page, context } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/NewsAdminPage');
    const form = await openAddForm(page, 'Add a news item');
    await form.getByRole('textbox', { name: 'Title' }).fill('Colourful grants');
    await form.locator('.w-md-editor').waitFor();
    const what = form.getByRole('textbox', { name: 'What' });
    await what.fill('Grants for green classrooms.');
    await what.evaluate((box: HTMLTextAreaElement) => {
      const start = box.value.indexOf('green classrooms');
      box.setSelectionRange(start, start + 'green classrooms'.length);
    });
    // The menu from the keyboard: its button says it is open, Escape closes it, a choice applies.
    const menu = form.getByRole('button', { name: 'Text colour' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolationsAtWidths(page, 'news form, colour menu open')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab'); // Red, Blue, Green text
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Green text');
    await page.keyboard.press('Enter');
    expect(await what.inputValue()).toBe('Grants for <span style="color: #007A00">green classrooms</span>.');
    // The preview shows the result, not the span.
    const preview = form.getByRole('region', { name: 'Preview of What' });
    const inPreview = preview.locator('span', { hasText: 'green classrooms' });
    expect(await inPreview.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(0, 122, 0)');
    expect(await preview.textContent()).not.toContain('<span');

    await form.getByRole('button', { name: 'Submit' }).click();
    await row(page, 'Colourful grants').waitFor();
    const pub = await openPage(browser);
    await pub.page.goto(site.url + '/news');
    const words = pub.page.locator('span', { hasText: 'green classrooms' }).first();
    await words.waitFor();
    expect(await words.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(0, 122, 0)');
    expect(await pub.page.getByText('<span', { exact: false }).count()).toBe(0);
    await pub.context.close();
    await context.close();
  });
});
