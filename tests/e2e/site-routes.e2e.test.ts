// Every public route shows its starter content, at 1280 px and 390 px, without console errors;
// each screen is saved under test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshotPath, keepScreenshot } from './support/browser.ts';
import { startTestSite, type TestSite } from './support/server.ts';

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
  };
}

beforeAll(async () => {
  mkdirSync('test-results/screens', { recursive: true });
  site = await startTestSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.cleanup();
});

describe('public routes', () => {
  it('show their starter content at 1280 and 390 px without console errors', async () => {
    const expected = await expectations();
    const failures: string[] = [];
    for (const width of [1280, 390]) {
      const w = await openPage(browser, { width });
      for (const [route, texts] of Object.entries(expected)) {
        await w.page.goto(site.url + route);
        for (const text of texts) {
          try {
            await w.page
              .getByText(text, { exact: false })
              .first()
              .waitFor({ state: 'attached', timeout: 10_000 });
          } catch {
            failures.push(`${route} @${width}: missing "${text}"`);
          }
        }
        // Let images and late requests settle before the screenshot and the error check.
        await w.page.waitForLoadState('load');
        await w.page.waitForTimeout(300);
        await keepScreenshot(w.page, screenshotPath(route, width), { fullPage: true });
        // The dashboard's external embed script cannot load here (closed network): the page shows a link.
        // A page that is not found answers 404, which Chromium reports as a failed load of the page.
        const own404 = `status of 404 (Not Found) @ ${site.url}${route}`;
        const errors = w
          .takeErrors()
          .filter((e) => !(route === '/TableauDashboardEmbed' && /public\.tableau\.com|ERR_/.test(e)))
          .filter((e) => !(texts.includes('Page not found') && e.endsWith(own404)));
        if (errors.length) failures.push(`${route} @${width}: console errors: ${errors.join(' | ')}`);
      }
      await w.context.close();
    }
    expect(failures).toEqual([]);
  });

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
});
