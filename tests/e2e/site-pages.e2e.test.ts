// Behaviour of single screens: the About carousel and its dialogs, the educators' winter link,
// the research download, the dropdowns of the summer page, and that public pages stay light
// (no admin or editor code) while admin addresses still load the admin area.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, keepScreenshot } from './support/browser.ts';
import { startTestSite, type TestSite } from './support/server.ts';

let site: TestSite;
let browser: Browser;
type Rec = Record<string, string>;
const api = async <T>(endpoint: string) => (await (await fetch(`${site.url}/api/${endpoint}`)).json()) as T;

beforeAll(async () => {
  site = await startTestSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.cleanup();
});

const currentSlide = (page: Page) =>
  page.locator('.carousel-dot[aria-current="true"]').getAttribute('aria-label');

describe('About: spotlight carousel', () => {
  it('moves by arrows and dots, loops, slides for 2000 ms and opens a dialog per slide', async () => {
    const slides = await api<Rec[]>('spotlight.php');
    expect(slides.length).toBeGreaterThan(1);
    const w = await openPage(browser, { width: 1280 });
    const { page } = w;
    await page.goto(`${site.url}/about`);
    const carousel = page.getByRole('region', { name: 'Teacher spotlights' });
    await carousel.waitFor();
    expect(await page.locator('.carousel-dot').count()).toBe(slides.length);
    expect(await currentSlide(page)).toContain(slides[0]!.title);

    // Previous from the first slide wraps to the last (infinite).
    await page.getByRole('button', { name: 'Previous slide' }).click();
    expect(await currentSlide(page)).toContain(slides.at(-1)!.title);
    const anims = await page.evaluate(() =>
      document.getAnimations().map((a) => (a.effect as KeyframeEffect).getTiming().duration),
    );
    expect(anims).toContain(2000);
    await page.getByRole('button', { name: 'Next slide' }).click();
    expect(await currentSlide(page)).toContain(slides[0]!.title);
    await page.getByRole('button', { name: `Show slide 2: ${slides[1]!.title}` }).click();
    expect(await currentSlide(page)).toContain(slides[1]!.title);
    await page.waitForTimeout(2_200);

    // The dialog of the visible slide: opened from its button, focus inside, closed by Close or overlay.
    const open = carousel.locator('.carousel-slide.is-visible').getByRole('button', { name: /Read more/ });
    await open.click();
    const dialog = page.getByRole('dialog', { name: slides[1]!.title });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Read more');
    await open.click();
    await dialog.waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'hidden' });
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });

  it('plays every 10 s, pauses on hover, and stays still for reduced motion', async () => {
    const slides = await api<Rec[]>('spotlight.php');
    const w = await openPage(browser, { width: 1280 });
    const { page } = w;
    await page.clock.install();
    await page.goto(`${site.url}/about`);
    await page.locator('.carousel-dot').first().waitFor();
    await page.mouse.move(5, 5);
    await page.clock.runFor(9_000);
    expect(await currentSlide(page)).toContain(slides[0]!.title);
    await page.clock.runFor(1_500);
    expect(await currentSlide(page)).toContain(slides[1]!.title);
    // Hovering pauses it.
    await page.locator('.carousel-viewport').hover();
    await page.clock.runFor(25_000);
    expect(await currentSlide(page)).toContain(slides[1]!.title);
    await w.context.close();

    const still = await openPage(browser, { width: 1280, reducedMotion: 'reduce' });
    await still.page.clock.install();
    await still.page.goto(`${site.url}/about`);
    await still.page.locator('.carousel-dot').first().waitFor();
    await still.page.clock.runFor(30_000);
    expect(await currentSlide(still.page)).toContain(slides[0]!.title);
    await still.page.getByRole('button', { name: 'Next slide' }).click();
    // No sliding: no script animation on the slides (CSS transitions of the reduced-motion rule aside).
    expect(
      await still.page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => !(a instanceof CSSTransition) && !(a instanceof CSSAnimation))
            .filter((a) => (a.effect as KeyframeEffect).target?.classList.contains('carousel-slide')).length,
      ),
    ).toBe(0);
    expect(await currentSlide(still.page)).toContain(slides[1]!.title);
    await still.context.close();
  });
});

