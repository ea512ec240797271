// Drafts in Chromium, as two staff members and a visitor use them (issue 20): Ana starts a draft,
// switches the News page into it, adds a news item there (the live site untouched), previews the
// real /news page with it, and sends it for review; Ben finds it waiting for review, reads the
// compare, approves and publishes it; the visitor's open /news page shows the item without a
// reload. Staff see Edit links on public pages and previews; the audit log names the draft. axe
// finds nothing on the Drafts page, the draft's page and a page worked on in a draft, at 1280 and
// 390 px.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { EDITOR } from '../../server/http/routes/writesTestKit.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { adminAxeViolations } from './support/axe.ts';
import { openPage, type WatchedPage } from './support/browser.ts';
import {
  acceptConfirm,
  openAddForm,
  openAdmin,
  openedItem,
  signInAs,
  watchNotices,
} from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

const DRAFT = 'Autumn news';
const ITEM = 'Harvest fair on the Capitol lawn';

describe('the screens of a draft that clashes with the live site', () => {
  it('axe finds nothing with a share link made, the discard dialog and the conflict resolver open, at 1280 and 390 px', async () => {
    const json = async (res: Promise<Response>) => (await (await res).json()) as Record<string, any>;
    const made = await json(
      site.api('/api/news.php?shape=typed', {
        method: 'POST',
        json: { title: 'Board meeting', when_date: '2026-09-01' },
      }),
    );
    const id = String(
      (await json(site.api('/api/drafts', { method: 'POST', json: { title: 'Board changes' } }))).id,
    );
    await site.api(`/api/news.php?id=${made.id}&draft=${id}`, {
      method: 'PUT',
      json: { title: 'Board meeting moved' },
    });
    await site.api(`/api/news.php?id=${made.id}`, {
      method: 'PUT',
      json: { title: 'Board meeting cancelled' },
    });
    const w = await openPage(browser);
    const { page } = w;
    await openAdmin(page, site, `/admin/drafts/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Board changes' }).waitFor();
    await page.getByText(/The live site changed Title too since the draft began/).waitFor();
    await page.getByRole('button', { name: 'Make a share link' }).click();
    await page.getByLabel('Share link').waitFor();
    const found: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      found.push(...(await adminAxeViolations(page, `draft with a share link @${width}`)));
      await page.getByRole('button', { name: 'Discard the draft' }).click();
      const discard = page.getByRole('dialog', { name: 'Discard this draft?' });
      await discard.waitFor();
      found.push(...(await adminAxeViolations(page, `discard dialog @${width}`)));
      await discard.getByRole('button', { name: 'Keep it' }).click();
      const asked = acceptConfirm(page);
      await page.getByRole('button', { name: 'Publish now' }).click();
      await asked;
      const resolver = page.getByRole('dialog', { name: 'Choose what to keep' });
      await resolver.getByRole('group', { name: 'Title' }).waitFor();
      found.push(...(await adminAxeViolations(page, `conflict resolver @${width}`)));
      // "Combine both" opens a labelled box starting from both titles.
      await resolver
        .getByRole('group', { name: 'Title' })
        .getByRole('radio', { name: /Combine both/ })
        .check();
      await resolver.getByLabel('Title, combined').waitFor();
      found.push(...(await adminAxeViolations(page, `conflict resolver, combining @${width}`)));
      await resolver.getByRole('button', { name: 'Cancel' }).click();
      await resolver.waitFor({ state: 'hidden' });
    }
    expect(found).toEqual([]);
    // Nothing was published by looking.
    const live = await json(site.api(`/api/news.php?id=${made.id}&shape=typed`));
    expect(live.title).toBe('Board meeting cancelled');
    // Chromium logs each publish the server refused (409, the clash the resolver then shows).
    expect(w.takeErrors().filter((e) => !e.includes('status of 409 (Conflict)'))).toEqual([]);
    await w.context.close();
  });
});

describe('a draft from start to publish', () => {
  let ana: WatchedPage;
  let ben: WatchedPage;
  let visitor: WatchedPage;
  let draftUrl = '';

  it('Ana starts a draft, switches the News page into it and adds an item there: the live site is untouched', async () => {
    if (!site.deps.users.get(EDITOR.username)) await site.deps.users.add(EDITOR);
    ana = await openPage(browser);
    const { page } = ana;
    await openAdmin(page, site, '/admin/drafts');
    await page.getByRole('heading', { level: 1, name: 'Drafts' }).waitFor();
    await page.getByLabel('Title of the draft').fill(DRAFT);
    await page.getByRole('button', { name: 'Start the draft' }).click();
    await page.getByRole('heading', { level: 1, name: DRAFT }).waitFor();
    draftUrl = new URL(page.url()).pathname;
    const id = draftUrl.split('/').pop()!;

    // The News page, live at first; the switch in the header puts it into the draft.
    await page.goto(`${site.url}/NewsAdminPage`);
    const switcher = page.locator('summary', { hasText: 'Working in:' });
    await expect.poll(() => switcher.textContent()).toBe('Working in: Live site');
    await switcher.click();
    await page.getByRole('link', { name: DRAFT }).click();
    await page.waitForURL(`**/NewsAdminPage?draft=${id}`);
    const banner = page.getByRole('region', { name: 'Working in a draft' });
    await banner.getByText(`You are working in the draft “${DRAFT}”.`).waitFor();
    expect(await switcher.textContent()).toBe(`Working in: ${DRAFT}`);

    const notices = await watchNotices(page);
    const form = await openAddForm(page, 'Add a news item');
    await form.getByLabel(/^Title/).fill(ITEM);
    await form.getByLabel(/^Date/).fill('2026-10-10');
    await form.getByRole('button', { name: 'Submit' }).click();
    await notices(page, 'Submitted');
    await page.getByRole('link', { name: ITEM, exact: true }).waitFor();
    // In the draft's ref, not on the live site.
    expect(site.git('log', '-1', '--format=%s', `refs/drafts/${id}`)).toContain(ITEM);
    expect(await (await fetch(`${site.url}/api/news.php`)).text()).not.toContain(ITEM);
    expect(ana.takeErrors()).toEqual([]);
  });

  it('axe finds nothing on a page worked on in a draft, with the switch open, at 1280 and 390 px', async () => {
    const { page } = ana;
    const found: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      found.push(...(await adminAxeViolations(page, `News page in a draft @${width}`)));
      await page.locator('summary', { hasText: 'Working in:' }).click();
      await page.getByRole('link', { name: 'Start or manage drafts' }).waitFor();
      found.push(...(await adminAxeViolations(page, `draft switch open @${width}`)));
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'Start or manage drafts' }).waitFor({ state: 'hidden' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(found).toEqual([]);
  });

  it('Ana previews the real /news page with the item, then sends the draft for review', async () => {
    visitor = await openPage(browser);
    await visitor.page.goto(`${site.url}/news`);
    await visitor.page.locator('.news-title').first().waitFor();
    expect(await visitor.page.getByText(ITEM).count()).toBe(0);

    const { page } = ana;
    await page
      .getByRole('region', { name: 'Working in a draft' })
      .getByRole('link', { name: 'Preview the site with this draft' })
      .click();
    await page.getByText(`Preview of the draft “${DRAFT}”`).waitFor();
    await page.getByRole('link', { name: 'News', exact: true }).first().click();
    await page.waitForURL(/\/preview\/[a-z0-9]+\/news$/);
    const article = page.locator('article.news-item', { hasText: ITEM });
    await article.waitFor();
    // Staff's preview: each item's Edit link opens its form in the draft.
    const edit = article.getByRole('link', { name: `Edit news item “${ITEM}”` });
    expect(await edit.getAttribute('href')).toMatch(/^\/NewsAdminPage\?news=\d+&draft=[a-z0-9]+$/);
    // Saved into the draft meanwhile (here by the API): the open preview reloads itself.
    const id = draftUrl.split('/').pop()!;
    const late = await site.api(`/api/news.php?draft=${id}`, {
      method: 'POST',
      json: { title: 'A late addition to the draft', when_date: '2026-10-09' },
    });
    expect(late.status).toBe(201);
    await page.getByRole('heading', { name: 'A late addition to the draft' }).waitFor({ timeout: 10_000 });

    await page.getByRole('link', { name: 'Back to the draft' }).click();
    await page.getByRole('heading', { level: 1, name: DRAFT }).waitFor();
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.getByText('This draft is waiting for someone to review it.').waitFor();
    expect(ana.takeErrors()).toEqual([]);
  });

  it('Ben finds it waiting for review, reads the compare, approves and publishes; the open /news page shows it', async () => {
    ben = await openPage(browser);
    const { page } = ben;
    await signInAs(page, site, '/admin/drafts', EDITOR);
    const waiting = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'Waiting for review' }),
    });
    await waiting.getByRole('link', { name: DRAFT, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: DRAFT }).waitFor();
    const change = page.locator('article.admin-draft-change', { hasText: `News item “${ITEM}”` });
    await change.getByText('New in this draft').waitFor();
    const title = change.getByRole('region', { name: `Title News item “${ITEM}”` });
    expect(await title.locator('ins').textContent()).toBe(`[only in this draft: ${ITEM}]`);
    expect(await change.getByRole('link', { name: /^Preview its page/ }).getAttribute('href')).toMatch(
      /^\/preview\/[a-z0-9]+\/news$/,
    );

    // axe on the Drafts page and this page, wide and narrow, before anything changes.
    const found: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      found.push(...(await adminAxeViolations(page, `draft page @${width}`)));
      await page.goto(`${site.url}/admin/drafts`);
      await page.getByRole('heading', { level: 2, name: 'Waiting for review' }).waitFor();
      await page.getByRole('link', { name: DRAFT, exact: true }).first().waitFor();
      found.push(...(await adminAxeViolations(page, `Drafts page @${width}`)));
      await page.goto(site.url + draftUrl);
      await change.waitFor();
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(found).toEqual([]);

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`This draft is approved by ${EDITOR.name} and ready to publish.`).waitFor();
    const asked = acceptConfirm(page);
    await page.getByRole('button', { name: 'Publish now' }).click();
    expect(await asked).toContain(`Publish “${DRAFT}” now?`);
    await page.getByText('This draft was published: its changes are on the live site.').waitFor();
    expect(site.git('log', '-1', '--format=%B')).toContain(`Publish draft "${DRAFT}"`);
    expect(site.git('log', '-1', '--format=%B')).toContain(`Approved-by: ${EDITOR.name}`);

    // The visitor's page, never reloaded, shows the item now.
    await visitor.page.locator('.news-title', { hasText: ITEM }).waitFor({ timeout: 10_000 });
    expect(await visitor.page.locator('a.cms-edit-link').count()).toBe(0);
    expect(visitor.takeErrors()).toEqual([]);
    expect(ben.takeErrors()).toEqual([]);
  });

  it('staff see an Edit link on the public page, opening the item’s form; the audit log names the draft', async () => {
    const { page } = ben;
    await page.goto(`${site.url}/news`);
    const edit = page.getByRole('link', { name: `Edit news item “${ITEM}”` });
    await edit.click();
    await page.waitForURL(/\/NewsAdminPage\?news=\d+/);
    await page.locator('.admin-item-panel').getByRole('heading', { name: ITEM }).waitFor();
    expect(await page.locator('summary', { hasText: 'Working in:' }).textContent()).toBe(
      'Working in: Live site',
    );

    await page.goto(`${site.url}/AuditLogAdminPage?action=draft-publish`);
    const row = page.locator('tbody tr').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Draft published');
    await row.getByRole('link', { name: `Draft “${DRAFT}”` }).click();
    await page.waitForURL(`**${draftUrl}`);
    expect(ben.takeErrors()).toEqual([]);
    await Promise.all([ana.context.close(), ben.context.close(), visitor.context.close()]);
  });
});

describe('Edit links on every kind of item the public pages show', () => {
  type Listed = { id: string; title: string };
  const visitorList = async (endpoint: string) =>
    (await (await fetch(`${site.url}/api/${endpoint}`)).json()) as Listed[];
  /** The page's Edit links: each one's name (as screen readers read it) → the address it opens. */
  const editLinks = (page: Page) =>
    page
      .locator('a.cms-edit-link')
      .evaluateAll((links) => Object.fromEntries(links.map((a) => [a.textContent, a.getAttribute('href')])));

  /** The page's width on a phone, and the Edit links an item's layout stretched out of their small
   *  pill (as a card's column, or a card's own link style, once did). */
  const phoneLayout = async (page: Page, path: string) => ({
    path,
    width: await page.evaluate(() => document.documentElement.scrollWidth),
    stretched: await page
      .locator('a.cms-edit-link')
      .evaluateAll((links) =>
        links
          .filter((a) => a.getBoundingClientRect().width > 120 || a.getBoundingClientRect().height > 40)
          .map((a) => a.textContent),
      ),
  });

  it('staff find them on the banner, footer, summer, about, educators and spotlight pages, by keyboard too, none widening a phone; visitors find none', async () => {
    const dropdowns = await visitorList('event_dropdowns.php');
    const slides = await visitorList('spotlight.php');
    const cards = await visitorList('get_data.php');
    const everywhere = {
      'Edit site banner': '/BannerAdminPage?banners=1',
      'Edit legal notice': '/FooterAdminPage',
    };
    const expected: Record<string, Record<string, string>> = {
      '/summerOfCS': {
        ...Object.fromEntries(
          dropdowns.map((d) => [
            `Edit event detail “${d.title}”`,
            `/DropDownEventsAdminPage?eventDropdowns=${d.id}`,
          ]),
        ),
        'Edit workshop schedule': '/DropDownEventsAdminPage',
      },
      '/about': {
        ...Object.fromEntries(
          slides.map((s) => [
            `Edit teacher spotlight “${s.title}”`,
            `/SpotlightAdminPage?spotlights=${s.id}`,
          ]),
        ),
        'Edit our mission': '/AboutUsAdminPage',
        'Edit our values': '/AboutUsAdminPage',
      },
      '/educators': {
        'Edit professional development text': '/ResourcesAdminPage',
        'Edit educators page button': '/ResourcesAdminPage',
        'Edit credentialing text': '/ResourcesAdminPage',
      },
      '/spotlight': Object.fromEntries(
        cards.map((c) => [`Edit spotlight “${c.title}”`, `/EventsAdminPage?eventCards=${c.id}`]),
      ),
    };
    expect([dropdowns.length, slides.length, cards.length].every((n) => n > 0)).toBe(true);

    // Still (reduced motion): the carousel stays on its first slide until told to move.
    const staff = await openPage(browser, { reducedMotion: 'reduce' });
    const { page } = staff;
    await openAdmin(page, site, '/admin/drafts');
    const found: string[] = [];
    for (const [path, links] of Object.entries(expected)) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(site.url + path);
      await page.getByRole('link', { name: 'Edit legal notice' }).waitFor();
      expect({ path, links: await editLinks(page) }).toEqual({
        path,
        links: expect.objectContaining({ ...links, ...everywhere }) as unknown,
      });
      await page.setViewportSize({ width: 390, height: 800 });
      expect(await phoneLayout(page, path)).toEqual({ path, width: 390, stretched: [] });
      found.push(...(await adminAxeViolations(page, `${path} with Edit links @390`)));
    }
    expect(found).toEqual([]);
    // The pages whose items had their links before: none stretched by its item's layout either.
    for (const path of ['/', '/news', '/events', '/research', '/researchAndPolicy']) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(site.url + path);
      await page.getByRole('link', { name: 'Edit legal notice' }).waitFor();
      await page.setViewportSize({ width: 390, height: 800 });
      expect(await phoneLayout(page, path)).toEqual({ path, width: 390, stretched: [] });
    }

    // The slide showing has its link in reach of Tab (just before its Read more); the others are
    // out of reach until they show.
    await page.goto(`${site.url}/about`);
    const [first, second] = slides as [Listed, Listed];
    const firstEdit = page.getByRole('link', { name: `Edit teacher spotlight “${first.title}”` });
    await firstEdit.waitFor();
    expect(await page.getByRole('link', { name: `Edit teacher spotlight “${second.title}”` }).count()).toBe(
      0,
    );
    await page.getByRole('button', { name: `Read more about ${first.title}` }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await firstEdit.evaluate((a) => a === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Next slide' }).click();
    const secondEdit = page.getByRole('link', { name: `Edit teacher spotlight “${second.title}”` });
    await secondEdit.waitFor();
    await page.getByRole('button', { name: `Read more about ${second.title}` }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await secondEdit.evaluate((a) => a === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/SpotlightAdminPage?spotlights=${second.id}`);
    await openedItem(page).getByRole('heading', { name: second.title }).first().waitFor();

    // The banner's link follows the banner's own (Tab reaches it next) and opens the banner shown.
    await page.goto(`${site.url}/educators`);
    const banner = page.getByRole('complementary', { name: 'Announcement' });
    const bannerEdit = banner.getByRole('link', { name: 'Edit site banner' });
    await bannerEdit.waitFor();
    await banner.getByRole('link', { name: 'Apply now' }).focus();
    await page.keyboard.press('Tab');
    expect(await bannerEdit.evaluate((a) => a === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/BannerAdminPage?banners=1');
    await openedItem(page)
      .getByRole('heading', { name: /Applications for the 2027 Winter of CS/ })
      .first()
      .waitFor();
    expect(staff.takeErrors()).toEqual([]);

    // A visitor's pages have none.
    const visitor = await openPage(browser);
    for (const path of Object.keys(expected)) {
      await visitor.page.goto(site.url + path, { waitUntil: 'networkidle' });
      expect({ path, links: await visitor.page.locator('a.cms-edit-link').count() }).toEqual({
        path,
        links: 0,
      });
    }
    expect(visitor.takeErrors()).toEqual([]);
    await Promise.all([staff.context.close(), visitor.context.close()]);
  });
});
