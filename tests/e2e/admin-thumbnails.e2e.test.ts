// Thumbnails made for you (issue 23, point 4), in Chromium against the real server: a paper uploaded
// in the admin with its PDF alone gets a picture of the PDF's first page, which /research shows; the
// picture the page loads is compared, pixel by pixel, with the page painted by the test itself
// (server/testing/pictures.ts: no pdf.js, no canvas). While the server draws it the form says so; a
// PDF that cannot be drawn is refused in plain words asking for an image, and nothing is committed.
// axe finds nothing on the form as it changes (a PDF alone chosen, the refusal) at 1280 and 390 px.
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { blocksPdf, lockedPdf } from '../../server/testing/textPdf.ts';
import { difference, paintBlocks, SAMPLE_PAGE } from '../../server/testing/pictures.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { openPage } from './support/browser.ts';
import { AXE_TAGS, axe } from './support/axe.ts';
import { commitCount, openAddForm, openAdmin, watchNotices } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;
useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

const { width, height, blocks } = SAMPLE_PAGE;
const pdfFile = (buffer: Buffer) => ({ name: 'paper.pdf', mimeType: 'application/pdf', buffer });
const tb = (scope: Locator, name: string) => scope.getByRole('textbox', { name });

/** axe on the page at 1280 and at 390 px wide: the violations found, as lines. */
async function axeAtBothWidths(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const w of [1280, 390]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.waitForTimeout(100);
    const { violations } = await axe(page).withTags(AXE_TAGS).analyze();
    found.push(
      ...violations.map((v) => `${where} at ${w} px: ${v.id} — ${v.help} (${v.nodes[0]?.target.join(' ')})`),
    );
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}

async function addForm(page: Page, title: string): Promise<Locator> {
  await openAdmin(page, site, '/pdfPage');
  const form = await openAddForm(page, 'Upload a paper');
  await tb(form, 'Study title').fill(title);
  await tb(form, 'File name when downloaded').fill('drawn-for-you');
  return form;
}

describe('a paper uploaded with its PDF alone', () => {
  it('gets a picture of its first page, shown on /research', async () => {
    const { page, takeErrors } = await openPage(browser, { width: 1280 });
    const form = await addForm(page, 'A paper drawn for you');
    // The image is not asked for: the form says what happens without one.
    const image = form.getByLabel('First-page image');
    expect(await image.getAttribute('aria-required')).toBeNull();
    await form.getByText("Leave empty to use a picture of the PDF's first page.").waitFor();
    await form.getByLabel('PDF file').setInputFiles(pdfFile(blocksPdf(width, height, blocks)));
    await form.getByText("The PDF's first page will be its picture.").waitFor();
    expect(await axeAtBothWidths(page, 'the add form with a PDF alone')).toEqual([]);

    // Held back a moment, so the line that says the picture is being made can be seen.
    await page.route('**/api/pdf_upload.php*', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    const before = commitCount(site);
    const noticed = await watchNotices(page);
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await form.getByRole('status').filter({ hasText: 'Making the first-page picture…' }).waitFor();
    await noticed(page, 'Submitted successfully!');
    await expect.poll(() => commitCount(site)).toBe(before + 1);
    const files = site.git('show', '--name-status', '--format=', 'HEAD').trim().split('\n').sort();
    expect(files).toEqual([
      expect.stringMatching(/^A\tcontent\/papers\/\d+\.md$/),
      expect.stringMatching(/^A\tmedia\/papers\/\d+\.jpg$/),
      expect.stringMatching(/^A\tmedia\/papers\/\d+\.pdf$/),
    ]);

    // The public page shows the paper with its picture: the one the browser loaded matches the page.
    const pub = (await openPage(browser, { width: 1280 })).page;
    await pub.goto(`${site.url}/research`);
    const picture = pub.getByRole('img', { name: 'First page of “A paper drawn for you”' });
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const src = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(src).toMatch(/\/media\/papers\/\d+\.jpg/);
    const bytes = Buffer.from(await (await fetch(src)).arrayBuffer());
    const shown = (await sharp(bytes).metadata()).width;
    const diff = await difference(bytes, paintBlocks(width, height, blocks, shown));
    expect(diff.mean).toBeLessThan(3);
    expect(diff.farOff).toBeLessThan(0.02);
    expect(takeErrors()).toEqual([]);
  });

  it('is refused in plain words, asking for an image, when its PDF cannot be drawn', async () => {
    const { page } = await openPage(browser, { width: 1280 });
    const form = await addForm(page, 'A locked paper');
    await form.getByLabel('PDF file').setInputFiles(pdfFile(lockedPdf()));
    const before = commitCount(site);
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await form
      .getByRole('alert')
      .filter({
        hasText:
          "A picture of this PDF's first page could not be made: it is protected with a password. Please choose a first-page image (JPEG, PNG, GIF or WebP) and upload it with the PDF.",
      })
      .waitFor();
    await form.getByText('Choose a first-page image: this PDF cannot be drawn.').waitFor();
    expect(await form.getByLabel('First-page image').getAttribute('aria-invalid')).toBe('true');
    expect(commitCount(site)).toBe(before);
    // What was typed is kept, so choosing a picture and sending again is all it takes.
    expect(await tb(form, 'Study title').inputValue()).toBe('A locked paper');
    expect(await axeAtBothWidths(page, 'the add form refusing a locked PDF')).toEqual([]);
  });
});
