// The news and the events a page at a time in a browser: the numbered pages' nav moves between pages
// without a reload (the page's data from /page-data/<listing>/page/<n>), by mouse and by keyboard,
// with focus on the new page's heading; a page opened directly hydrates without errors; a change to
// an item on the page on screen shows there live; on a phone the nav fits the screen.
import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../server/testing/testSite.ts';
import {
  dataDirWithEventCards,
  dataDirWithNews,
  generateEventCards,
  generateNews,
} from '../../server/testing/manyItems.ts';
import { EVENTS_PER_PAGE, NEWS_PER_PAGE } from '../../server/schema/site/paging.ts';
import { launchBrowser, openPage } from './support/browser.ts';

interface Row {
  id: string;
  title: string;
}

let site: TestSite;
let browser: Browser;
let dataDir = '';
let all: Row[] = [];

beforeAll(async () => {
  dataDir = await dataDirWithNews(generateNews(120));
  site = await startTestSite({ dataDir });
  all = (await (await fetch(`${site.url}/api/news.php?shape=typed`)).json()) as Row[];
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const mark = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __mark: number }).__mark = 1;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);
const titles = (page: Page) => page.locator('.news-title').allTextContents();
const pageOf = (n: number) => all.slice((n - 1) * NEWS_PER_PAGE, n * NEWS_PER_PAGE).map((r) => r.title);
const clean = (t: string) => t.replace(' (opens in a new tab)', '');

describe('the paged news', () => {
  it('moves between pages without a reload, by mouse and keyboard', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await page.goto(`${site.url}/news`);
    const nav = page.getByRole('navigation', { name: 'News pages' });
    await nav.waitFor();
    expect((await titles(page)).map(clean)).toEqual(pageOf(1));
    await mark(page);
    await nav.getByRole('link', { name: /Older/ }).click();
    await page.waitForURL('**/news/page/2');
    await page.locator('.news-title', { hasText: pageOf(2)[0]! }).waitFor();
    expect((await titles(page)).map(clean)).toEqual(pageOf(2));
    expect(await sameDocument(page)).toBe(true);
    expect(await nav.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toMatch(/^News, page 2 of \d+/);
    // The new page's heading has focus, so a screen reader announces it; the keyboard goes on.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await nav.getByRole('link', { name: 'Page 3' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/news/page/3');
    await page.locator('.news-title', { hasText: pageOf(3)[0]! }).waitFor();
    await page.goBack();
    await page.waitForURL('**/news/page/2');
    await page.locator('.news-title', { hasText: pageOf(2)[0]! }).waitFor();
    await nav.getByRole('link', { name: /Newer/ }).click();
    await page.waitForURL(/\/news$/);
    await page.locator('.news-title', { hasText: pageOf(1)[0]! }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });

  it('a numbered page opened directly hydrates, and shows a change to one of its items live', async () => {
    const w = await openPage(browser);
    const { page } = w;
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${site.url}/news/page/2`);
    await page.locator('.news-title', { hasText: pageOf(2)[0]! }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((p) => p.startsWith('/api/news.php'))).toEqual([]);
    await mark(page);
    const item = all[NEWS_PER_PAGE + 1]!;
    await site.signIn();
    const saved = await site.api(`/api/news.php?id=${item.id}`, {
      method: 'PUT',
      json: { title: 'Changed on page two' },
    });
    expect(saved.status).toBe(200);
    await page.locator('.news-title', { hasText: 'Changed on page two' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });

  it('fits a phone screen: the nav wraps and its links are big enough to tap', async () => {
    const w = await openPage(browser, { width: 360, height: 740 });
    const { page } = w;
    await page.goto(`${site.url}/news/page/2`);
    const nav = page.getByRole('navigation', { name: 'News pages' });
    await nav.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const link of await nav.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    await w.context.close();
  });
});

describe('the paged events', () => {
  let events: TestSite;
  let eventsDir = '';
  let cards: Row[] = [];
  beforeAll(async () => {
    eventsDir = await dataDirWithEventCards(generateEventCards(120));
    events = await startTestSite({ dataDir: eventsDir });
    cards = (await (await fetch(`${events.url}/api/events_listing.php?shape=typed`)).json()) as Row[];
  }, 120_000);
  afterAll(async () => {
    await events?.stop();
    if (eventsDir) await rm(eventsDir, { recursive: true, force: true });
  });

  const cardTitles = (page: Page) => page.locator('.event-card-title').allTextContents();
  const cardsOf = (n: number) =>
    cards.slice((n - 1) * EVENTS_PER_PAGE, n * EVENTS_PER_PAGE).map((r) => r.title);

  it('moves to the later events and back without a reload, and a page opened directly hydrates', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await page.goto(`${events.url}/events`);
    const nav = page.getByRole('navigation', { name: 'Pages of events' });
    await nav.waitFor();
    expect(await cardTitles(page)).toEqual(cardsOf(1));
    await mark(page);
    await nav.getByRole('link', { name: /Later/ }).click();
    await page.waitForURL('**/events/page/2');
    await page.locator('.event-card-title', { hasText: cardsOf(2)[0]! }).waitFor();
    expect(await cardTitles(page)).toEqual(cardsOf(2));
    expect(await sameDocument(page)).toBe(true);
    expect(await page.title()).toMatch(/^Events, page 2 of \d+/);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await nav.getByRole('link', { name: /Sooner/ }).click();
    await page.waitForURL(/\/events$/);
    await page.locator('.event-card-title', { hasText: cardsOf(1)[0]! }).waitFor();
    expect(w.takeErrors()).toEqual([]);

    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${events.url}/events/page/3`);
    await page.locator('.event-card-title', { hasText: cardsOf(3)[0]! }).waitFor();
    await page.waitForLoadState('networkidle');
    // The page's cards came with it: no read of the whole list (the documented events.php).
    expect(requests.filter((p) => p.startsWith('/api/events'))).toEqual([]);
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });
});