describe('other screens', () => {
  it('lists staff by the last word of the name and the three website developers', async () => {
    const w = await openPage(browser);
    await w.page.goto(`${site.url}/about`);
    await w.page.locator('.staff-name').first().waitFor();
    const names = await w.page.locator('.staff-name').allTextContents();
    const last = (n: string) => n.trim().split(/\s+/).pop()!.toLowerCase();
    expect(names).toEqual([...names].sort((a, b) => last(a).localeCompare(last(b))));
    expect(await w.page.locator('.developers li').count()).toBe(3);
    await w.context.close();
  });

  it('links the educators page to the winter event page by its title', async () => {
    const winter = (await api<Rec[]>('majorevents.php')).find(
      (e) => e.page_url === '/winterofcs' && e.hidden === '0',
    )!;
    const w = await openPage(browser);
    await w.page.goto(`${site.url}/educators`);
    const link = w.page.getByRole('link', { name: winter.header, exact: true });
    await link.waitFor();
    await link.click();
    await w.page.getByRole('heading', { level: 1, name: winter.header }).waitFor();
    await w.context.close();
  });

  it('opens and closes the summer dropdowns, each with an icon', async () => {
    const dropdowns = await api<Rec[]>('event_dropdowns.php?media=url');
    const w = await openPage(browser);
    await w.page.goto(`${site.url}/summerOfCS`);
    const toggle = w.page.getByRole('button', { name: dropdowns[0]!.title });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await w.page.locator(`#dropdown-panel-${dropdowns[0]!.id}`).isVisible()).toBe(true);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const icons = await w.page
      .locator('.dropdown-icon')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')));
    expect(icons).toEqual(
      dropdowns.map((d) => d.image_icon || `/icons/dropdown-${((Number(d.id) - 1) % 5) + 1}.svg`),
    );
    const loaded = await w.page
      .locator('.dropdown-icon')
      .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0));
    expect(loaded).toBe(true);
    await w.context.close();
  });

  it('fits the workshop schedule to a 390 px screen and links it to the full-size image', async () => {
    const schedule = await api<Rec>('workshop_schedule.php?media=url');
    const w = await openPage(browser, { width: 390 });
    const { page } = w;
    await page.goto(`${site.url}/summerOfCS`);
    const image = page.getByRole('img', { name: schedule.alt });
    await image.scrollIntoViewIfNeeded();
    await image.evaluate((i) => (i as HTMLImageElement).decode());
    const box = (await image.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const ratio = await image.evaluate((i) => {
      const img = i as HTMLImageElement;
      return img.naturalHeight / img.naturalWidth;
    });
    expect(box.height / box.width).toBeCloseTo(ratio, 1);
    const link = page.getByRole('link', { name: 'Open the schedule full size' });
    expect(await link.getAttribute('href')).toBe(schedule.image);
    await keepScreenshot(page.locator('.schedule'), 'test-results/screens/summer-schedule-390.png');
    // A tap on the image itself opens the full-size image too.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL((u) => u.pathname === new URL(schedule.image!, site.url).pathname);
    await w.context.close();
  });

  it('downloads a paper as {file_name}.pdf', async () => {
    const papers = await api<Rec[]>('get_pdf_metadata.php?media=url');
    const w = await openPage(browser);
    await w.page.goto(`${site.url}/research`);
    const first = w.page.locator('.paper').first();
    await first.getByRole('link', { name: /Download/ }).waitFor();
    const [download] = await Promise.all([
      w.page.waitForEvent('download'),
      first.getByRole('link', { name: /Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${papers[0]!.file_name}.pdf`);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    await w.context.close();
  });
});

describe('loading and failure', () => {
  // Pages arrive with their content (server-rendered); reads happen when moving to another page
  // inside the app, one request for the page's data: /page-data/<path>.
  const PAGE_DATA = /\/page-data\//;
  /** Moves inside the app, as a link of the app would (the router follows the history). */
  const moveTo = (page: Page, path: string) =>
    page.evaluate((p) => {
      history.pushState(null, '', p);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);

  it("shows the spec's fallback texts while loading", async () => {
    const w = await openPage(browser);
    const { page } = w;
    await page.goto(`${site.url}/`);
    await page.locator('h1').first().waitFor();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    await page.route(PAGE_DATA, async (route) => {
      await gate;
      await route.continue();
    });
    await moveTo(page, '/about');
    await page.getByText('Loading Profiles', { exact: true }).waitFor();
    await page.getByText('Loading Spotlights.', { exact: true }).waitFor();
    await moveTo(page, '/educators');
    await page.getByText('Loading resources…', { exact: true }).waitFor();
    expect(await page.getByText('No Resources available.').count()).toBe(0);
    await moveTo(page, '/summerOfCS');
    await page.getByText('Loading or not found', { exact: true }).first().waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Summer Equity Symposium' }).waitFor();
    await w.context.close();
  });

  it('says plainly when a list is empty, on every page with a list', async () => {
    const w = await openPage(browser, { width: 390 });
    const { page } = w;
    const lists = [
      'about_us',
      'spotlight',
      'resources',
      'state_policies',
      'news',
      'events',
      'events_listing',
      'get_data',
      'get_pdf_metadata',
    ].map((r) => `${r}.php`);
    await page.goto(`${site.url}/`);
    await page.locator('h1').first().waitFor();
    await page.route(PAGE_DATA, async (route) => {
      const real = await route.fetch();
      if (real.status() !== 200) return route.fulfill({ response: real });
      const data = (await real.json()) as { api: Record<string, unknown> };
      for (const endpoint of Object.keys(data.api)) {
        if (lists.includes(endpoint)) data.api[endpoint] = [];
        // A paged list (the news, the events: web/src/site/paging.ts): its only page, empty.
        else if (lists.includes(endpoint.split('?')[0]!))
          data.api[endpoint] = { items: [], page: 1, pages: 1, total: 0 };
      }
      await route.fulfill({ response: real, json: data });
    });
    const expected: [string, string[]][] = [
      ['/about', ['No teacher spotlights yet.', 'No profiles yet.']],
      ['/educators', ['No Resources available.']],
      ['/researchAndPolicy', ['No state policies yet.']],
      ['/news', ['There is no news yet.']],
      ['/events', ['There are no upcoming events right now. Please check back soon.']],
      ['/spotlight', ['There are no spotlights yet.']],
      ['/research', ['There are no papers yet.']],
    ];
    for (const [route, texts] of expected) {
      await moveTo(page, route);
      for (const text of texts) await page.getByText(text, { exact: true }).waitFor();
      await expect
        .poll(() => page.locator('main .loading').count(), { message: route, timeout: 5000 })
        .toBe(0);
      await expect.poll(() => page.getByText(/^Loading/).count(), { message: route, timeout: 5000 }).toBe(0);
      if (route !== '/about') continue;
      await keepScreenshot(page, 'test-results/screens/about-empty-390.png', { fullPage: true });
    }
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });

  it('says politely when a read fails, and retries on request', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await page.goto(`${site.url}/`);
    await page.locator('h1').first().waitFor();
    const news = /\/page-data\/news$/;
    await page.route(news, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Something went wrong"}',
      }),
    );
    await moveTo(page, '/news');
    const notice = page.getByRole('alert').filter({ hasText: 'could not load the news' });
    await notice.waitFor();
    await page.unroute(news);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.news-item').first().waitFor();
    expect(await notice.count()).toBe(0);
    await w.context.close();
  });

  it('reads well at 320 px: no page scrolls sideways', async () => {
    const w = await openPage(browser, { width: 320 });
    const wide: string[] = [];
    for (const route of [
      '/',
      '/about',
      '/educators',
      '/summerOfCS',
      '/winterOfCS',
      '/researchAndPolicy',
      '/news',
      '/events',
      '/spotlight',
      '/research',
      '/TableauDashboardEmbed',
    ]) {
      await w.page.goto(site.url + route);
      await w.page.locator('h1').first().waitFor();
      await w.page.waitForTimeout(200);
      const width = await w.page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) wide.push(`${route}: ${width}px`);
    }
    expect(wide).toEqual([]);
    await w.context.close();
  });
});

describe('light public pages', () => {
  it('load no admin or editor code, while an admin address loads the admin area', async () => {
    const w = await openPage(browser);
    const { page } = w;
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    for (const route of [
      '/',
      '/about',
      '/educators',
      '/summerOfCS',
      '/news',
      '/events',
      '/research',
      '/researchAndPolicy',
    ]) {
      await page.goto(site.url + route);
      await page.locator('h1').first().waitFor();
    }
    expect(scripts.filter((s) => /Admin|MdEditor|Editor/i.test(s))).toEqual([]);

    scripts.length = 0;
    await page.goto(`${site.url}/admin`);
    await page.waitForLoadState('load');
    await page.waitForFunction(() => !document.querySelector('.not-found'), null, { timeout: 10_000 });
    expect(scripts.some((s) => /Admin/.test(s))).toBe(true);
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
    await w.context.close();
  });
});
