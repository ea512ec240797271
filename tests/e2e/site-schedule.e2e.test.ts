// Scheduled publishing seen from an open public page: a news item whose "Show from" is 2 s ahead
// appears by itself, without a reload and with nobody saving, and goes again at its "Show until".
import { writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toZonedIso } from '../../server/schema/siteTime.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { startTestSite, type TestSite } from './support/server.ts';

let site: TestSite;
let browser: Browser;

beforeAll(async () => {
  site = await startTestSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.cleanup();
});

/** Stored times keep whole seconds. */
const wholeSecond = (ms: number) => Math.ceil(ms / 1000) * 1000;
const TITLE = 'Registration opens on the stroke of the second';

describe('scheduled publishing on an open page', () => {
  it('shows a news item from its Show from and hides it from its Show until, without a reload', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await page.goto(`${site.url}/news`);
    await page.locator('.news-title').first().waitFor();
    await page.evaluate(() => {
      (window as unknown as { __mark: number }).__mark = 1;
    });
    const heading = page.getByRole('heading', { name: TITLE });

    const from = wholeSecond(Date.now() + 2000);
    const until = from + 2000;
    await writeFile(
      site.contentFile('news/900.md'),
      [
        '---',
        `title: ${TITLE}`,
        "when_date: '2026-11-20'",
        `show_from: '${toZonedIso(from)}'`,
        `show_until: '${toZonedIso(until)}'`,
        '---',
        'Only visible inside its window.',
        '',
      ].join('\n'),
    );

    // Known to the server (the hand edit is in), but not shown before its time.
    await page.waitForTimeout(Math.max(0, from - Date.now() - 300));
    expect(await heading.count()).toBe(0);

    await heading.waitFor({ timeout: from - Date.now() + 3000 });
    const late = Date.now() - from;
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(1500);

    await heading.waitFor({ state: 'detached', timeout: until - Date.now() + 3000 });
    expect(Date.now() - until).toBeGreaterThanOrEqual(0);
    expect(Date.now() - until).toBeLessThan(1500);
    expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });
});
