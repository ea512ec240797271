// Compare versions (issue 11, point 10): in an item's History, "Compare with current" shows the
// fields that differ (all of them on request), the changed words of a text marked as removed or
// added (with words for screen readers), pictures side by side, and Restore from there. Any two
// versions can be ticked and compared with each other (issue 35), at a desk and on a phone. The
// item's date and time boxes are as tall as its text boxes, and finger-sized on a phone.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { AXE_TAGS, axe } from './support/axe.ts';
import { keepScreenshot, openPage, screenshotPath } from './support/browser.ts';
import {
  PNG,
  PNG2,
  acceptConfirm,
  commitCount,
  lastCommit,
  openAdmin,
  openItem,
  watchNotices,
} from './support/adminSupport.ts';

const FIRST = 'The summer symposium opens registration in March for every teacher in the state.';
const SECOND = 'The summer symposium opens registration in early April for every teacher in the state.';

let site: TestSite;
let browser: Browser;

useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

type Rec = Record<string, string>;
const newsItem = async (id: string) =>
  ((await (await site.api('/api/news.php')).json()) as Rec[]).find((n) => n.id === id)!;

/** A news item's history dialog in a new page at this width: the page, the dialog and its rows. */
async function openHistory(width: number, title: string) {
  const { page, context } = await openPage(browser, { width });
  await openAdmin(page, site, '/NewsAdminPage');
  const item = await openItem(page, title);
  await item.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: `History of ${title}` });
  return { page, context, dialog, rows: dialog.locator('.admin-history-list > li') };
}

