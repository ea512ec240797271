// Accessibility: axe-core (WCAG 2.0/2.1 A and AA, plus best practices) finds nothing on any public
// route at 1280 and 390 px, nor with the narrow menu, the contact popup or a spotlight dialog open.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';
import { startTestSite, type TestSite } from './support/server.ts';
import { AXE_TAGS, axe } from './support/axe.ts';

let site: TestSite;
let browser: Browser;
type Rec = Record<string, string>;

const STATIC_ROUTES = [
  '/',
  '/about',
  '/educators',
  '/summerOfCS',
  '/winterOfCS',
  '/winterofcs',
  '/researchAndPolicy',
  '/news',
  '/events',
  '/spotlight',
  '/research',
  '/TableauDashboardEmbed',
  '/ECS_Huddle',
  '/EventPage1',
  '/EventPage2',
  '/EventPage3',
  '/no-such-page',
];

beforeAll(async () => {
  site = await startTestSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.cleanup();
});

/** The routes of site-routes.e2e plus every visible event page, whatever its address. */
async function routes(): Promise<string[]> {
  const events = (await (await fetch(`${site.url}/api/majorevents.php`)).json()) as Rec[];
  const pages = events.filter((e) => e.hidden === '0' && e.page_url).map((e) => e.page_url!);
  return [...new Set([...STATIC_ROUTES, ...pages])];
}

/** Waits until the page's reads have answered: a heading, and no loading line left. */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main .loading'));
  await page.waitForLoadState('load');
  await page.waitForTimeout(200);
}

/** One line per violation: rule, what it asks, and the nodes it found. */
async function scan(page: Page, where: string): Promise<string[]> {
  const { violations } = await axe(page).withTags(AXE_TAGS).analyze();
  return violations.map((v) => {
    const nodes = v.nodes.map((n) => n.target.join(' ')).join('\n    ');
    return `${where}: ${v.id} (${v.impact}) — ${v.help}\n    ${nodes}`;
  });
}

const count = (lines: string[]) => lines.length;

describe('axe-core on every public route', () => {
  for (const width of [1280, 390]) {
    it(`finds no violation at ${width} px`, async () => {
      const w = await openPage(browser, { width });
      const found: string[] = [];
      const perRoute: Record<string, number> = {};
      for (const route of await routes()) {
        await w.page.goto(site.url + route);
        await settle(w.page);
        const lines = await scan(w.page, `${route} @${width}`);
        perRoute[route] = count(lines);
        found.push(...lines);
      }
      console.log(`axe at ${width} px, violations per route:`, perRoute);
      if (found.length) console.log(found.join('\n'));
      expect(found).toEqual([]);
      await w.context.close();
    });
  }

  it('finds no violation with the narrow menu, the contact popup or a spotlight dialog open', async () => {
    const found: string[] = [];
    const narrow = await openPage(browser, { width: 390 });
    const { page } = narrow;
    await page.goto(`${site.url}/`);
    await settle(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('.nav-list-narrow:not([hidden])').waitFor();
    found.push(...(await scan(page, '/ menu open @390')));

    await page.getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await dialog.waitFor();
    found.push(...(await scan(page, '/ contact popup @390')));
    // With the field messages showing.
    await dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.locator('[aria-invalid="true"]').first().waitFor();
    found.push(...(await scan(page, '/ contact popup with errors @390')));
    await narrow.context.close();

    const wide = await openPage(browser, { width: 1280 });
    await wide.page.goto(`${site.url}/about`);
    await settle(wide.page);
    await wide.page.getByRole('button', { name: 'Contact Us' }).click();
    await wide.page.getByRole('dialog', { name: 'Contact Us' }).waitFor();
    found.push(...(await scan(wide.page, '/about contact popup @1280')));
    await wide.page.keyboard.press('Escape');
    await wide.page
      .locator('.carousel-slide.is-visible')
      .getByRole('button', { name: /Read more/ })
      .click();
    await wide.page.locator('dialog.spotlight-dialog[open]').waitFor();
    found.push(...(await scan(wide.page, '/about spotlight dialog @1280')));
    await wide.context.close();

    if (found.length) console.log(found.join('\n'));
    expect(found).toEqual([]);
  });
});
