// Spreadsheets in and out in the admin (issue 37), at phone width: the news list is exported as CSV
// (a real download), one title changed in the file, the file imported through the dialog — its
// preview says one item updated and which field, nothing is written before Import — and after Import
// the list shows the new title, from one commit that names the file. axe finds nothing in the dialog.
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { entities } from '../../server/schema/registry.ts';
import { readCsv, writeCsv } from '../../server/spreadsheets/csvText.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { AXE_TAGS, axe } from './support/axe.ts';
import { openPage } from './support/browser.ts';
import { commitCount, lastCommit, openAdmin, row, watchNotices } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

describe('spreadsheets in the admin', () => {
  it('exports the news, imports a changed file after its preview, and shows the change', async () => {
    const { page, context } = await openPage(browser, { width: 390 });
    await openAdmin(page, site, '/NewsAdminPage');
    const item = site.deps.index.list(entities.news)[0]!;
    const title = String(item.data.title);
    await row(page, title).waitFor();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^news-\d{4}-\d{2}-\d{2}\.csv$/);
    const table = readCsv(await readFile(await download.path(), 'utf8'));
    const titleAt = table[0]!.indexOf('title');
    const line = table.findIndex((r) => r[0] === item.id);
    table[line]![titleAt] = 'Changed in a spreadsheet';
    const file = path.join(tmpdir(), `news-changed-${process.pid}.csv`);
    await writeFile(file, writeCsv(table));

    const before = commitCount(site);
    await page.getByRole('button', { name: 'Import…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import news from a spreadsheet' });
    await dialog.getByLabel('Spreadsheet file').setInputFiles(file);
    await dialog.getByText('0 new, 1 updated').waitFor();
    await dialog.getByText(`Row ${line + 1}: item ${item.id}, changes Title`).waitFor();
    const { violations } = await axe(page).withTags(AXE_TAGS).include('dialog').analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    expect(commitCount(site)).toBe(before);

    const noticed = await watchNotices(page);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog
      .getByText(/^Imported from news-changed-\d+\.csv: 0 new, 1 updated\.$/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await noticed(page, /Imported from news-changed/);
    await row(page, 'Changed in a spreadsheet').waitFor();
    expect(commitCount(site)).toBe(before + 1);
    expect(lastCommit(site).subject).toMatch(/^news: import 1 updated from news-changed-\d+\.csv$/);
    await context.close();
  }, 120_000);
});