describe('compare with current', () => {
  for (const width of [1280, 390]) {
    it(`marks the changed words and restores from the comparison (${width} px)`, async () => {
      const title = `Symposium dates ${width}`;
      const made = (await (
        await site.api('/api/news.php', {
          method: 'POST',
          json: { title, what: FIRST, when_date: '2026-03-01' },
        })
      ).json()) as Rec;
      const id = made.id!;
      const changed = await site.api(`/api/news.php?id=${id}`, {
        method: 'PUT',
        json: { title, what: SECOND, when_date: '2026-03-01', link: '' },
      });
      expect(changed.status).toBe(200);

      const { page, context, dialog, rows } = await openHistory(width, title);
      await rows.nth(1).waitFor();
      // The newest is the current version: nothing to compare it with.
      expect(
        await rows
          .first()
          .getByRole('button', { name: /^Compare/ })
          .count(),
      ).toBe(0);
      const compare = /^Compare the version saved .* with the current one$/;
      await rows.nth(1).getByRole('button', { name: compare }).click();

      const diff = dialog.locator('.admin-diff');
      await diff.waitFor();
      await dialog.getByText(/^1 of \d+ fields differ\.$/).waitFor();
      // Only the changed field, its words marked, and said in words for screen readers.
      expect(await dialog.locator('.admin-compare-field h3').allTextContents()).toEqual(['What']);
      const words = async (tag: string) =>
        (await diff.locator(tag).allTextContents()).map((t) => t.replace(/\[.*?: |\]/g, ''));
      expect(await words('del')).toEqual(['March']);
      expect(await words('ins')).toEqual(['early April']);
      const said = async (tag: string) => diff.locator(`${tag} .visually-hidden`).first().textContent();
      expect(await said('del')).toBe('[only in this version: ');
      expect(await said('ins')).toBe('[only in the current version: ');
      expect(await diff.evaluate((el) => el.textContent)).toContain('opens registration in ');

      await dialog.getByLabel('Show unchanged fields too').check();
      const all = await dialog.locator('.admin-compare-field h3').allTextContents();
      expect(all.slice(0, 4)).toEqual(['Title (unchanged)', 'Link (unchanged)', 'What', 'Date (unchanged)']);
      const { violations } = await axe(page).withTags(AXE_TAGS).analyze();
      const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(found).toEqual([]);

      const before = commitCount(site);
      const asked = acceptConfirm(page);
      const noticed = await watchNotices(page);
      await dialog.getByRole('button', { name: 'Restore this version' }).click();
      expect(await asked).toMatch(/^Restore the version saved/);
      await noticed(page, /^Restored the version saved/);
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => commitCount(site)).toBe(before + 1);
      expect(lastCommit(site).subject).toMatch(new RegExp(`^news: restore [0-9a-f]{7} of ${id} `));
      expect((await newsItem(id)).what).toBe(FIRST);
      await context.close();
    }, 120_000);
  }

  it('shows an earlier picture beside the current one', async () => {
    const body = new FormData();
    body.set('name', 'Casey Compare');
    body.set('title', 'Teacher');
    body.set('headshot', new Blob([PNG.buffer], { type: PNG.mimeType }), PNG.name);
    const made = (await (await site.api('/api/about_us.php', { method: 'POST', body })).json()) as Rec;
    const again = new FormData();
    again.set('id', made.id!);
    again.set('name', 'Casey Compare');
    again.set('title', 'Teacher');
    again.set('headshot', new Blob([PNG2.buffer], { type: PNG2.mimeType }), PNG2.name);
    expect((await site.api('/api/about_us.php', { method: 'POST', body: again })).status).toBe(200);

    const { page, context } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/AboutUsAdminPage');
    await page.locator('li.admin-row').filter({ hasText: 'Casey Compare' }).getByRole('link').click();
    const edit = page.getByRole('dialog', { name: 'Edit Casey Compare' });
    await edit.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of Casey Compare' });
    await history
      .locator('.admin-history-list > li')
      .nth(1)
      .getByRole('button', { name: /^Compare/ })
      .click();
    const old = history.getByRole('img', { name: 'Headshot in this version' });
    const now = history.getByRole('img', { name: 'Current headshot' });
    await old.waitFor();
    await now.waitFor();
    // Both pictures load, each from its own version in git.
    await expect.poll(() => old.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await expect.poll(() => now.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    const [a, b] = [await old.getAttribute('src'), await now.getAttribute('src')];
    expect(a).not.toBe(b);
    const bytes = async (src: string | null) => Buffer.from(await (await site.api(src!)).arrayBuffer());
    expect((await bytes(a)).equals(PNG.buffer)).toBe(true);
    expect((await bytes(b)).equals(PNG2.buffer)).toBe(true);
    await context.close();
  }, 120_000);
});

describe('compare any two versions (issue 35)', () => {
  const SAID = ['March', 'April', 'May', 'June'].map((m) => `The fair opens in ${m} for every family.`);

  for (const width of [1280, 390]) {
    it(`marks the words between two earlier versions, with no axe violations (${width} px)`, async () => {
      const title = `Family fair ${width}`;
      const made = (await (
        await site.api('/api/news.php', {
          method: 'POST',
          json: { title, what: SAID[0], when_date: '2026-03-01' },
        })
      ).json()) as Rec;
      for (const what of SAID.slice(1)) {
        const saved = await site.api(`/api/news.php?id=${made.id!}`, {
          method: 'PUT',
          json: { title, what, when_date: '2026-03-01', link: '' },
        });
        expect(saved.status).toBe(200);
      }

      const { page, context, dialog, rows } = await openHistory(width, title);
      await rows.nth(3).waitFor();
      // The April and May versions, from the keyboard.
      for (const n of [2, 1]) {
        await rows
          .nth(n)
          .getByRole('checkbox', { name: /^Pick the version saved .* to compare$/ })
          .focus();
        await page.keyboard.press('Space');
      }
      expect(await rows.nth(0).getByRole('checkbox').isDisabled()).toBe(true);
      await keepScreenshot(dialog, screenshotPath('history-two-ticked', width));
      await dialog.getByRole('button', { name: 'Compare the two ticked versions' }).click();

      const diff = dialog.locator('.admin-diff');
      await diff.waitFor();
      const words = async (tag: string) =>
        (await diff.locator(tag).allTextContents()).map((t) => t.replace(/\[.*?: |\]/g, ''));
      expect(await words('del')).toEqual(['April']);
      expect(await words('ins')).toEqual(['May']);
      expect(await dialog.getByRole('button', { name: 'Restore the older version' }).isVisible()).toBe(true);
      await keepScreenshot(dialog, screenshotPath('history-two-compared', width));
      // Nothing wider than the screen on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const { violations } = await axe(page).withTags(AXE_TAGS).analyze();
      const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(found).toEqual([]);
      await context.close();
    }, 120_000);
  }
});

describe('date and time boxes (issue 35)', () => {
  for (const width of [1280, 390]) {
    it(`are as tall as the text boxes, labelled, and finger-sized on a phone (${width} px)`, async () => {
      const title = `Open day ${width}`;
      const made = await site.api('/api/news.php', {
        method: 'POST',
        json: { title, what: 'Come and see.', when_date: '2026-03-01' },
      });
      expect(made.status).toBe(201);
      const { page, context } = await openPage(browser, { width });
      await openAdmin(page, site, '/NewsAdminPage');
      const item = await openItem(page, title);
      const box = async (label: RegExp) => {
        const input = item.getByLabel(label).first();
        const b = (await input.boundingBox())!;
        return { type: await input.getAttribute('type'), height: b.height, width: b.width };
      };
      await keepScreenshot(page, screenshotPath('news-form-dates', width), { fullPage: true });
      const text = await box(/^Title/);
      const dates = [await box(/^Date/), await box(/^Show from/), await box(/^Show until/)];
      expect(dates.map((d) => d.type)).toEqual(['date', 'datetime-local', 'datetime-local']);
      for (const d of dates) {
        expect(d.height).toBeGreaterThanOrEqual(width < 600 ? 44 : 40);
        expect(Math.abs(d.height - text.height)).toBeLessThanOrEqual(1);
        // Across the screen on a phone, like the text boxes.
        if (width < 600) expect(Math.abs(d.width - text.width)).toBeLessThanOrEqual(1);
      }
      await context.close();
    }, 120_000);
  }
});
