// Navigation at 1280 px (dropdowns, by pointer and keyboard) and at 800 px (flattened menu behind
// a hamburger), the skip link, the banner, and the contact popup's validation, success and failure.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, keepScreenshot } from './support/browser.ts';
import { startTestSite, type TestSite } from './support/server.ts';

let site: TestSite;
let browser: Browser;
type Rec = Record<string, string>;

beforeAll(async () => {
  site = await startTestSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.cleanup();
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** Marks the document so a later check can tell whether the page was reloaded. */
const mark = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __mark: number }).__mark = 1;
  });
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);

describe('navigation at 1280 px', () => {
  it('shows every item and the two dropdowns, usable by pointer', async () => {
    const w = await openPage(browser, { width: 1280 });
    const { page } = w;
    await page.goto(site.url + '/');
    for (const name of ['HOME', 'ABOUT US', 'RESOURCES FOR K-12 EDUCATORS', 'NEWS']) {
      await expect(nav(page).getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true);
    }
    const dashboard = nav(page).getByRole('link', { name: /DATA DASHBOARD/ });
    expect(await dashboard.getAttribute('target')).toBe('_blank');
    expect(await dashboard.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await nav(page).getByRole('button', { name: 'Contact Us' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0);

    // EVENTS lists one link per visible event page, labelled with its header, to its page URL.
    const events = (await (await fetch(`${site.url}/api/majorevents.php`)).json()) as Rec[];
    const visible = events.filter((e) => e.hidden === '0').sort((a, b) => Number(a.id) - Number(b.id));
    const eventsButton = nav(page).getByRole('button', { name: 'EVENTS', exact: true });
    await eventsButton.click();
    expect(await eventsButton.getAttribute('aria-expanded')).toBe('true');
    await keepScreenshot(page, 'test-results/screens/events-dropdown-1280.png');
    const items = nav(page).locator('.nav-dropdown.is-open .nav-dropdown-link');
    expect(await items.allTextContents()).toEqual(visible.map((e) => e.header));
    expect(await items.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
      visible.map((e) => e.page_url || '/'),
    );

    // Following a dropdown link navigates inside the app, without a reload.
    await mark(page);
    const summer = visible.find((e) => e.page_url === '/summerOfCS')!;
    await items.filter({ hasText: summer.header }).click();
    await page.waitForURL('**/summerOfCS');
    await page.getByRole('heading', { level: 1, name: summer.header }).waitFor();
    expect(await stillSameDocument(page)).toBe(true);

    const rp = nav(page).getByRole('button', { name: 'RESEARCH & POLICY' });
    await rp.click();
    await nav(page).getByRole('link', { name: 'POLICY', exact: true }).click();
    await page.waitForURL('**/researchAndPolicy');
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });

  it('opens, walks and closes a dropdown with the keyboard', async () => {
    const w = await openPage(browser, { width: 1280 });
    const { page } = w;
    await page.goto(site.url + '/about');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    const rp = nav(page).getByRole('button', { name: 'RESEARCH & POLICY' });
    await rp.focus();
    await page.keyboard.press('Enter');
    expect(await rp.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('RESEARCH');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('POLICY');
    await page.keyboard.press('Escape');
    expect(await rp.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('RESEARCH & POLICY');
    // ArrowDown on the closed button opens it and lands on the first link; Enter follows it.
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent === 'RESEARCH');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/research');
    await page.getByRole('heading', { level: 1, name: 'Research' }).waitFor();
    // Tabbing out of an open dropdown closes it.
    await rp.focus();
    await page.keyboard.press('Space');
    expect(await rp.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await rp.getAttribute('aria-expanded')).toBe('false');
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });

  it('starts with a skip link that moves to the main content', async () => {
    const w = await openPage(browser, { width: 1280 });
    const { page } = w;
    await page.goto(site.url + '/news');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await w.context.close();
  });

  it('shows the selected banner with its link', async () => {
    const w = await openPage(browser, { width: 1280 });
    const { page } = w;
    const settings = (await (await fetch(`${site.url}/api/globals.php`)).json()) as Rec;
    const banners = (await (await fetch(`${site.url}/api/get_headder.php`)).json()) as Rec[];
    const banner = banners.find((b) => b.id === settings.banner_to_show)!;
    await page.goto(site.url + '/');
    const region = page.getByRole('complementary', { name: 'Announcement' });
    await region.getByText(banner.banner_text!).waitFor();
    expect(await region.getByRole('link', { name: banner.banner_link_text }).getAttribute('href')).toBe(
      banner.banner_link,
    );
    await w.context.close();
  });
});

describe('navigation at 800 px', () => {
  it('flattens the dropdowns into RESEARCH, POLICY, NEWS & EVENTS behind a hamburger', async () => {
    const w = await openPage(browser, { width: 800 });
    const { page } = w;
    await page.goto(site.url + '/');
    const burger = page.getByRole('button', { name: 'Menu' });
    await burger.waitFor();
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await nav(page).getByRole('link', { name: 'HOME', exact: true }).isVisible()).toBe(false);
    await burger.click();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await keepScreenshot(page, 'test-results/screens/menu-open-800.png');
    const labels = await nav(page).locator('.nav-list > li > .nav-link').allTextContents();
    expect(labels.map((l) => l.replace(' (opens in a new tab)', ''))).toEqual([
      'HOME',
      'ABOUT US',
      'RESOURCES FOR K-12 EDUCATORS',
      'DATA DASHBOARD',
      'RESEARCH',
      'POLICY',
      'NEWS & EVENTS',
      'Contact Us',
    ]);
    expect(await nav(page).locator('.nav-dropdown').count()).toBe(0);
    await nav(page).getByRole('link', { name: 'NEWS & EVENTS' }).click();
    await page.waitForURL('**/events');
    // The menu closes after the navigation.
    await page.locator('.hamburger[aria-expanded="false"]').waitFor();
    // Growing past 950 px brings the dropdowns back.
    await page.setViewportSize({ width: 1100, height: 900 });
    await nav(page).getByRole('button', { name: 'EVENTS', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0);
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });
});

describe('navigation at 390 px', () => {
  it('closes the menu on Escape, back to its button; the contact popup keeps its own Escape', async () => {
    const w = await openPage(browser, { width: 390 });
    const { page } = w;
    await page.goto(site.url + '/');
    const burger = page.getByRole('button', { name: 'Menu' });
    await burger.click();
    await nav(page).getByRole('link', { name: 'ABOUT US' }).focus();
    await page.keyboard.press('Escape');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await nav(page).getByRole('link', { name: 'ABOUT US' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('hamburger'))).toBe(true);

    // Open again (keyboard), then open the contact popup from the menu: Escape closes the popup only.
    await page.keyboard.press('Enter');
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await nav(page).getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Contact Us');
    await page.keyboard.press('Escape');
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('hamburger'))).toBe(true);
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });
});

const NOT_AN_ADDRESS = 'Please enter an email address we can answer, such as name@example.org';

describe('contact popup', () => {
  const open = async (page: Page) => {
    await nav(page).getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await dialog.waitFor();
    return dialog;
  };

  it('requires every field but the employer, and closes by Escape, overlay and close button', async () => {
    const w = await openPage(browser, { width: 1280 });
    const { page } = w;
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().includes('handle_form.php')) posts++;
    });
    await page.goto(site.url + '/');
    let dialog = await open(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    for (const label of [
      'Name',
      'Title',
      'Employer/Affiliation/Organization (optional)',
      'Email',
      'How can we help you?',
    ]) {
      await dialog.getByLabel(label, { exact: true }).waitFor();
    }
    await dialog.getByLabel('Name', { exact: true }).fill('Ada');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Please fill all fields').waitFor();
    expect(posts).toBe(0);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Contact Us');

    dialog = await open(page);
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Ada');
    await page.mouse.click(5, 5); // the overlay
    await dialog.waitFor({ state: 'hidden' });

    dialog = await open(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(posts).toBe(0);
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });

  it('refuses an email that is not an address, beside the field, in the form and on the server', async () => {
    const w = await openPage(browser, { width: 390 });
    const { page } = w;
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().includes('handle_form.php')) posts++;
    });
    await page.goto(site.url + '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const dialog = await open(page);
    await dialog.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await dialog.getByLabel('Title', { exact: true }).fill('Teacher');
    const email = dialog.getByLabel('Email', { exact: true });
    await email.fill('not-an-email');
    await dialog.getByLabel('How can we help you?').fill('Do you run workshops in Bend?');
    await dialog.getByRole('button', { name: 'Send' }).click();

    // The form's own check: a plain message beside the field, focus on it, nothing sent.
    const explains = async () =>
      page.evaluate(() => {
        const input = document.activeElement as HTMLInputElement;
        const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
        return {
          name: input.name,
          invalid: input.getAttribute('aria-invalid'),
          described: ids.map((id) => document.getElementById(id)?.textContent).join(' '),
        };
      });
    await dialog.getByText(NOT_AN_ADDRESS).waitFor();
    expect(await explains()).toEqual({ name: 'email', invalid: 'true', described: NOT_AN_ADDRESS });
    expect(await dialog.getByText('Please fill all fields').count()).toBe(0);
    await keepScreenshot(page, 'test-results/screens/contact-email-error-390.png');
    expect(posts).toBe(0);

    // The server's check, met by a request that got past the form: its 400 shows beside the field.
    await email.fill('ada@example.org');
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    await page.route('**/api/handle_form.php*', (route) =>
      route.continue({
        postData: JSON.stringify({ ...route.request().postDataJSON(), email: 'ada at example' }),
      }),
    );
    const answer = page.waitForResponse((r) => r.url().includes('handle_form.php'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    const res = await answer;
    expect(res.status()).toBe(400);
    expect((await res.json()).fields).toEqual({ email: NOT_AN_ADDRESS });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    expect((await explains()).described).toBe(NOT_AN_ADDRESS);
    expect(await dialog.getByText('Form submitted successfully!').count()).toBe(0);
    w.takeErrors(); // the browser's console line for the 400
    await w.context.close();
  });

  it('keeps the input and says so when sending fails, and confirms only a kept message', async () => {
    const w = await openPage(browser, { width: 390 });
    const { page } = w;
    await page.goto(site.url + '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const dialog = await open(page);
    await dialog.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await dialog.getByLabel('Title', { exact: true }).fill('Teacher');
    await dialog.getByLabel('Email', { exact: true }).fill('ada@example.org');
    await dialog.getByLabel('How can we help you?').fill('Do you run workshops in Bend?');
    await keepScreenshot(page, 'test-results/screens/contact-popup-390.png');

    await page.route('**/api/handle_form.php*', (route) => route.abort('connectionrefused'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(/could not be sent/).waitFor();
    expect(await dialog.getByText('Form submitted successfully!').count()).toBe(0);
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Ada Lovelace');
    w.takeErrors(); // the refused request's own console line

    await page.unroute('**/api/handle_form.php*');
    const answer = page.waitForResponse((r) => r.url().includes('handle_form.php'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(res.request().postDataJSON()).toEqual({
      name: 'Ada Lovelace',
      title: 'Teacher',
      employer: '',
      email: 'ada@example.org',
      contact: 'Do you run workshops in Bend?',
    });
    await dialog.getByText('Form submitted successfully!').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });
});
