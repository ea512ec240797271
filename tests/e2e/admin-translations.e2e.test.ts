// Translating in the admin in a real browser (issue 36): the Translations page and an item's
// side-by-side view, out of date with its changed English words marked, have no axe violation at a
// desk or on a phone, fit a 390 px screen (the two columns stack, English first there), and save
// from the keyboard.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { adminAxeViolations } from './support/axe.ts';
import { keepScreenshot, openPage, screenshotPath } from './support/browser.ts';
import { openAdmin } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

/** A news item translated into Spanish whose English title then changed: out of date. */
async function outdatedItem(name: string): Promise<string> {
  const made = (await (
    await site.api('/api/news.php', {
      method: 'POST',
      json: { title: name, what: 'Bring your projects.', when_date: '2026-11-10' },
    })
  ).json()) as { id: string };
  const translated = await site.api(`/api/news.php?id=${made.id}&lang=es&shape=typed`, {
    method: 'PUT',
    json: { title: 'Feria de ciencias', what: 'Traigan sus proyectos.' },
  });
  expect(translated.status).toBe(200);
  const changed = await site.api(`/api/news.php?id=${made.id}`, {
    method: 'PUT',
    json: { title: `Spring ${name}` },
  });
  expect(changed.status).toBe(200);
  return made.id;
}

describe('the translation screens', () => {
  for (const width of [1280, 390]) {
    it(`have no axe violation and fit the screen at ${width} px`, async () => {
      const id = await outdatedItem(`Science fair ${width}`);
      const { page, context, takeErrors } = await openPage(browser, { width });
      const found: string[] = [];
      const fits = async (where: string) => {
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        if (wide > width) found.push(`${where} @${width}: ${wide} px wide`);
      };

      await openAdmin(page, site, '/admin/translations');
      await page.getByText(/^Español: \d+ missing, \d+ out of date, \d+ up to date\.$/).waitFor();
      found.push(...(await adminAxeViolations(page, `translations @${width}`)));
      await fits('translations');
      await keepScreenshot(page, screenshotPath('admin-translations', width), { fullPage: true });

      // Chromium names the link with a space before the hidden part (it is positioned, so a block).
      await page
        .getByRole('link', { name: new RegExp(`^Translate\\W+Spring Science fair ${width}$`) })
        .click();
      await page.waitForURL(`**/admin/translations/news/${id}?lang=es`);
      await page.getByText('The English changed since this was translated.').waitFor();
      await page.locator('.admin-diff ins').first().waitFor();
      await page.locator('.w-md-editor-toolbar').first().waitFor();
      found.push(...(await adminAxeViolations(page, `side by side @${width}`)));
      await fits('side by side');
      await keepScreenshot(page, screenshotPath('admin-translate', width), { fullPage: true });

      // Stacked on a phone: the English above its translation's box; beside it at a desk.
      const english = await page.locator('.admin-translate-english').first().boundingBox();
      const box = await page.getByLabel('Español: Title').boundingBox();
      if (width === 390) expect(box!.y).toBeGreaterThan(english!.y + english!.height - 1);
      else expect(box!.x).toBeGreaterThan(english!.x + english!.width - 1);

      const title = page.getByLabel('Español: Title');
      await title.fill('Feria de ciencias de primavera');
      await page.getByRole('button', { name: 'Save the translation' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Translation saved.').waitFor();
      await page.locator('.admin-translate-state').getByText('Up to date').waitFor();

      expect(found).toEqual([]);
      expect(takeErrors()).toEqual([]);
      await context.close();
    });
  }
});
