// The media library in Chromium (issue 33): Cora, a contributor, drags a picture onto a news item's
// text in her draft, describes it, and sees it in the draft's preview; Eddie, an editor, publishes
// the draft; the library shows the picture used by that news item; replacing the picture there
// changes the visitor's open /news page without a reload. axe finds nothing on the library, its
// details, the description dialog and the upload list, at 1280 and 390 px.
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { adminAxeViolations } from './support/axe.ts';
import { openPage, type WatchedPage } from './support/browser.ts';
import { itemOpened, signInAs, watchNotices } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;
useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

const CORA = {
  username: 'cora',
  password: 'cora-long-password-1',
  role: 'contributor' as const,
  name: 'Cora',
};
const EDDIE = {
  username: 'eddie',
  password: 'eddie-long-password-1',
  role: 'editor' as const,
  name: 'Eddie',
};
const TITLE = 'Robotics fair in Salem';
const DESCRIPTION = 'Students steering their robot through the maze';

const photo = (w: number, h: number, colour: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Nothing on the page is wider than the screen. */
const widerThanScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

/** Drops files on an element as a person dragging them from their computer does. */
async function dropFiles(
  page: Page,
  selector: string,
  files: { name: string; type: string; bytes: Buffer }[],
) {
  const transfer = await page.evaluateHandle(
    (list) => {
      const dt = new DataTransfer();
      for (const f of list)
        dt.items.add(
          new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }),
        );
      return dt;
    },
    files.map((f) => ({ name: f.name, type: f.type, b64: f.bytes.toString('base64') })),
  );
  await page.locator(selector).dispatchEvent('dragover', { dataTransfer: transfer });
  await page.locator(selector).dispatchEvent('drop', { dataTransfer: transfer });
}

