// Scheduled publishing in the admin: "Show from" / "Show until" come with the news form (declared
// once in the schema), are entered as site time, a window that ends before it starts is refused
// with a plain message, and the list says Scheduled / Expired.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../server/testing/testSite.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { commitCount, openAdmin, openAddForm, row } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
  for (const [title, window] of [
    ['Announced next decade', { show_from: '2036-01-01T09:00:00-08:00' }],
    ['Taken down long ago', { show_until: '2020-01-01T09:00:00-08:00' }],
  ] as const) {
    const res = await site.api('/api/news.php', { method: 'POST', json: { title, ...window } });
    expect(res.status).toBe(201);
  }
  browser = await launchBrowser();
  page = (await openPage(browser)).page;
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('Show from / Show until in the admin', () => {
  it('marks the list lines Scheduled and Expired, and leaves the others unmarked', async () => {
    await openAdmin(page, site, '/NewsAdminPage');
    await expect.poll(() => row(page, 'Announced next decade').textContent()).toContain('Scheduled');
    await expect.poll(() => row(page, 'Taken down long ago').textContent()).toContain('Expired');
    const others = page.locator('li.admin-row').filter({ hasNotText: /decade|long ago/ });
    const other = await others.first().textContent();
    expect(other).not.toMatch(/Scheduled|Expired/);
  });

  it('refuses an end before the start in plain words, then saves site time with its offset', async () => {
    await openAdmin(page, site, '/NewsAdminPage');
    const form = await openAddForm(page, 'Add a news item');
    await form.getByRole('textbox', { name: 'Title' }).fill('Winter institute opens');
    await form.getByLabel('Show from').fill('2031-01-15T09:30');
    await form.getByLabel('Show until').fill('2031-01-15T09:00');
    const before = commitCount(site);
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Show until must be later than Show from.').first().waitFor();
    expect(commitCount(site)).toBe(before);

    await form.getByLabel('Show until').fill('2031-07-15T17:00');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => commitCount(site)).toBe(before + 1);
    const id = /create (\d+)/.exec(site.git('log', '-1', '--format=%s'))![1]!;
    const text = await readFile(path.join(site.siteDir, 'content/news', `${id}.md`), 'utf8');
    // Los Angeles time: winter -08:00, summer -07:00.
    expect(text).toContain("show_from: '2031-01-15T09:30:00-08:00'");
    expect(text).toContain("show_until: '2031-07-15T17:00:00-07:00'");
    await expect.poll(() => row(page, 'Winter institute opens').textContent()).toContain('Scheduled');
    // Opened again, the form shows the same site time.
    await row(page, 'Winter institute opens').getByRole('link', { name: 'Winter institute opens' }).click();
    const from = page.locator('.admin-item-panel, dialog.admin-dialog[open]').first().getByLabel('Show from');
    await expect.poll(() => from.inputValue()).toBe('2031-01-15T09:30');
  });
});
