// Notices in Chromium (issue 35), as a contributor and an editor use them side by side: Cora sends
// her draft for review; Edith's admin home, open all along, shows the bell's count rise and the
// draft under "Waiting for you" without a reload; Edith opens it from the bell's panel and asks for
// changes; Cora's open admin shows her bell rise and the notice names what to change. axe finds
// nothing on the admin home with the panel open and on the account page's email choices, at 1280
// and 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { NO_NOTICES } from '../../server/contact/noticeSettings.ts';
import { startSmtp, type TestSmtp } from '../../server/testing/noticeReceivers.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { adminAxeViolations } from './support/axe.ts';
import { openPage, type WatchedPage } from './support/browser.ts';
import { signInAs } from './support/adminSupport.ts';
import { CONTRIBUTOR as CORA, REVIEWER as EDITH } from '../../server/testing/reviewTeam.ts';

const DRAFT = 'Summer of CS camp';

let smtp: TestSmtp;
let site: TestSite;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtp();
});
useSignedInSite(
  (s, b) => {
    site = s;
    browser = b;
  },
  () => ({
    notices: {
      ...NO_NOTICES,
      email: { url: smtp.url('notices', 'smtp-secret'), to: ['office@example.org'], from: 'cms@example.org' },
    },
  }),
);
afterAll(async () => {
  await smtp?.close();
});

const bell = (page: Page) => page.getByRole('button', { name: /^Notices/ });

describe('a draft sent for review and sent back, told to each side as it happens', () => {
  let cora: WatchedPage;
  let edith: WatchedPage;

  it('Edith’s open admin home shows the bell rise and the draft waiting for her when Cora sends it', async () => {
    for (const p of [CORA, EDITH]) await site.deps.users.add(p);
    edith = await openPage(browser);
    await signInAs(edith.page, site, '/admin', EDITH);
    const waiting = edith.page.getByRole('region', { name: 'Waiting for you' });
    await waiting.getByText('Nothing is waiting for you right now.').waitFor();
    expect(await bell(edith.page).getAttribute('aria-label')).toBe('Notices');

    cora = await openPage(browser);
    await signInAs(cora.page, site, '/admin/drafts', CORA);
    await cora.page.getByLabel('Title of the draft').fill(DRAFT);
    await cora.page.getByRole('button', { name: 'Start the draft' }).click();
    await cora.page.getByRole('heading', { level: 1, name: DRAFT }).waitFor();
    await cora.page.getByRole('button', { name: 'Send for review' }).click();
    await cora.page
      .getByText(/sent for review/i)
      .first()
      .waitFor();

    await expect
      .poll(() => bell(edith.page).getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Notices, 1 unread');
    // The draft itself waits there (its notice is not listed again), sent by Cora.
    await waiting.getByRole('heading', { name: 'Drafts to review' }).waitFor();
    await waiting.getByRole('link', { name: `“${DRAFT}”`, exact: true }).waitFor();
    await waiting.getByText(/sent for review by Cora Contributor/).waitFor();
  });

  it('Edith opens the draft from the bell and asks for changes; Cora’s open admin hears of it', async () => {
    await bell(edith.page).click();
    const panel = edith.page.getByRole('region', { name: 'Your notices' });
    await panel.getByRole('link', { name: new RegExp(`sent “${DRAFT}” for review`) }).click();
    await edith.page.getByRole('heading', { level: 1, name: DRAFT }).waitFor();
    await expect.poll(() => bell(edith.page).getAttribute('aria-label')).toBe('Notices');

    expect(await bell(cora.page).getAttribute('aria-label')).toBe('Notices');
    await edith.page.getByRole('button', { name: 'Ask for changes' }).click();
    await edith.page.getByLabel(/What should change\?/).fill('Please add the camp dates.');
    await edith.page.getByRole('button', { name: 'Send back for changes' }).click();

    await expect
      .poll(() => bell(cora.page).getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Notices, 1 unread');
    await bell(cora.page).click();
    await cora.page
      .getByRole('region', { name: 'Your notices' })
      .getByRole('link', { name: `Edith Editor asked for changes to “${DRAFT}”: Please add the camp dates.` })
      .waitFor();
    expect(cora.takeErrors()).toEqual([]);
    expect(edith.takeErrors()).toEqual([]);
  });

  it('axe finds nothing on the admin home with the panel open, nor on the email choices, at 1280 and 390 px', async () => {
    const { page } = edith;
    const found: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${site.url}/admin`);
      await page.getByRole('region', { name: 'Waiting for you' }).waitFor();
      await bell(page).click();
      await page.getByRole('region', { name: 'Your notices' }).waitFor();
      found.push(...(await adminAxeViolations(page, `admin home with notices @${width}`)));
      await page.keyboard.press('Escape');
      await page.goto(`${site.url}/admin/account`);
      await page.getByRole('heading', { name: 'Notices by email' }).waitFor();
      await page.getByRole('checkbox', { name: 'A draft is sent for my review' }).waitFor();
      found.push(...(await adminAxeViolations(page, `account email choices @${width}`)));
    }
    expect(found).toEqual([]);
    await cora.context.close();
    await edith.context.close();
  });
});