describe('a picture from a draft to the live site', () => {
  let cora: WatchedPage;
  let eddie: WatchedPage;
  let visitor: WatchedPage;
  let draft = '';
  let newsId = '';
  let pictureUrl = '';

  it('Cora drags a picture onto a news item’s text in her draft and describes it', async () => {
    for (const person of [CORA, EDDIE]) await site.deps.users.add(person);
    const made = await site.api('/api/news.php?shape=typed', {
      method: 'POST',
      json: { title: TITLE, when_date: '2099-05-01', what: 'Teams from twelve schools took part.' },
    });
    newsId = String(((await made.json()) as { id: string }).id);
    cora = await openPage(browser);
    const { page } = cora;
    await signInAs(page, site, '/admin/drafts', CORA);
    await page.getByLabel('Title of the draft').fill('Fair pictures');
    await page.getByRole('button', { name: 'Start the draft' }).click();
    await page.getByRole('heading', { level: 1, name: 'Fair pictures' }).waitFor();
    draft = new URL(page.url()).pathname.split('/').pop()!;

    await page.goto(`${site.url}/NewsAdminPage?news=${newsId}&draft=${draft}`);
    const item = await itemOpened(page, TITLE);
    await dropFiles(page, '.admin-md-uploads textarea', [
      { name: 'Robot Maze.jpg', type: 'image/jpeg', bytes: await photo(1200, 800, '#2a7') },
    ]);
    const dialog = page.getByRole('dialog', { name: 'Describe the picture' });
    await dialog.waitFor();
    const found: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      found.push(...(await adminAxeViolations(page, `description dialog @${width}`)));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(found).toEqual([]);
    await dialog.getByLabel('Description').fill(DESCRIPTION);
    await dialog.getByRole('button', { name: 'Insert picture' }).click();
    const text = item.locator('.admin-md-uploads textarea');
    await expect
      .poll(() => text.inputValue())
      .toMatch(
        /!\[Students steering their robot through the maze\]\(\/media\/library\/robot-maze-[0-9a-f]{6}\.jpg\)/,
      );
    pictureUrl = /\((\/media\/library\/[^)]+)\)/.exec(await text.inputValue())![1]!;
    const notices = await watchNotices(page);
    await item.getByRole('button', { name: 'Update' }).click();
    await notices(page, 'Updated successfully!');
    // In the draft only: the live site neither serves nor lists it.
    expect((await fetch(site.url + pictureUrl)).status).toBe(404);
    expect(cora.takeErrors()).toEqual([]);
  });

  it('the draft’s preview shows the picture with its description', async () => {
    const { page } = cora;
    await page.goto(`${site.url}/preview/${draft}/news`);
    const article = page.locator('article.news-item', { hasText: TITLE });
    const img = article.getByRole('img', { name: DESCRIPTION });
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(
      new RegExp(`^/preview/${draft}${pictureUrl}\\?v=[0-9a-f]{12}$`),
    );
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1200);
    await site.api(`/api/drafts/${draft}/submit`, {
      method: 'POST',
      json: {},
      headers: { cookie: await site.signIn(CORA.username, CORA.password) },
    });
    await site.signIn();
  });

  it('Eddie publishes it, and the library shows the picture used by that news item', async () => {
    eddie = await openPage(browser);
    const { page } = eddie;
    await signInAs(page, site, `/admin/drafts/${draft}`, EDDIE);
    await page.getByRole('heading', { level: 1, name: 'Fair pictures' }).waitFor();
    await page
      .getByRole('button', { name: 'Approve' })
      .click()
      .catch(() => undefined);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect.poll(async () => (await fetch(site.url + pictureUrl)).status, { timeout: 10_000 }).toBe(200);
    // The publish is done once the draft says so (its file is served a moment before): only then is it
    // no longer among the uses the library counts.
    await expect
      .poll(
        async () => ((await (await site.api(`/api/drafts/${draft}`)).json()) as { state?: string }).state,
        {
          timeout: 10_000,
        },
      )
      .toBe('published');

    await page.goto(`${site.url}/MediaLibraryAdminPage`);
    await page.getByRole('heading', { level: 1, name: 'Media library' }).waitFor();
    const name = pictureUrl.split('/').pop()!;
    const card = page.locator('li', { has: page.getByRole('heading', { name }) }).first();
    await card.getByText('Used by 1 item').waitFor();
    await card.getByText('Used by 1 item').click();
    await card.getByRole('link', { name: `News: ${TITLE}` }).waitFor();
    expect(eddie.takeErrors()).toEqual([]);
  });

  it('replacing the picture in the library changes the visitor’s open /news page without a reload', async () => {
    visitor = await openPage(browser);
    await visitor.page.goto(`${site.url}/news`);
    const shown = visitor.page
      .locator('article.news-item', { hasText: TITLE })
      .getByRole('img', { name: DESCRIPTION });
    await shown.waitFor();
    const before = await shown.getAttribute('src');
    await visitor.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const { page } = eddie;
    const name = pictureUrl.split('/').pop()!;
    await page.getByRole('button', { name: `${name}: details` }).click();
    const details = page.getByRole('dialog', { name });
    await details.waitFor();
    await details.getByLabel(`New file for ${name}`).setInputFiles({
      name: 'robot-maze-2.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(900, 600, '#a27'),
    });
    await details.getByText('Replaced. Every page that uses it now shows the new file.').waitFor();

    await expect.poll(() => shown.getAttribute('src'), { timeout: 5000 }).not.toBe(before);
    expect(await shown.getAttribute('src')).toMatch(new RegExp(`^${pictureUrl}\\?v=[0-9a-f]{12}$`));
    await expect.poll(() => shown.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(900);
    expect(await visitor.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(visitor.takeErrors()).toEqual([]);
  });

  it('axe finds nothing on the library, a file’s details and the upload list, at 1280 and 390 px', async () => {
    const { page } = eddie;
    const name = pictureUrl.split('/').pop()!;
    const found: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${site.url}/MediaLibraryAdminPage`);
      await page.getByRole('heading', { level: 2, name: 'Files', exact: true }).waitFor();
      await page.getByRole('button', { name: `${name}: details` }).waitFor();
      found.push(...(await adminAxeViolations(page, `library @${width}`)));
      expect(await widerThanScreen(page), `library wider than ${width}`).toBe(false);
      await page.getByRole('button', { name: `${name}: details` }).click();
      await page.getByRole('dialog', { name }).waitFor();
      found.push(...(await adminAxeViolations(page, `details @${width}`)));
      await page
        .getByRole('dialog', { name })
        .getByRole('button', { name: 'Close', exact: true })
        .last()
        .click();
      await page.getByLabel('Files to upload').setInputFiles([
        {
          name: `poster-${width}.png`,
          mimeType: 'image/png',
          buffer: await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
        },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
      ]);
      await page
        .getByText(/notes\.txt/)
        .first()
        .waitFor();
      await page
        .getByText(/poster-\d+\.png/)
        .first()
        .waitFor();
      found.push(...(await adminAxeViolations(page, `upload list @${width}`)));
      expect(await widerThanScreen(page), `upload list wider than ${width}`).toBe(false);
    }
    expect(found).toEqual([]);
    expect(eddie.takeErrors()).toEqual([]);
    for (const p of [cora, eddie, visitor]) await p.context.close();
  });
});
