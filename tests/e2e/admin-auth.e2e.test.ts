// The admin area's sign-in: the login form on every admin route when signed out, 'Invalid
// Credentials' on a wrong password, the admin home's entries, sign-out; and the admin code kept
// out of the public pages.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../server/testing/testSite.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { ADMIN_ROUTES, signInAt } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

beforeAll(async () => {
  site = await startTestSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('signed out', () => {
  it('every admin route shows the login form and none of the page', async () => {
    const { page, context, takeErrors } = await openPage(browser);
    for (const route of ADMIN_ROUTES) {
      await page.goto(site.url + route);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await page.getByLabel('Username').isVisible(), route).toBe(true);
      expect(await page.getByLabel('Password').isVisible(), route).toBe(true);
      expect(await page.getByRole('button', { name: 'Sign out' }).count(), route).toBe(0);
      expect(await page.locator('.admin-section').count(), route).toBe(0);
      if (route !== '/admin')
        expect(await page.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/admin');
    }
    expect(takeErrors()).toEqual([]);
    await context.close();
  });

  it("a wrong password shows 'Invalid Credentials' and keeps the form", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(site.url + '/admin');
    await signInAt(page, site.url, 'not the password');
    await page.getByRole('alert').filter({ hasText: 'Invalid Credentials' }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe('admin');
    await context.close();
  });

  it("a server that cannot be reached shows 'Error during authentication'", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(site.url + '/admin');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.route('**/api/login.php*', (route) => route.abort('connectionrefused'));
    await signInAt(page, site.url, 'whatever');
    await page.getByRole('alert').filter({ hasText: 'Error during authentication' }).waitFor();
    await context.close();
  });
});

describe('signed in', () => {
  it('shows the expandable entries with their descriptions, each opening its page; sign-out returns to the form', async () => {
    const { page, context, takeErrors } = await openPage(browser);
    await page.goto(site.url + '/admin');
    await signInAt(page, site.url);
    const entries = page.locator('.admin-home-list details');
    expect(await entries.count()).toBe(ADMIN_ROUTES.length - 1);
    const titles = await page.locator('.admin-home-list summary').allTextContents();
    expect(titles.slice(0, 14)).toEqual([
      'Event cards',
      'PDF research papers',
      'News',
      'Banner',
      'Event pages',
      'Policy page',
      'About us',
      'Summer symposium dropdowns',
      'Educator resources',
      'Teacher spotlight',
      'Home page',
      'Footer',
      'State policies',
      'Markdown editor',
    ]);
    expect(titles.slice(14, 18)).toEqual(['Pages', 'Menus', 'Media library', 'Messages']);
    // Collapsed until opened; opened, the description and the link show.
    const news = entries.filter({ hasText: 'News' }).first();
    expect(await news.getByRole('link').isVisible()).toBe(false);
    await news.locator('summary').click();
    expect(await news.getByText('News items, newest first.').isVisible()).toBe(true);
    const hrefs = await page
      .locator('.admin-home-list a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(ADMIN_ROUTES.slice(1));
    // Keyboard: Enter on a summary opens it.
    const footer = page.locator('.admin-home-list summary', { hasText: 'Footer' });
    await footer.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Open Footer' }).click();
    await page.waitForURL('**/FooterAdminPage');
    await page.getByRole('heading', { level: 1, name: 'Footer' }).waitFor();
    await page.getByRole('link', { name: 'Go Back' }).click();
    await page.waitForURL('**/admin');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.goto(site.url + '/NewsAdminPage');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(takeErrors()).toEqual([]);
    await context.close();
  });
});

describe('light public pages', () => {
  it('the public pages never fetch the admin code or the markdown editor; the admin fetches the editor only where it edits', async () => {
    const { page, context } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    for (const path of ['/', '/news', '/events', '/about', '/research']) {
      await page.goto(site.url + path);
      await page.waitForLoadState('networkidle');
    }
    // The admin area is the admin app's chunk (web/src/AdminApp.tsx, with AdminRoutes in it).
    expect(scripts.filter((s) => /AdminApp|AdminRoutes|MdEditor|HelperEditor/.test(s))).toEqual([]);

    await page.goto(site.url + '/admin');
    await signInAt(page, site.url);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /AdminApp|AdminRoutes/.test(s))).toBe(true);
    expect(scripts.some((s) => s.includes('MdEditor'))).toBe(false);
    await page.goto(site.url + '/FooterAdminPage');
    await page.locator('.w-md-editor').first().waitFor();
    expect(scripts.some((s) => s.includes('MdEditor'))).toBe(true);
    await context.close();
  });
});
