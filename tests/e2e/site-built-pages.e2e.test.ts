// Pages staff build (issue 34), in Chromium: a page of four kinds of section made in a draft, seen in
// the draft's preview, put in the header menu in the same draft and published; a public tab open
// all along shows the new menu item without a reload, and the page itself is finished HTML that
// passes axe at 1280 and 390 px, its video loading only when asked.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, markDocument, openPage, sameDocument } from './support/browser.ts';
import { SAMPLE_PAGE } from '../../server/testing/samplePage.ts';
import { startTestSite, type TestSite } from './support/server.ts';
import { axeViolationsAtWidths } from './support/axe.ts';

const EDITOR = { username: 'admin', password: 'correct horse battery' };

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

/** Four kinds of section of the sample page: text, buttons, questions and answers, a video. */
const SECTIONS = SAMPLE_PAGE.sections.filter((x) => ['text', 'buttons', 'faq', 'video'].includes(x.type));

/** A JSON call as the signed-in admin app makes it (the browser's own session cookie). */
async function call(page: Page, method: string, pathname: string, body?: unknown) {
  const res = await page.request.fetch(site.url + pathname, {
    method,
    headers: { origin: site.url, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: res.status(), json };
}

describe('a page built from sections, put in the menu from a draft', () => {
  it('is previewed in its draft, published with its menu item, and reaches an open tab live', async () => {
    const staff = await openPage(browser);
    await staff.page.goto(`${site.url}/admin`);
    await staff.page.getByLabel('Username').fill(EDITOR.username);
    await staff.page.getByLabel('Password').fill(EDITOR.password);
    await staff.page.getByRole('button', { name: 'Sign in' }).click();
    await staff.page.getByText('Signed in as').waitFor();

    const draft = await call(staff.page, 'POST', '/api/drafts', { title: 'Summer camp page' });
    expect(draft.status).toBe(201);
    const id = String(draft.json!.id);
    const created = await call(staff.page, 'POST', `/api/pages?draft=${id}`, {
      title: 'Summer of CS camp',
      path: '/summer-camp',
      summary: SAMPLE_PAGE.summary,
      sections: SECTIONS,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const nav = await call(staff.page, 'GET', `/api/navigation?draft=${id}`);
    const header = nav.json!.header as Record<string, unknown>[];
    const menu = await call(staff.page, 'PUT', `/api/navigation?draft=${id}`, {
      header: [...header.slice(0, 3), { label: 'SUMMER CAMP', link: '/summer-camp' }, ...header.slice(3)],
      footer: nav.json!.footer,
    });
    expect(menu.status, JSON.stringify(menu.json)).toBe(200);

    // Nothing of it is public yet.
    expect((await fetch(`${site.url}/summer-camp`)).status).toBe(404);

    // The draft's preview draws the real page.
    await staff.page.goto(`${site.url}/preview/${id}/summer-camp`);
    await staff.page.getByRole('heading', { level: 1, name: 'Summer of CS camp' }).waitFor();
    await staff.page.getByRole('link', { name: 'Apply for the camp' }).waitFor();
    await staff.page.getByRole('link', { name: 'SUMMER CAMP' }).first().waitFor();

    // A visitor's tab, open before the publish.
    const visitor = await openPage(browser);
    await visitor.page.setViewportSize({ width: 1280, height: 900 });
    await visitor.page.goto(`${site.url}/about`);
    await visitor.page.locator('.site-header').waitFor();
    expect(await visitor.page.getByRole('link', { name: 'SUMMER CAMP' }).count()).toBe(0);
    await markDocument(visitor.page);

    const published = await call(staff.page, 'POST', `/api/drafts/${id}/publish`, {});
    expect(published.status, JSON.stringify(published.json)).toBe(200);

    const item = visitor.page.getByRole('link', { name: 'SUMMER CAMP' }).first();
    await item.waitFor({ timeout: 10_000 });
    expect(await sameDocument(visitor.page)).toBe(true);

    // Followed from the menu: the page, drawn by the site's own components.
    await item.click();
    await visitor.page.getByRole('heading', { level: 1, name: 'Summer of CS camp' }).waitFor();
    await visitor.page.getByRole('heading', { name: 'Who it is for' }).waitFor();
    const question = visitor.page.getByText('Is the camp free?');
    await question.click();
    await visitor.page.getByText('Yes: travel and meals are paid for.').waitFor();
    // The video's player comes from its provider only once asked for.
    expect(await visitor.page.locator('iframe').count()).toBe(0);
    await visitor.page.getByRole('button', { name: /The camp in two minutes/ }).click();
    const player = visitor.page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]');
    await player.waitFor({ state: 'attached' });
    expect(await visitor.page.getByText('Teachers talk about what they learned at the camp.').count()).toBe(
      1,
    );

    // As a first visit: finished HTML, accessible at both widths.
    const html = await (await fetch(`${site.url}/summer-camp`)).text();
    expect(html).toContain('Summer of CS camp');
    expect(html).toContain(SAMPLE_PAGE.summary);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/summer-camp"/);
    const fresh = await openPage(browser);
    await fresh.page.goto(`${site.url}/summer-camp`);
    await fresh.page.getByRole('heading', { level: 1, name: 'Summer of CS camp' }).waitFor();
    expect(await axeViolationsAtWidths(fresh.page, '/summer-camp')).toEqual([]);
    expect(visitor.takeErrors()).toEqual([]);
    expect(fresh.takeErrors()).toEqual([]);
    for (const w of [staff, visitor, fresh]) await w.context.close();
  });
});
