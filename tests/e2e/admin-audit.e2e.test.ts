// The audit log page in Chromium: signed-out visitors get the sign-in form; staff see sign-ins and
// saves with their commits, filter by who, what and day (the server does the filtering), and the
// CSV export downloads exactly the filtered entries.
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSite, TEST_ADMIN, type TestSite } from '../../server/testing/testSite.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { openAdmin } from './support/adminSupport.ts';
import { axe } from './support/axe.ts';

let site: TestSite;
let browser: Browser;

beforeAll(async () => {
  site = await startTestSite();
  // Something to find: a stranger's failed sign-in, and a save with its commit.
  const intruder = { username: 'intruder', password: 'not the password' };
  await site.api('/api/login.php', { method: 'POST', json: intruder });
  await site.signIn();
  const news = { title: 'Audited in the browser', when_date: '2026-11-02' };
  await site.api('/api/news.php', { method: 'POST', json: news });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

it('lists the log, filters it by who, what and day, and exports the filtered entries as CSV', async () => {
  const { page, context, takeErrors } = await openPage(browser);
  await page.goto(`${site.url}/AuditLogAdminPage`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor(); // signed out: only the sign-in form
  await openAdmin(page, site, '/AuditLogAdminPage');
  await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
  const table = page.getByRole('table');
  const rows = table.locator('tbody tr');
  await rows.first().waitFor();
  // Newest first: this browser's own sign-in.
  expect(await rows.first().textContent()).toContain('Signed in');
  expect(await rows.first().textContent()).toContain(TEST_ADMIN.username);
  const commit = site.git('rev-parse', 'HEAD').trim();
  const saved = rows.filter({ hasText: 'Saved' });
  expect(await saved.count()).toBe(1);
  expect(await saved.locator('code').getAttribute('title')).toBe(commit);
  expect(await saved.textContent()).toContain(commit.slice(0, 7));
  // The filter's labels, the table's headers: usable with a screen reader and a keyboard.
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
  const { violations } = await axe(page).include('.admin').withTags(tags).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Who: the stranger's failed sign-in and nothing else.
  await page.getByLabel('Who (user name or address)').fill('intruder');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/who=intruder/);
  await expect.poll(() => rows.count()).toBe(1);
  expect(await rows.first().textContent()).toContain('Failed sign-in');
  expect(await rows.first().textContent()).toContain('127.0.0.1');

  // What: saves only, of anyone.
  await page.getByLabel('Who (user name or address)').fill('');
  await page.getByLabel('What').selectOption('save');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL((url) => url.searchParams.get('action') === 'save' && !url.searchParams.has('who'));
  await expect.poll(() => rows.count()).toBe(1);
  expect(await rows.first().textContent()).toContain('News');

  // The CSV holds what the page shows: the one save.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe('time,action,who,address,entity,id,commit,detail');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,save,${TEST_ADMIN.username},`);
  expect(lines[1]).toContain(commit);

  // When: a day before anything happened has nothing; today has the save.
  await page.getByLabel('From (day)').fill('2001-01-01');
  await page.getByLabel('To (day)').fill('2001-01-02');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByText('Nothing in the audit log matches.').waitFor();
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await page.getByLabel('From (day)').fill(today);
  await page.getByLabel('To (day)').fill(today);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect.poll(() => rows.count()).toBe(1);

  // Back returns to the previous filter, and the form says so.
  await page.goBack();
  await page.getByText('Nothing in the audit log matches.').waitFor();
  expect(await page.getByLabel('From (day)').inputValue()).toBe('2001-01-01');
  expect(takeErrors()).toEqual([]);
  await context.close();
});
