// Issue 11 in a real browser: the outcome of a save or delete shows inside the window and is
// announced, and the focus lands somewhere sensible; the banner page's forms do not refuse each
// other's saves while someone else's edit still opens the conflict dialog; a banner control is
// seen on the public site; a renamed event page keeps its cards; closing a dialog with typed input
// asks first; dates read "Mar 5, 2025".
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { adminDate } from '../../web/src/admin/dates.ts';
import { parseDate } from '../../server/schema/dateFields.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { openPage } from './support/browser.ts';
import {
  acceptConfirm,
  backToList,
  commitCount,
  openAddForm,
  openAdmin,
  openItem,
  row,
} from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

const tb = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name });

interface Seen {
  text: string;
  inView: boolean;
  role: string | null;
  live: string | null;
}

/**
 * Records every notice the moment it appears (the next one replaces it): its text,
 * whether it was wholly inside the window, its role, and the aria-live of the region around it.
 */
async function recordNotices(page: Page): Promise<(text: string) => Promise<Seen>> {
  await page.evaluate(() => {
    const w = window as unknown as { __seen?: Seen[] };
    w.__seen = [];
    // React may reuse one element for the next notice: a notice is new when its text is.
    const done = new WeakMap<Element, string>();
    const scan = () => {
      for (const el of document.querySelectorAll('.admin-notice')) {
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (done.get(el) === text) continue;
        done.set(el, text);
        const r = el.getBoundingClientRect();
        w.__seen!.push({
          text,
          inView:
            r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
          role: el.getAttribute('role'),
          live: el.closest('[aria-live]')?.getAttribute('aria-live') ?? null,
        });
      }
    };
    new MutationObserver(scan).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  return async (text) => {
    let found: Seen | undefined;
    await expect
      .poll(
        async () => {
          const seen = await page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);
          found = seen.find((s) => s.text.startsWith(text));
          return !!found;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    return found!;
  };
}

const expectShownAndAnnounced = (seen: Seen, role = 'status') => {
  expect(seen.inView).toBe(true);
  expect(seen.role).toBe(role);
  expect(seen.live).toBe('polite');
};

/** What has the focus: tag, accessible-ish name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el && el !== document.body
      ? { tag: el.tagName.toLowerCase(), text: (el.textContent ?? '').trim(), id: el.id }
      : null;
  });

describe('outcomes where the editor is looking', () => {
  it('create, update and delete on a phone: the notice is in the window and announced; focus stays useful', async () => {
    const { page, context } = await openPage(browser, { width: 390, height: 700 });
    await openAdmin(page, site, '/EventsAdminPage');
    const notice = await recordNotices(page);

    // Create: the long add form's Submit is far below the section's top.
    const form = await openAddForm(page, 'Add a new event card');
    await tb(form, 'Title').fill('Feedback test card');
    await form.getByRole('button', { name: 'Submit' }).click();
    expectShownAndAnnounced(await notice('Submitted'));
    // The cleared form is ready for the next card: its first box has the focus.
    await expect.poll(async () => (await focused(page))?.id ?? '').toMatch(/-title$/);
    await form.getByRole('button', { name: 'Close' }).click();

    // Update: back on the list, the focus is on the item's line.
    const item = await openItem(page, 'Feedback test card');
    await tb(item, 'Title').fill('Feedback test card, edited');
    await item.getByRole('button', { name: 'Update' }).click();
    expectShownAndAnnounced(await notice('Updated successfully!'));
    await expect.poll(async () => (await focused(page))?.text).toBe('Feedback test card, edited');

    // Delete: the line is gone, so the focus goes to the list's heading.
    const again = await openItem(page, 'Feedback test card, edited');
    const asked = acceptConfirm(page);
    await again.getByRole('button', { name: 'Delete' }).click();
    await asked;
    expectShownAndAnnounced(await notice('Deleted.'));
    await expect.poll(async () => await focused(page)).toMatchObject({ tag: 'h2', text: 'Event cards' });
    await context.close();
  });

  it('a one-of-a-kind text keeps the focus on its Update button, and its notice shows in the window', async () => {
    const { page, context } = await openPage(browser, { width: 1280, height: 600 });
    await openAdmin(page, site, '/HomePageAdminPage');
    const notice = await recordNotices(page);
    const region = page.getByRole('region', { name: 'Home page text', exact: true });
    const box = tb(region, 'Quote attribution');
    await box.fill('Someone quoted, for the feedback test');
    const update = region.getByRole('button', { name: 'Update' });
    await update.focus();
    await page.keyboard.press('Enter');
    expectShownAndAnnounced(await notice('Updated successfully!'));
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Update' });
    await context.close();
  });
});

describe('a save draws what it changed from its answer', () => {
  it('an update is not followed by a fetch of the list or the item; a change by someone else reads that item', async () => {
    const made = (await (
      await site.api('/api/events.php', { method: 'POST', json: { title: 'Answer test card' } })
    ).json()) as { id: string };
    const { page, context } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/EventsAdminPage');
    const notice = await recordNotices(page);
    const item = await openItem(page, 'Answer test card');
    const reads: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'GET' && /^\/api\/(admin\/items|events\.php)/.test(url.pathname))
        reads.push(r.url());
    });
    await tb(item, 'Title').fill('Answer test card, edited');
    await item.getByRole('button', { name: 'Update' }).click();
    await notice('Updated successfully!');
    await row(page, 'Answer test card, edited').waitFor();
    // The stream's word of this save arrives too (right after the answer); give it time.
    await new Promise((r) => setTimeout(r, 1500));
    expect(reads).toEqual([]);

    // Someone else's save of the same card: the stream names it, and that one card is read (the
    // list and the opened card are both drawn from it), not the list.
    await site.api(`/api/events.php?id=${made.id}`, {
      method: 'PUT',
      json: { title: 'Answer test card, theirs' },
    });
    await row(page, 'Answer test card, theirs').waitFor({ timeout: 5000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(reads.map((u) => new URL(u).pathname + new URL(u).search.replace(/&media.*$/, ''))).toEqual([
      `/api/events.php?id=${made.id}&admin=1`,
    ]);
    await context.close();
  });
});

describe('the banner page', () => {
  const dashboard = (page: Page) => page.getByRole('region', { name: 'Data dashboard', exact: true });

  it('“Show this one instead”, then the dashboard form: saved without a conflict; on the public site', async () => {
    const { page, context } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/BannerAdminPage');
    const notice = await recordNotices(page);
    // The dashboard form loads its version first; the banner's button then changes the same file.
    await tb(dashboard(page), 'Data dashboard address').waitFor();
    const banners = (await (await site.api('/api/get_headder.php')).json()) as {
      id: string;
      banner_text: string;
    }[];
    const settings = (await (await site.api('/api/globals.php')).json()) as { banner_to_show: string };
    const other = banners.find((b) => b.id !== settings.banner_to_show)!;

    const item = await openItem(page, other.banner_text);
    // No Hidden/Shown choice: the site never read it.
    expect(await item.getByRole('group', { name: 'Hidden' }).count()).toBe(0);
    await item.getByRole('button', { name: 'Show this one instead' }).click();
    expectShownAndAnnounced(await notice('This banner is now on the site.'));
    const showing = item.getByRole('button', { name: 'Showing on the site' });
    await expect.poll(() => showing.getAttribute('aria-disabled')).toBe('true');
    // The button stays (unavailable, not disabled), so the focus stays on it.
    expect(await focused(page)).toMatchObject({ text: 'Showing on the site' });
    const pub = (await openPage(browser)).page;
    await pub.goto(site.url + '/');
    await pub.getByRole('complementary', { name: 'Announcement' }).getByText(other.banner_text).waitFor();

    const before = commitCount(site);
    await tb(dashboard(page), 'Data dashboard address').fill('https://dashboard.example.org/after-banner');
    await dashboard(page).getByRole('button', { name: 'Update' }).click();
    expectShownAndAnnounced(await notice('Updated successfully!'));
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => commitCount(site)).toBe(before + 1);
    const now = (await (await site.api('/api/globals.php')).json()) as Record<string, string>;
    expect(now).toMatchObject({
      banner_to_show: other.id,
      show_banner: '1',
      dashboard_url: 'https://dashboard.example.org/after-banner',
    });

    // The list says which banner visitors see, and marks its line only.
    await backToList(page);
    await page.getByText(`Visitors see: ${other.banner_text}`).waitFor();
    await expect.poll(() => page.locator('li.admin-row').filter({ hasText: 'On the site' }).count()).toBe(1);
    await row(page, other.banner_text).getByText('On the site').waitFor();

    // Switched off, the banner goes off the site and its line says it is chosen but off.
    const toggle = page.getByRole('switch', { name: 'Banner on the site' });
    await toggle.click();
    expectShownAndAnnounced(await notice('The banner is off the site.'));
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await row(page, other.banner_text).getByText('Chosen, switched off').waitFor();
    await pub.reload();
    await pub.getByRole('navigation').first().waitFor();
    await pub.waitForLoadState('networkidle');
    expect(await pub.getByRole('complementary', { name: 'Announcement' }).count()).toBe(0);
    await context.close();
    await pub.context().close();
  });

  it('someone else’s change of the same address still opens the conflict dialog', async () => {
    const { page, context } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/BannerAdminPage');
    const box = tb(dashboard(page), 'Data dashboard address');
    await box.waitFor();
    // Another client (the API, signed in elsewhere) saves the same field meanwhile.
    const theirs = await site.api('/api/globals.php', {
      method: 'PUT',
      json: { dashboard_url: 'https://dashboard.example.org/theirs' },
    });
    expect(theirs.status).toBe(200);
    await box.fill('https://dashboard.example.org/mine');
    await dashboard(page).getByRole('button', { name: 'Update' }).click();
    await page.getByRole('dialog', { name: 'Someone else changed this while you were editing' }).waitFor();
    await context.close();
  });
});

describe('renaming an event page', () => {
  it('keeps its cards on it, in one commit, and says how many moved', async () => {
    const made = (await (
      await site.api('/api/majorevents.php', {
        method: 'POST',
        json: { header: 'Rename Me Huddle', event_description: 'About the huddle.' },
      })
    ).json()) as { id: string };
    const ids: string[] = [];
    for (const title of ['Huddle card one', 'Huddle card two']) {
      const card = (await (
        await site.api('/api/events.php', {
          method: 'POST',
          json: { title, major_event_associated: 'Rename Me Huddle' },
        })
      ).json()) as { id: string };
      ids.push(card.id);
    }
    const { page, context } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/MajorEventsAdminPage');
    const notice = await recordNotices(page);
    const item = await openItem(page, 'Rename Me Huddle');
    await tb(item, 'Header').fill('Renamed Huddle');
    const before = commitCount(site);
    await item.getByRole('button', { name: 'Update' }).click();
    expectShownAndAnnounced(await notice('Updated successfully! 2 event cards moved with the renamed page.'));
    await expect.poll(() => commitCount(site)).toBe(before + 1);
    const changed = site.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort();
    const files = [...ids.map((id) => `content/event-cards/${id}.md`), `content/event-pages/${made.id}.md`];
    expect(changed).toEqual(files.sort());

    // Show Page becomes disabled once pressed: the focus moves on to Hide Page.
    const renamed = await openItem(page, 'Renamed Huddle');
    await renamed.getByRole('button', { name: 'Show Page' }).click();
    expectShownAndAnnounced(await notice('The page is now shown.'));
    await expect.poll(async () => (await focused(page))?.text).toBe('Hide Page');

    // The cards' own page shows them on the renamed page.
    await openAdmin(page, site, `/EventsAdminPage?eventCards=${ids[0]}`);
    await page.getByRole('radio', { name: 'Renamed Huddle' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Renamed Huddle' }).isChecked()).toBe(true);
    await context.close();
  });
});

describe('dialogs with typed input', () => {
  it('Escape and a click outside ask before dropping what was typed; unchanged, they just close', async () => {
    const { page, context } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/AboutUsAdminPage');
    const add = page.getByRole('button', { name: 'Add a profile' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add a profile' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page))?.text).toBe('Add a profile');

    await add.click();
    await tb(dialog, 'Name').fill('Half-typed Name');
    let message = '';
    page.once('dialog', (d) => {
      message = d.message();
      void d.dismiss();
    });
    await page.keyboard.press('Escape');
    await expect
      .poll(() => message)
      .toBe('You have changes that are not saved yet. Close this and lose them?');
    expect(await tb(dialog, 'Name').inputValue()).toBe('Half-typed Name');

    // A click on the dark overlay outside the dialog asks too; accepted, it closes.
    const asked = acceptConfirm(page);
    await page.mouse.click(5, 5);
    expect(await asked).toBe('You have changes that are not saved yet. Close this and lose them?');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page))?.text).toBe('Add a profile');

    // Editing a profile: Cancel asks the same question, and Escape asks once (not again to leave).
    const profiles = (await (await site.api('/api/about_us.php')).json()) as { name: string }[];
    const edit = await openItem(page, profiles[0]!.name);
    await tb(edit, 'Name').fill('Someone else entirely');
    const messages: string[] = [];
    const answer = (accept: boolean) =>
      page.once('dialog', (d) => {
        messages.push(d.message());
        void (accept ? d.accept() : d.dismiss());
      });
    answer(false);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => messages.length).toBe(1);
    expect(await tb(edit, 'Name').inputValue()).toBe('Someone else entirely');
    page.on('dialog', (d) => {
      messages.push(d.message());
      void d.accept();
    });
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });
    expect(messages).toEqual(
      Array(2).fill('You have changes that are not saved yet. Close this and lose them?'),
    );
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});

describe('dates', () => {
  it('papers’ dates read “Mar 5, 2025” in the list and in the opened paper, not DD/MM/YYYY', async () => {
    const papers = (await (await site.api('/api/get_pdf_metadata.php')).json()) as {
      study_title?: string;
      studyTitle?: string;
      title?: string;
      publicationDate: string;
    }[];
    const paper = papers.find((p) => /^\d{2}\/\d{2}\/\d{4}$/.test(p.publicationDate))!;
    const title = (paper.study_title ?? paper.studyTitle ?? paper.title)!;
    // The documented endpoint sends DD/MM/YYYY; the admin reads the stored ISO date.
    const shown = adminDate(parseDate(paper.publicationDate)!);
    expect(shown).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const { page, context } = await openPage(browser, { width: 1280 });
    await openAdmin(page, site, '/pdfPage');
    await row(page, title).getByText(shown, { exact: true }).waitFor();
    const item = await openItem(page, title);
    await item.getByText(shown, { exact: true }).waitFor();
    expect(await item.getByText(paper.publicationDate).count()).toBe(0);
    await context.close();
  });
});
