// The content checks in a real browser (issue 22.2): saving a markdown image without a description is
// refused with the message beside the field and nothing sent; a "click here" link saves, the form
// stays open with the warning beside the field; the Content checks page lists it and its link opens
// the item's form.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { openPage } from './support/browser.ts';
import { commitCount, openAdmin } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

const TITLE = 'Applications open for the 2027 Winter of CS Institute';

describe('content checks in the admin', () => {
  it('refuse an image without a description beside its field, warn of a vague link and list it', async () => {
    const { page, context, takeErrors } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/NewsAdminPage?news=1');
    const panel = page.locator('.admin-item-panel');
    const what = panel.getByRole('textbox', { name: 'What' });
    await what.waitFor();
    // The inner locator of a filter is looked for inside each field, so it starts from the page.
    const whatField = panel
      .locator('.admin-field')
      .filter({ has: page.getByRole('textbox', { name: 'What' }) });
    const before = commitCount(site);

    await what.fill('Our first day:\n\n![](/media/site/workshop-schedule.png)');
    await panel.getByRole('button', { name: 'Update' }).click();
    await whatField.locator('.admin-field-error').waitFor();
    expect(await whatField.locator('.admin-field-error').textContent()).toMatch(
      /has no description for people who cannot see it/,
    );
    // The box is described by the message: a screen reader reads it with the field.
    const errorId = await whatField.locator('.admin-field-error').getAttribute('id');
    expect((await what.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    expect(commitCount(site)).toBe(before);

    await what.fill('Details are out: [click here](/research).');
    // The warning shows as staff type, before the save.
    const warnings = whatField.getByRole('list', { name: 'To check' });
    await warnings.waitFor();
    expect(await warnings.textContent()).toMatch(/The link “click here” does not say where it goes/);
    await panel.getByRole('button', { name: 'Update' }).click();
    await page.getByText(/Updated successfully! One thing to check, shown beside its field\./).waitFor();
    expect(commitCount(site)).toBe(before + 1);
    expect(await warnings.isVisible()).toBe(true);

    await openAdmin(page, site, '/ContentChecksAdminPage');
    const item = page.getByRole('region', { name: `News: ${TITLE}` });
    await item.waitFor();
    expect(await item.getByRole('listitem').first().textContent()).toMatch(/^What: The link “click here”/);
    await item.getByRole('link', { name: `News: ${TITLE}` }).click();
    await page.waitForURL(/\/NewsAdminPage\?news=1$/);
    await page.locator('.admin-item-panel').getByRole('textbox', { name: 'What' }).waitFor();
    expect(takeErrors()).toEqual([]);
    await context.close();
  });
});
