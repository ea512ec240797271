// Live pages: a change to the content shows on an open page without a reload, also after the
// server restarts; and script payloads saved into markdown fields never run.
import { readFileSync } from 'node:fs';
import { XSS_CORPUS } from '../fixtures/xssCorpus.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, markDocument, openPage, sameDocument } from './support/browser.ts';
import { startTestSite, type TestSite } from './support/server.ts';

let site: TestSite;
let browser: Browser;

beforeAll(async () => {
  site = await startTestSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.cleanup();
});

const setTitle = (title: string) => (text: string) => text.replace(/^title: .*$/m, `title: ${title}`);
/** Replaces the markdown body of a content file (everything after the front matter). */
const setBody = (body: string) => (text: string) => {
  const end = text.indexOf('\n---', 4);
  return `${text.slice(0, end + 4)}\n${body}\n`;
};

describe('live updates', () => {
  it('shows a changed news title and policy text on open pages without a reload', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await page.goto(`${site.url}/news`);
    await page.getByRole('heading', { level: 1, name: 'News and Features' }).waitFor();
    await page.locator('.news-title').first().waitFor();
    await markDocument(page);
    await site.editContent('news/1.md', setTitle('Live title from a hand edit'));
    await page.getByRole('heading', { name: 'Live title from a hand edit' }).waitFor({ timeout: 10_000 });
    expect(await sameDocument(page)).toBe(true);

    await page.getByRole('link', { name: 'Events', exact: true }).click();
    await page.goto(`${site.url}/researchAndPolicy`);
    await page.locator('.policy-text').waitFor();
    await markDocument(page);
    await site.editContent('site/policy.md', setBody('## Policy text changed live\n\nNew words.'));
    await page.getByRole('heading', { name: 'Policy text changed live' }).waitFor({ timeout: 10_000 });
    expect(await sameDocument(page)).toBe(true);
    expect(w.takeErrors()).toEqual([]);
    await w.context.close();
  });

  it('catches up after the server restarts', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await page.goto(`${site.url}/news`);
    await page.locator('.news-title').first().waitFor();
    await markDocument(page);
    await site.stop();
    await page.waitForTimeout(1_000);
    // Changed while the server was down: the page must pick it up once the stream reconnects.
    await site.editContent('news/2.md', setTitle('Changed while the server was down'));
    await site.restart();
    await page
      .getByRole('heading', { name: 'Changed while the server was down' })
      .waitFor({ timeout: 20_000 });
    // And it keeps listening on the new connection.
    await site.editContent('news/2.md', setTitle('Changed after the restart'));
    await page.getByRole('heading', { name: 'Changed after the restart' }).waitFor({ timeout: 10_000 });
    expect(await sameDocument(page)).toBe(true);
    await w.context.close();
  });
});

describe('markdown fields with script payloads', () => {
  it('never run any of the corpus, and leave no handler, script URL, frame, object or form in the page', async () => {
    const payloads = readFileSync(XSS_CORPUS, 'utf8').split('\n');
    const parts = 5;
    const size = Math.ceil(payloads.length / parts);
    for (let i = 0; i < parts; i++) {
      await site.editContent(
        `news/${i + 1}.md`,
        setBody(payloads.slice(i * size, (i + 1) * size).join('\n')),
      );
    }
    await site.editContent('site/home.md', setBody(payloads.slice(0, 800).join('\n')));
    await site.editContent('site/footer.md', setBody(payloads.slice(800, 1200).join('\n')));
    await new Promise((r) => setTimeout(r, 1_500));

    for (const route of ['/news', '/']) {
      const w = await openPage(browser);
      const { page } = w;
      let dialogs = 0;
      page.on('dialog', (d) => {
        dialogs++;
        void d.dismiss();
      });
      await page.goto(site.url + route);
      await page.locator('.site-footer .footer-legal').waitFor({ timeout: 20_000 });
      await page
        .locator(route === '/news' ? '.news-item' : '.home-section-1')
        .first()
        .waitFor({ timeout: 20_000 });
      // Hover and click through the rendered text, as a visitor would.
      await page.mouse.move(300, 300);
      await page.mouse.move(600, 500);
      await page.waitForTimeout(1_000);
      const found = await page.evaluate(() => {
        const bad: string[] = [];
        for (const el of document.querySelectorAll('main *, footer *')) {
          const tag = el.tagName.toLowerCase();
          if (
            [
              'script',
              'iframe',
              'object',
              'embed',
              'form',
              'frame',
              'base',
              'link',
              'meta',
              'style',
            ].includes(tag)
          )
            bad.push(`<${tag}>`);
          for (const attr of el.attributes) {
            if (/^on/i.test(attr.name)) bad.push(`${tag}[${attr.name}]`);
            if (
              /^\s*(javascript|vbscript|data):/i.test(attr.value) &&
              /href|src|action|data/i.test(attr.name)
            )
              bad.push(`${tag}[${attr.name}=${attr.value.slice(0, 30)}]`);
          }
        }
        return { bad, sentinel: (window as unknown as { xssRan?: boolean }).xssRan ?? false };
      });
      expect(found.bad).toEqual([]);
      expect(dialogs).toBe(0);
      expect(found.sentinel).toBe(false);
      await w.context.close();
    }
  });
});
