// Every public route, once per width (1280 and 390 px): it shows its starter content, logs no console
// error, and axe-core (WCAG 2.0/2.1 A and AA, plus best practices) finds nothing on it; nor with the
// narrow menu, the contact popup or a spotlight dialog open. One page load per route and width makes
// all three checks. With CMS_SCREENSHOTS=1 each screen is kept under test-results/screens/.
import { mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshotPath, keepScreenshot } from './support/browser.ts';
import { startTestSite, type TestSite } from './support/server.ts';
import { axeViolations } from './support/axe.ts';
import { FIXED_PAGES } from '../../server/schema/sitePaths.ts';
import { SAMPLE_PAGE_PATH, samplePageFile } from '../../server/testing/samplePage.ts';

let site: TestSite;
let browser: Browser;

const api = async <T>(endpoint: string): Promise<T> => {
  const res = await fetch(`${site.url}/api/${endpoint}${endpoint.includes('?') ? '&' : '?'}media=url`);
  return (await res.json()) as T;
};
type Rec = Record<string, string>;
const plain = (md: string) =>
  md
    .replace(/<[^>]+>/g, '')
    .replace(/[*_#`>[\]]/g, '')
    .split('\n')
    .find((l) => l.trim())!
    .trim()
    .slice(0, 40);

/** What each route must show, read from the starter content through the API. */
async function expectations(): Promise<Record<string, string[]>> {
  const home = await api<Rec>('homepage.php');
  const events = await api<Rec[]>('majorevents.php');
  const cards = await api<Rec[]>('events.php');
  const byUrl = (u: string) =>
    events.find((e) => (e.page_url ?? '').toLowerCase() === u.toLowerCase() && e.hidden === '0')!;
  const profiles = await api<Rec[]>('about_us.php');
  const about = await api<Rec>('about_us_our_mission.php');
  const resources = await api<Rec[]>('resources.php');
  const educator = await api<Rec>('resources_text.php');
  const dropdowns = await api<Rec[]>('event_dropdowns.php');
  const policies = await api<Rec[]>('state_policies.php');
  const news = await api<Rec[]>('news.php');
  const spot = await api<Rec[]>('get_data.php');
  const papers = await api<Rec[]>('get_pdf_metadata.php');
  const winter = byUrl('/winterofcs');
  const summer = byUrl('/summerOfCS');
  return {
    '/': [plain(home.banner_text!), plain(home.heading!), home.quoteAttribution!],
    '/about': ['About Us', profiles[0]!.name!, plain(about.our_mission!), 'Website Developers'],
    '/educators': [
      'Resources for K-12 Educators',
      plain(educator.proDevAbove!),
      resources[0]!.resource_name!,
    ],
    '/summerOfCS': [summer.header!, dropdowns[0]!.title!, 'Workshop Schedule'],
    '/winterOfCS': [winter.header!, winter.location!],
    '/winterofcs': [winter.header!],
    '/researchAndPolicy': [policies[0]!.title!, 'Implemented'],
    '/news': ['News and Features', news[0]!.title!],
    '/events': ['Events', cards.find((c) => c.display_event === '2')!.title!],
    '/spotlight': ['Spotlight', spot[0]!.title!],
    '/research': ['Research', papers[0]!.study_title!.slice(0, 30)],
    '/TableauDashboardEmbed': ['Data Dashboard'],
    '/ECS_Huddle': events.some((e) => e.page_url === '/ECS_Huddle' && e.hidden === '0')
      ? []
      : ['Page not found'],
    '/no-such-page': ['Page not found'],
    // A page staff built from every kind of section (issue 34).
    [SAMPLE_PAGE_PATH]: ['Summer of CS camp', 'Who it is for', 'What you will do', 'Coaches', 'Play video'],
  };
}

/** Every fixed page of the site, and old addresses and event pages that may or may not exist. */
const STATIC_ROUTES = [
  ...FIXED_PAGES,
  '/winterOfCS',
  '/winterofcs',
  '/ECS_Huddle',
  '/EventPage1',
  '/EventPage2',
  '/EventPage3',
  '/no-such-page',
];

/** Waits until the page's reads have answered: a heading, and no loading line left. */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main .loading'));
  await page.waitForLoadState('load');
  await page.waitForTimeout(200);
}

/** Every route above with what it must show, plus every visible event page, whatever its address. */
async function routes(): Promise<[string, string[]][]> {
  const expected = await expectations();
  const events = await api<Rec[]>('majorevents.php');
  const pages = events.filter((e) => e.hidden === '0' && e.page_url).map((e) => e.page_url!);
  const all = [...new Set([...Object.keys(expected), ...STATIC_ROUTES, ...pages])];
  return all.map((route) => [route, expected[route] ?? []]);
}

beforeAll(async () => {
  mkdirSync('test-results/screens', { recursive: true });
  site = await startTestSite();
  // The page staff built, as a hand edit: the server's watcher takes it in.
  const file = site.contentFile('pages/1.md');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, samplePageFile());
  for (let i = 0; (await fetch(site.url + SAMPLE_PAGE_PATH)).status !== 200; i++) {
    if (i > 100) throw new Error(`${SAMPLE_PAGE_PATH} never appeared`);
    await new Promise((r) => setTimeout(r, 100));
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.cleanup();
});

describe('every public route', () => {
  for (const width of [1280, 390]) {
    it(`shows its starter content at ${width} px, without console errors or axe violations`, async () => {
      const w = await openPage(browser, { width });
      const failures: string[] = [];
      const perRoute: Record<string, number> = {};
      for (const [route, texts] of await routes()) {
        const at = `${route} @${width}`;
        await w.page.goto(site.url + route);
        for (const text of texts) {
          try {
            await w.page
              .getByText(text, { exact: false })
              .first()
              .waitFor({ state: 'attached', timeout: 10_000 });
          } catch {
            failures.push(`${at}: missing "${text}"`);
          }
        }
        // Images and late requests settle before the picture, the error check and the scan.
        await settle(w.page);
        await keepScreenshot(w.page, screenshotPath(route, width), { fullPage: true });
        // The dashboard's external embed script cannot load here (closed network): the page shows a
        // link. A page that is not found answers 404, which Chromium reports as a failed load.
        const notFound = (await w.page.locator('h1', { hasText: 'Page not found' }).count()) > 0;
        const own404 = `status of 404 (Not Found) @ ${site.url}${route}`;
        const errors = w
          .takeErrors()
          .filter((e) => !(route === '/TableauDashboardEmbed' && /public\.tableau\.com|ERR_/.test(e)))
          .filter((e) => !(notFound && e.endsWith(own404)));
        if (errors.length) failures.push(`${at}: console errors: ${errors.join(' | ')}`);
        const violations = await axeViolations(w.page, at);
        perRoute[route] = violations.length;
        failures.push(...violations);
      }
      console.log(`axe at ${width} px, violations per route:`, perRoute);
      if (failures.length) console.log(failures.join('\n'));
      expect(failures).toEqual([]);
      await w.context.close();
    });
  }

  it('shows the summer page heading and its event cards only for a matching event', async () => {
    const w = await openPage(browser);
    await w.page.goto(`${site.url}/summerOfCS`);
    const cards = await api<Rec[]>('events.php');
    const summer = (await api<Rec[]>('majorevents.php')).find((e) => e.page_url === '/summerOfCS')!;
    const mine = cards.filter(
      (c) => ['1', '2'].includes(c.display_event!) && c.major_event_associated === summer.header,
    );
    await w.page.getByRole('heading', { level: 1, name: summer.header }).waitFor();
    if (mine.length) await w.page.getByRole('heading', { name: mine[0]!.title }).waitFor();
    const shown = await w.page.locator('.event-card-title').allTextContents();
    expect(shown.sort()).toEqual(mine.map((c) => c.title).sort());
    await w.context.close();
  });

  it('finds no violation with the narrow menu, the contact popup or a spotlight dialog open', async () => {
    const found: string[] = [];
    const narrow = await openPage(browser, { width: 390 });
    const { page } = narrow;
    await page.goto(`${site.url}/`);
    await settle(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('.nav-list-narrow:not([hidden])').waitFor();
    found.push(...(await axeViolations(page, '/ menu open @390')));

    await page.getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await dialog.waitFor();
    found.push(...(await axeViolations(page, '/ contact popup @390')));
    // With the field messages showing.
    await dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.locator('[aria-invalid="true"]').first().waitFor();
    found.push(...(await axeViolations(page, '/ contact popup with errors @390')));
    await narrow.context.close();

    const wide = await openPage(browser, { width: 1280 });
    await wide.page.goto(`${site.url}/about`);
    await settle(wide.page);
    await wide.page.getByRole('button', { name: 'Contact Us' }).click();
    await wide.page.getByRole('dialog', { name: 'Contact Us' }).waitFor();
    found.push(...(await axeViolations(wide.page, '/about contact popup @1280')));
    await wide.page.keyboard.press('Escape');
    await wide.page
      .locator('.carousel-slide.is-visible')
      .getByRole('button', { name: /Read more/ })
      .click();
    await wide.page.locator('dialog.spotlight-dialog[open]').waitFor();
    found.push(...(await axeViolations(wide.page, '/about spotlight dialog @1280')));
    await wide.context.close();

    if (found.length) console.log(found.join('\n'));
    expect(found).toEqual([]);
  });
});
