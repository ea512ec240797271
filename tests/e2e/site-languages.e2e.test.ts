// The site in Spanish in a real browser (issue 36): an editor translates a news item side by side and
// a visitor's open /es/news tab shows it without a reload; what a contributor translates side by side
// in a draft reaches that tab when an editor publishes the draft; the language switcher keeps the page; an item not yet
// translated is marked lang="en"; axe finds nothing on the Spanish pages at a desk or on a phone.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { axeViolationsAtWidths } from './support/axe.ts';
import { markDocument, openPage, sameDocument, type WatchedPage } from './support/browser.ts';
import { acceptConfirm, openAdmin, signInAs } from './support/adminSupport.ts';
import { CONTRIBUTOR } from '../../server/testing/reviewTeam.ts';

let site: TestSite;
let browser: Browser;

useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

/** A news item dated after every starter item, so it leads /news; its id. */
async function newsItem(title: string, day: string): Promise<string> {
  const res = await site.api('/api/news.php?shape=typed', {
    method: 'POST',
    json: { title, what: 'Bring your projects and your questions.', when_date: day },
  });
  expect(res.status).toBe(201);
  return String(((await res.json()) as { id: string }).id);
}

/** A visitor's tab on the Spanish news page, marked so that a reload would show. */
async function visitorOnSpanishNews(): Promise<WatchedPage> {
  const visitor = await openPage(browser);
  await visitor.page.goto(`${site.url}/es/news`);
  await visitor.page.locator('.news-title').first().waitFor();
  await markDocument(visitor.page);
  return visitor;
}

describe('the Spanish site', () => {
  it('shows a news item an editor translates side by side on an open /es/news tab, without a reload', async () => {
    const id = await newsItem('Science fair for families', '2027-03-01');
    const visitor = await visitorOnSpanishNews();
    const { page: tab } = visitor;
    expect(await tab.evaluate(() => document.documentElement.lang)).toBe('es');
    // Not translated yet: shown in English, marked so screen readers read it in English.
    const english = tab.locator('[lang="en"]', { hasText: 'Science fair for families' }).first();
    await english.waitFor();
    // The site's own words are Spanish.
    await tab.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await tab.getByRole('navigation', { name: 'Idiomas' }).count()).toBe(1);

    const editor = await openPage(browser);
    await openAdmin(editor.page, site, `/admin/translations/news/${id}?lang=es`);
    await editor.page.getByLabel('Español: Title').fill('Feria de ciencias para familias');
    await editor.page.getByRole('button', { name: 'Save the translation' }).click();
    await editor.page.getByText('Translation saved.').waitFor();

    await tab
      .locator('.news-title', { hasText: 'Feria de ciencias para familias' })
      .waitFor({ timeout: 10_000 });
    expect(await sameDocument(tab)).toBe(true);
    expect(await tab.locator('[lang="en"]', { hasText: 'Feria de ciencias' }).count()).toBe(0);
    // The English page keeps its English words.
    const en = await (await fetch(`${site.url}/news`)).text();
    expect(en).toContain('Science fair for families');
    expect(en).not.toContain('Feria de ciencias para familias');
    expect(visitor.takeErrors()).toEqual([]);
    expect(editor.takeErrors()).toEqual([]);
    await visitor.context.close();
    await editor.context.close();
  });

  it('shows what a contributor translates side by side in a draft on the open tab once an editor publishes it', async () => {
    const id = await newsItem('Teacher workshop in Salem', '2027-03-02');
    await site.deps.users.add(CONTRIBUTOR);
    const signedIn = await fetch(`${site.url}/api/login.php`, {
      method: 'POST',
      headers: { origin: site.url, 'content-type': 'application/json' },
      body: JSON.stringify({ username: CONTRIBUTOR.username, password: CONTRIBUTOR.password }),
    });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const made = await site.api('/api/drafts', {
      method: 'POST',
      headers: { cookie },
      json: { title: 'Spanish words for March' },
    });
    expect(made.status).toBe(201);
    const draft = String(((await made.json()) as { id: string }).id);
    const visitor = await visitorOnSpanishNews();
    const { page: tab } = visitor;
    await tab.locator('.news-title', { hasText: 'Teacher workshop in Salem' }).waitFor();

    const translator = await openPage(browser);
    await signInAs(
      translator.page,
      site,
      `/admin/translations/news/${id}?lang=es&draft=${draft}`,
      CONTRIBUTOR,
    );
    await translator.page
      .getByText('This translation is saved in the draft “Spanish words for March”.', { exact: false })
      .waitFor();
    await translator.page.getByLabel('Español: Title').fill('Taller para docentes en Salem');
    await translator.page.getByRole('button', { name: 'Save the translation' }).click();
    await translator.page.getByText('Translation saved.').waitFor();
    // Nothing live yet: the open tab and the live read still show the English.
    const live = (await (await fetch(`${site.url}/api/news.php?lang=es&id=${id}&shape=typed`)).json()) as {
      title: string;
    };
    expect(live.title).toBe('Teacher workshop in Salem');

    const editor = await openPage(browser);
    await openAdmin(editor.page, site, `/admin/drafts/${draft}`);
    await editor.page.getByRole('heading', { level: 1, name: 'Spanish words for March' }).waitFor();
    await editor.page
      .locator('article.admin-draft-change', { hasText: 'Taller para docentes en Salem' })
      .waitFor();
    const asked = acceptConfirm(editor.page);
    await editor.page.getByRole('button', { name: 'Publish now' }).click();
    expect(await asked).toContain('Spanish words for March');
    await editor.page.getByText('This draft was published: its changes are on the live site.').waitFor();

    await tab
      .locator('.news-title', { hasText: 'Taller para docentes en Salem' })
      .waitFor({ timeout: 10_000 });
    expect(await sameDocument(tab)).toBe(true);
    expect(visitor.takeErrors()).toEqual([]);
    expect(translator.takeErrors()).toEqual([]);
    expect(editor.takeErrors()).toEqual([]);
    await visitor.context.close();
    await translator.context.close();
    await editor.context.close();
  });

  it('keeps the page when the visitor switches language, both ways', async () => {
    const { page, context, takeErrors } = await openPage(browser);
    await page.goto(`${site.url}/about`);
    await page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'Español' }).click();
    await page.waitForURL(`${site.url}/es/about`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    const current = page.getByRole('navigation', { name: 'Idiomas' }).getByRole('link', { name: 'Español' });
    expect(await current.getAttribute('aria-current')).toBe('true');
    await page.getByRole('navigation', { name: 'Idiomas' }).getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${site.url}/about`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(takeErrors()).toEqual([]);
    await context.close();
  });

  it('has no axe violation on the Spanish pages, at a desk and on a phone', async () => {
    const { page, context, takeErrors } = await openPage(browser);
    const found: string[] = [];
    for (const path of [
      '/es',
      '/es/news',
      '/es/events',
      '/es/about',
      '/es/educators',
      '/es/contact',
      '/es/search?q=feria',
    ]) {
      await page.goto(site.url + path);
      await page.locator('main').first().waitFor();
      found.push(...(await axeViolationsAtWidths(page, path)));
    }
    expect(found).toEqual([]);
    expect(takeErrors()).toEqual([]);
    await context.close();
  });
});
