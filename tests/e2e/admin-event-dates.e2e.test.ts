// Dates entered once (issue 23): an event card entered with 1–3 March in the admin form gets its
// words written from the dates in the site's style, is listed on /events by 1 March and spans 1–3
// March in /events.ics; words staff type that disagree with the dates are flagged beside the field.
// axe finds nothing on the event card form at 1280 and 390 px, the warning showing.
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../server/testing/testSite.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { commitCount, openAddForm, openAdmin, openItem } from './support/adminSupport.ts';
import { AXE_TAGS, axe } from './support/axe.ts';

let site: TestSite;
let browser: Browser;

beforeAll(async () => {
  site = await startTestSite();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const WORDS = 'Monday, March 1 – Wednesday, March 3, 2027';

async function violations(page: Page, where: string): Promise<string[]> {
  const { violations: found } = await axe(page).withTags(AXE_TAGS).analyze();
  return found.map(
    (v) => `${where}: ${v.id} — ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

describe('an event card’s dates, entered once', () => {
  it('writes the words from 1–3 March, lists the card by 1 March and spans 1–3 March in the calendar', async () => {
    const { page } = await openPage(browser);
    await openAdmin(page, site, '/EventsAdminPage');
    const form = await openAddForm(page, 'Add a new event card');
    await form.getByRole('textbox', { name: 'Title' }).fill('Spring coding camp');
    await form.getByLabel('Start date').fill('2027-03-01');
    await form.getByLabel('End date').fill('2027-03-03');
    // The words follow the dates as they are entered.
    const words = form.getByLabel('When (as shown to visitors)');
    await expect.poll(() => words.inputValue()).toBe(WORDS);
    await form.getByRole('radio', { name: 'Everywhere' }).check();
    const before = commitCount(site);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => commitCount(site)).toBe(before + 1);

    // /events: the generated words, after the cards starting before 1 March, before those after.
    await page.goto(`${site.url}/events`);
    const card = page.locator('article.event-card', { hasText: 'Spring coding camp' });
    await card.waitFor();
    expect(await card.locator('.event-card-date').textContent()).toBe(`When: ${WORDS}`);
    const titles = await page.locator('article.event-card .event-card-title').allTextContents();
    type Card = { title: string; start_date: string; display_event: string };
    const cards = (await (await fetch(`${site.url}/api/events.php`)).json()) as Card[];
    const shown = cards.filter((c) => c.display_event === '2');
    expect(titles).toEqual(shown.map((c) => c.title));
    const at = titles.indexOf('Spring coding camp');
    expect(shown[at - 1]!.start_date < '2027-03-01').toBe(true);
    expect(shown[at + 1]!.start_date > '2027-03-01').toBe(true);
    // The calendar spans 1, 2 and 3 March, all day.
    const ics = await (await fetch(`${site.url}/events.ics`)).text();
    const ev = new ICAL.Component(ICAL.parse(ics))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .find((e) => e.summary === 'Spring coding camp')!;
    expect(ev.startDate.isDate).toBe(true);
    expect([ev.startDate.toString(), ev.endDate.toString()]).toEqual(['2027-03-01', '2027-03-04']);
  });

  for (const width of [1280, 390]) {
    it(`flags words that disagree with the dates beside the field, axe 0 at ${width} px`, async () => {
      const { page } = await openPage(browser, { width });
      await openAdmin(page, site, '/EventsAdminPage');
      const found = await violations(page, `event cards list @${width}`);
      await openAddForm(page, 'Add a new event card');
      found.push(...(await violations(page, `add form @${width}`)));
      const item = await openItem(page, 'Spring coding camp');
      const words = item.getByLabel('When (as shown to visitors)');
      expect(await words.inputValue()).toBe(WORDS);
      await words.fill('March 1–4, 2027');
      const warning = item.getByText(
        'The words say the event ends on March 4, 2027, but the end date is March 3, 2027.',
      );
      await warning.waitFor();
      // Read with the field: the list of things to check that holds the warning describes the box.
      const described = await words.getAttribute('aria-describedby');
      const list = warning.locator('xpath=ancestor::ul[1]');
      expect(described?.split(' ')).toContain(await list.getAttribute('id'));
      found.push(...(await violations(page, `edit form with a warning @${width}`)));
      expect(found).toEqual([]);
      // Typed words that agree again: no warning.
      await words.fill('March 1–3, 2027');
      await warning.waitFor({ state: 'detached' });
    });
  }
});
