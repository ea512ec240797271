// Every admin page in a real browser against the real server: create, open from the list, edit and
// delete an item (with a PDF and image uploads), each save one commit by the signed-in admin, each
// change visible on the public page.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../server/testing/testSite.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import {
  PDF,
  PNG,
  PNG2,
  acceptConfirm,
  backToList,
  commitCount,
  lastCommit,
  openAddForm,
  openAdmin,
  openItem,
  row,
  watchNotices,
} from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;
let page: Page;
let pub: Page;
let adminName: string;
let pageErrors: () => string[];

beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
  adminName = ((await (await site.api('/api/auth_check.php')).json()) as { user: { name: string } }).user
    .name;
  browser = await launchBrowser();
  const admin = await openPage(browser, { width: 1280 });
  page = admin.page;
  pageErrors = admin.takeErrors;
  pub = (await openPage(browser, { width: 1280 })).page;
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Runs a save in the browser; expects its notice and exactly one new commit by the admin. */
async function oneCommit(
  action: () => Promise<unknown>,
  noticeText: string | RegExp,
  subject: RegExp,
  scope: Page | Locator = page,
) {
  const before = commitCount(site);
  const noticed = await watchNotices(page);
  await action();
  await noticed(scope, noticeText);
  // The same notice may still show from the previous save: wait for the commit itself too.
  await expect.poll(() => commitCount(site)).toBe(before + 1);
  const c = lastCommit(site);
  expect(c.author).toBe(adminName);
  expect(c.subject).toMatch(subject);
}

async function publicShows(path: string, text: string) {
  await pub.goto(site.url + path);
  await pub.getByText(text).first().waitFor({ state: 'attached', timeout: 10_000 });
}

async function publicLacks(path: string, text: string) {
  await pub.goto(site.url + path);
  await pub.waitForLoadState('networkidle');
  expect(await pub.getByText(text).count()).toBe(0);
}

/** A text box (input, textarea or the markdown editor) by its label. */
const tb = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name });

/** Opens the item from the list, deletes it; the list comes back without it. */
async function deleteItem(title: string, confirmText: string, button: string | RegExp = /^Delete/) {
  const item = await openItem(page, title);
  const asked = acceptConfirm(page);
  await oneCommit(() => item.getByRole('button', { name: button }).click(), 'Deleted.', / delete /);
  expect(await asked).toBe(confirmText);
  await item.waitFor({ state: 'hidden' });
  await page.locator('li.admin-row').first().waitFor();
  await row(page, title).waitFor({ state: 'detached' });
}

/** After an Update the list comes back, showing the item's line under its new title. */
async function updateBackToList(item: Locator, noticeText: string, subject: RegExp, title: string) {
  await oneCommit(() => item.getByRole('button', { name: 'Update' }).click(), noticeText, subject);
  await item.waitFor({ state: 'hidden' });
  await row(page, title).waitFor();
}

describe('event cards', () => {
  it('creates with the radio choices, edits, deletes; the events page shows it', async () => {
    await openAdmin(page, site, '/EventsAdminPage');
    const form = await openAddForm(page, 'Add a new event card');
    await tb(form, 'Title').fill('Robotics night');
    await tb(form, 'What').fill('Build a **robot** in an evening.');
    await tb(form, 'Who is it for').fill('Middle school teachers');
    await tb(form, 'When (as shown to visitors)').fill('Friday, May 7, 2027, 6pm');
    await form.getByLabel('Start date').fill('2027-05-07');
    await form.getByRole('radio', { name: 'Event Full' }).check();
    await form.getByRole('radio', { name: 'Everywhere' }).check();
    // The event page association: None or the header of an event page.
    const pages = (await (await site.api('/api/majorevents.php')).json()) as { header: string }[];
    await form.getByRole('radio', { name: pages[0]!.header }).waitFor();
    await form.getByRole('radio', { name: 'None', exact: true }).check();
    await form.getByLabel('Preview of What').getByText('robot').waitFor();
    await oneCommit(
      () => form.getByRole('button', { name: 'Submit' }).click(),
      'Submitted',
      /^event-cards: create \d+ "Robotics night"$/,
    );
    expect(await tb(form, 'Title').inputValue()).toBe('');
    await publicShows('/events', 'Robotics night');

    // The list line: title, start date and the card's choices.
    await row(page, 'Robotics night').getByText('May 7, 2027').waitFor();
    await row(page, 'Robotics night').getByText('Event Full', { exact: true }).waitFor();
    const item = await openItem(page, 'Robotics night');
    expect(await item.getByRole('radio', { name: 'Event Full' }).isChecked()).toBe(true);
    await tb(item, 'Title').fill('Robotics evening');
    await item.getByRole('radio', { name: 'Event Open' }).check();
    await updateBackToList(
      item,
      'Updated successfully!',
      /^event-cards: update \d+ "Robotics evening"$/,
      'Robotics evening',
    );
    await row(page, 'Robotics evening').getByText('Event Open', { exact: true }).waitFor();
    await publicShows('/events', 'Robotics evening');

    await deleteItem('Robotics evening', 'Are you sure you want to delete this event card?');
    await publicLacks('/events', 'Robotics evening');
  });
});

describe('research papers', () => {
  it('uploads a PDF and its first-page image with progress, edits a field, downloads, deletes', async () => {
    await openAdmin(page, site, '/pdfPage');
    const form = await openAddForm(page, 'Upload a paper');
    const before = commitCount(site);
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'Please provide a file name, a PDF file, and a first page image.' })
      .waitFor();
    expect(commitCount(site)).toBe(before);

    await tb(form, 'Study title').fill('Something to throw away');
    await form.getByRole('button', { name: 'Reset Fields' }).click();
    expect(await tb(form, 'Study title').inputValue()).toBe('');
    await tb(form, 'Study title').fill('Who teaches CS in rural schools');
    await tb(form, 'Abstract content').fill('A survey of 120 districts.');
    await form.getByText('974 characters remaining').waitFor();
    await form.getByLabel('Publication date').fill('2026-03-05');
    await tb(form, 'File name when downloaded').fill('rural-cs-study');
    await form.getByLabel('PDF file').setInputFiles(PDF);
    await form.getByLabel('First-page image').setInputFiles(PNG);
    // The live preview: the title, the natural date and the chosen image.
    const preview = form.getByRole('region', { name: 'Preview', exact: true });
    await preview.getByRole('heading', { name: 'Who teaches CS in rural schools' }).waitFor();
    await preview.getByText('March 5, 2026').waitFor();
    expect(await preview.locator('img').getAttribute('src')).toMatch(/^blob:/);

    // Hold the answer back a moment to see the status line and the progress bar.
    await page.route('**/api/pdf_upload.php*', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await oneCommit(
      async () => {
        await form.getByRole('button', { name: 'Upload', exact: true }).click();
        await form.getByRole('status').filter({ hasText: 'Sending Entry Please Wait...' }).waitFor();
        await form.getByRole('progressbar').waitFor();
      },
      'Submitted successfully!',
      /^papers: create \d+ "Who teaches CS in rural schools"$/,
    );
    await page.unroute('**/api/pdf_upload.php*');
    expect(await tb(form, 'Study title').inputValue()).toBe('');
    await publicShows('/research', 'Who teaches CS in rural schools');

    await row(page, 'Who teaches CS in rural schools').getByText('Mar 5, 2026').waitFor();
    const item = await openItem(page, 'Who teaches CS in rural schools');
    await item.getByRole('button', { name: 'Edit study title' }).click();
    await tb(item, 'New study title').fill('Who teaches CS in rural Oregon');
    await oneCommit(
      () => item.getByRole('button', { name: 'Update' }).click(),
      'Updated successfully!',
      /^papers: update \d+ "Who teaches CS in rural Oregon"$/,
    );
    // Papers are edited field by field: the paper stays open, under its new title.
    await item.getByRole('heading', { name: 'Who teaches CS in rural Oregon' }).waitFor();
    const edited = item;
    // Cancel leaves the value as it was.
    await edited.getByRole('button', { name: 'Edit file name when downloaded' }).click();
    await tb(edited, 'New file name when downloaded').fill('changed my mind');
    await edited.getByRole('button', { name: 'Cancel' }).click();
    await edited.getByText('rural-cs-study').waitFor();
    // A new first-page image through the per-field edit.
    await edited.getByRole('button', { name: 'Edit first-page image' }).click();
    await edited.getByLabel('New first-page image').setInputFiles(PNG2);
    await oneCommit(
      () => edited.getByRole('button', { name: 'Update' }).click(),
      'Updated successfully!',
      /^papers: update /,
    );
    await publicShows('/research', 'Who teaches CS in rural Oregon');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      edited.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('rural-cs-study.pdf');

    await deleteItem(
      'Who teaches CS in rural Oregon',
      'Are you sure you want to delete this paper?',
      /^Delete Entry/,
    );
    await publicLacks('/research', 'Who teaches CS in rural Oregon');
  });
});

describe('news', () => {
  it("creates ('Submitted'), edits, deletes with 'Delete Entry Above'", async () => {
    await openAdmin(page, site, '/NewsAdminPage');
    const form = await openAddForm(page, 'Add a news item');
    await tb(form, 'Title').fill('Teacher grants announced');
    await tb(form, 'Link').fill('/research');
    await tb(form, 'What').fill('Forty grants for new *CS* courses.');
    await form.getByLabel('Date').fill('2027-01-15');
    await oneCommit(
      () => form.getByRole('button', { name: 'Submit' }).click(),
      'Submitted',
      /^news: create \d+ "Teacher grants announced"$/,
    );
    await publicShows('/news', 'Teacher grants announced');
    // Newest first: the new item heads the list.
    await expect
      .poll(() => page.locator('li.admin-row .admin-row-title').first().textContent())
      .toBe('Teacher grants announced');
    const item = await openItem(page, 'Teacher grants announced');
    expect(await item.getByLabel('Date').inputValue()).toBe('2027-01-15');
    await tb(item, 'Title').fill('Forty teacher grants announced');
    await updateBackToList(item, 'Updated successfully!', /^news: update /, 'Forty teacher grants announced');
    await publicShows('/news', 'Forty teacher grants announced');
    await deleteItem(
      'Forty teacher grants announced',
      'Are you sure you want to delete this news item?',
      /^Delete Entry Above/,
    );
    await publicLacks('/news', 'Forty teacher grants announced');
  });
});

describe('banners', () => {
  it('creates a banner, shows it instead of the other, switches the banner off and on, edits, deletes', async () => {
    await openAdmin(page, site, '/BannerAdminPage');
    const form = await openAddForm(page, 'Add a banner');
    await tb(form, 'Banner text').fill('Registration for the spring institute is open');
    await tb(form, 'Banner link').fill('/events');
    await tb(form, 'Link text').fill('Register');
    await oneCommit(
      () => form.getByRole('button', { name: 'Submit' }).click(),
      'Submitted successfully!',
      /^banners: create \d+ /,
    );
    const firstTitle = (await page.locator('li.admin-row .admin-row-title').first().textContent())!;
    const item = await openItem(page, 'Registration for the spring institute is open');
    await oneCommit(
      () => item.getByRole('button', { name: 'Show this one instead' }).click(),
      'This banner is now on the site.',
      /^siteSettings: update$/,
    );
    await item.getByRole('button', { name: 'Showing on the site' }).waitFor();
    // Exactly one banner is on the site: the list marks ours, and only ours.
    await backToList(page);
    const selected = page.locator('li.admin-row').filter({ hasText: 'On the site' });
    await expect.poll(() => selected.count()).toBe(1);
    await row(page, 'Registration for the spring institute is open').getByText('On the site').waitFor();
    await publicShows('/', 'Registration for the spring institute is open');

    // Switched off, it goes off the site; switched on again, the same banner is back.
    const toggle = page.getByRole('switch', { name: 'Banner on the site' });
    await oneCommit(() => toggle.click(), 'The banner is off the site.', /^siteSettings: update$/);
    await publicLacks('/', 'Registration for the spring institute is open');
    await oneCommit(() => toggle.click(), 'The banner is on the site.', /^siteSettings: update$/);
    await publicShows('/', 'Registration for the spring institute is open');

    const again = await openItem(page, 'Registration for the spring institute is open');
    await tb(again, 'Banner text').fill('Spring institute: register now');
    await updateBackToList(
      again,
      'Updated successfully!',
      /^banners: update /,
      'Spring institute: register now',
    );
    await publicShows('/', 'Spring institute: register now');

    // Select the first banner again, then delete ours.
    const first = await openItem(page, firstTitle);
    await oneCommit(
      () => first.getByRole('button', { name: 'Show this one instead' }).click(),
      'This banner is now on the site.',
      /^siteSettings: update$/,
    );
    await backToList(page);
    await row(page, firstTitle).getByText('On the site').waitFor();
    await deleteItem('Spring institute: register now', 'Are you sure you want to delete this banner?');
  });
});

describe('event pages', () => {
  it('creates a hidden page, disables page URLs in use, shows and hides it, previews, edits, deletes', async () => {
    await openAdmin(page, site, '/MajorEventsAdminPage');
    const form = await openAddForm(page, 'Add an event page');
    await tb(form, 'Header').fill('Spring Huddle 2027');
    await tb(form, 'Organization').fill('CS for Oregon');
    await tb(form, 'Event description').fill('A day of **workshops**.');
    // URLs already used by other pages cannot be picked.
    const seeded = (await (await site.api('/api/majorevents.php')).json()) as {
      header: string;
      page_url: string;
    }[];
    for (const used of seeded.filter((p) => p.page_url)) {
      const radio = form.getByRole('radio', {
        name: `${used.page_url} (used by ${used.header})`,
        exact: true,
      });
      expect(await radio.isDisabled(), used.page_url).toBe(true);
    }
    await form.getByRole('radio', { name: '/EventPage1', exact: true }).check();
    const preview = form.getByRole('region', { name: 'Preview', exact: true });
    await preview.getByRole('heading', { name: 'Spring Huddle 2027' }).waitFor();
    await preview.getByText('workshops').waitFor();
    await oneCommit(
      () => form.getByRole('button', { name: 'Submit' }).click(),
      'Submitted successfully!',
      /^event-pages: create \d+ "Spring Huddle 2027"$/,
    );

    await row(page, 'Spring Huddle 2027').getByText('Hidden', { exact: true }).waitFor();
    const item = await openItem(page, 'Spring Huddle 2027');
    await item.getByText('Hidden', { exact: true }).waitFor();
    expect(await item.getByRole('button', { name: 'Hide Page' }).isDisabled()).toBe(true);
    await publicLacks('/EventPage1', 'Spring Huddle 2027');
    await oneCommit(
      () => item.getByRole('button', { name: 'Show Page' }).click(),
      'The page is now shown.',
      /^event-pages: update /,
    );
    await expect.poll(() => item.getByRole('button', { name: 'Show Page' }).isDisabled()).toBe(true);
    expect(await item.getByRole('button', { name: 'Hide Page' }).isDisabled()).toBe(false);
    await publicShows('/EventPage1', 'Spring Huddle 2027');
    // The add form (still unfolded under the list) now treats /EventPage1 as taken.
    await backToList(page);
    await row(page, 'Spring Huddle 2027').getByText('Shown', { exact: true }).waitFor();
    await expect
      .poll(() =>
        form
          .getByRole('radio', { name: '/EventPage1 (used by Spring Huddle 2027)', exact: true })
          .isDisabled(),
      )
      .toBe(true);

    await openItem(page, 'Spring Huddle 2027');
    // Its own URL stays choosable in its own form.
    expect(await item.getByRole('radio', { name: '/EventPage1', exact: true }).isChecked()).toBe(true);
    expect(await item.getByRole('radio', { name: '/EventPage1', exact: true }).isDisabled()).toBe(false);
    await tb(item, 'Header').fill('Spring Huddle 2027 in Bend');
    await updateBackToList(
      item,
      'Updated successfully!',
      /^event-pages: update /,
      'Spring Huddle 2027 in Bend',
    );
    await publicShows('/EventPage1', 'Spring Huddle 2027 in Bend');
    await deleteItem('Spring Huddle 2027 in Bend', 'Are you sure you want to delete this event page?');
  });
});

/** Fills one text of a singleton section and saves it with Update. */
async function updateText(section: string, label: string, value: string, subject: RegExp) {
  const region = page.getByRole('region', { name: section, exact: true });
  await tb(region, label).fill(value);
  // The save sends only what changed: a fill that did not land would end in 'Nothing has changed…'
  expect(await tb(region, label).inputValue()).toBe(value);
  await oneCommit(
    () => region.getByRole('button', { name: 'Update' }).click(),
    'Updated successfully!',
    subject,
    region,
  );
}

describe('texts', () => {
  it('policy text, with its preview', async () => {
    await openAdmin(page, site, '/PolicyAdminPage');
    const region = page.getByRole('region', { name: 'Policy text' });
    await tb(region, 'Policy text').fill('Every high school should offer **computer science** by 2030.');
    await region
      .getByRole('region', { name: 'Preview of Policy text' })
      .locator('strong', { hasText: 'computer science' })
      .waitFor();
    await oneCommit(
      () => region.getByRole('button', { name: 'Update' }).click(),
      'Updated successfully!',
      /^policyText: update$/,
      region,
    );
    await publicShows('/researchAndPolicy', 'by 2030.');
  });

  it('home page: every text field, with previews', async () => {
    await openAdmin(page, site, '/HomePageAdminPage');
    const region = page.getByRole('region', { name: 'Home page text' });
    for (const label of [
      'Banner heading',
      'Section 1 heading',
      'Section 1 text',
      'Statistics heading',
      'First large number',
      'Quote',
      'Quote attribution',
      'Section 3 text',
    ]) {
      expect(await region.getByRole('textbox', { name: label, exact: true }).count(), label).toBe(1);
    }
    await updateText(
      'Home page text',
      'Section 1 heading',
      'Computer science for every Oregon student',
      /^homePage: update$/,
    );
    await publicShows('/', 'Computer science for every Oregon student');
  });

  it('footer legal notice', async () => {
    await openAdmin(page, site, '/FooterAdminPage');
    await updateText(
      'Legal notice',
      'Legal notice',
      '© 2027 CS for Oregon. All rights reserved.',
      /^footer: update$/,
    );
    await publicShows('/news', '© 2027 CS for Oregon. All rights reserved.');
  });
});

describe('about us', () => {
  it('mission and values; profiles sorted by last name, added and edited in a dialog with a headshot, deleted', async () => {
    await openAdmin(page, site, '/AboutUsAdminPage');
    await updateText(
      'Mission and values',
      'Our mission',
      'We bring computer science to every classroom.',
      /^aboutText: update$/,
    );
    await publicShows('/about', 'We bring computer science to every classroom.');

    const profiles = page.getByRole('region', { name: 'Profiles' });
    const lastWords = async () =>
      (await profiles.locator('li.admin-row .admin-row-title').allTextContents()).map((n) =>
        n.trim().split(/\s+/).pop()!.toLowerCase(),
      );
    const sorted = (xs: string[]) => [...xs].sort((a, b) => a.localeCompare(b));
    expect(await lastWords()).toEqual(sorted(await lastWords()));

    await profiles.getByRole('button', { name: 'Add a profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a profile' });
    await tb(dialog, 'Name').fill('Avery Quinn Aaronson');
    await tb(dialog, 'Title').fill('**Director** of teacher programs');
    await dialog.getByLabel('Headshot', { exact: true }).setInputFiles(PNG);
    await oneCommit(
      () => dialog.getByRole('button', { name: 'Submit' }).click(),
      'Submitted successfully!',
      /^profiles: create \d+ "Avery Quinn Aaronson"$/,
    );
    await dialog.waitFor({ state: 'hidden' });
    // The list refetches after the save: the new card comes a moment after the dialog closes.
    await expect.poll(async () => (await lastWords())[0]).toBe('aaronson');
    await publicShows('/about', 'Avery Quinn Aaronson');
    expect(await pub.locator('img[src*="/media/profiles/"]').count()).toBeGreaterThan(0);

    await row(page, 'Avery Quinn Aaronson').getByRole('link').click();
    const edit = page.getByRole('dialog', { name: 'Edit Avery Quinn Aaronson' });
    expect(await edit.getByRole('img', { name: 'Current headshot' }).getAttribute('src')).toMatch(
      /^\/media\/profiles\//,
    );
    await tb(edit, 'Name').fill('Avery Quinn Zwick');
    await oneCommit(
      () => edit.getByRole('button', { name: 'Update' }).click(),
      'Updated successfully!',
      /^profiles: update /,
    );
    // Not by its name: the refreshed dialog may be named after the new name for a moment before it closes.
    await page.locator('dialog.admin-dialog[open]').waitFor({ state: 'detached' });
    await expect.poll(async () => (await lastWords()).at(-1)).toBe('zwick');
    await deleteItem('Avery Quinn Zwick', 'Are you sure you want to delete this Profile?');
  });
});

describe('summer symposium', () => {
  it('dropdown events with an icon, and the workshop schedule image', async () => {
    await openAdmin(page, site, '/DropDownEventsAdminPage');
    const form = await openAddForm(page, 'Add a dropdown event');
    await tb(form, 'Title').fill('Keynote: AI in the classroom');
    await tb(form, 'Content').fill('Our keynote speaker talks about *AI*.');
    await form.getByLabel('Icon', { exact: true }).setInputFiles(PNG);
    await oneCommit(
      () => form.getByRole('button', { name: 'Submit' }).click(),
      'Submitted successfully!',
      /^event-dropdowns: create \d+ /,
    );
    await publicShows('/summerOfCS', 'Keynote: AI in the classroom');
    const item = await openItem(page, 'Keynote: AI in the classroom');
    expect(await item.locator('img').getAttribute('src')).toMatch(/^\/media\/event-dropdowns\//);
    await tb(item, 'Title').fill('Keynote: AI and CS in the classroom');
    await updateBackToList(
      item,
      'Updated successfully!',
      /^event-dropdowns: update /,
      'Keynote: AI and CS in the classroom',
    );
    await publicShows('/summerOfCS', 'Keynote: AI and CS in the classroom');
    await deleteItem(
      'Keynote: AI and CS in the classroom',
      'Are you sure you want to delete this Dropdown Event?',
    );

    const schedule = page.getByRole('region', { name: 'Workshop schedule image' });
    await schedule.getByLabel('Schedule image', { exact: true }).setInputFiles(PNG);
    await oneCommit(
      () => schedule.getByRole('button', { name: 'Update' }).click(),
      'Updated successfully!',
      /^workshopSchedule: update$/,
      schedule,
    );
    await expect
      .poll(() => schedule.locator('img').first().getAttribute('src'))
      .toMatch(/^\/media\/site\/workshop-schedule\.png\?v=/);
  });
});

describe('educators', () => {
  it('texts, the main button, and resources with a logo', async () => {
    await openAdmin(page, site, '/ResourcesAdminPage');
    await updateText(
      'Texts around the main button',
      'Professional development (above the button)',
      'Free workshops all year round.',
      /^educatorTexts: update$/,
    );
    await updateText('Main button', 'Button text', 'See the summer institute', /^educatorButton: update$/);
    await publicShows('/educators', 'Free workshops all year round.');
    await pub.getByText('See the summer institute').first().waitFor();

    const resources = page.getByRole('region', { name: 'Resources' });
    const form = await openAddForm(resources, 'Add a resource');
    await tb(form, 'Resource name').fill('Code Club lessons');
    await tb(form, 'Link').fill('example.org/lessons');
    await form.getByLabel('Logo', { exact: true }).setInputFiles(PNG);
    await oneCommit(
      () => form.getByRole('button', { name: 'Submit' }).click(),
      'Submitted successfully!',
      /^resources: create \d+ "Code Club lessons"$/,
    );
    // A bare host gets https:// (DESIGN decision 12).
    const added = await openItem(page, 'Code Club lessons');
    expect(await tb(added, 'Link').inputValue()).toBe('https://example.org/lessons');
    expect(await added.getByRole('img', { name: 'Current logo' }).getAttribute('src')).toMatch(
      /^\/media\/resources\//,
    );
    await publicShows('/educators', 'Code Club lessons');
    await deleteItem('Code Club lessons', 'Are you sure you want to delete this Resource?');
  });
});

describe('spotlight', () => {
  it('adds a slide with an image, edits and deletes it', async () => {
    await openAdmin(page, site, '/SpotlightAdminPage');
    const form = await openAddForm(page, 'Add a slide');
    await tb(form, 'Title').fill('Ms. Rivera, Hood River');
    await tb(form, 'Text').fill('Started the first CS club in her county.');
    await form.getByLabel('Image', { exact: true }).setInputFiles(PNG);
    await oneCommit(
      () => form.getByRole('button', { name: 'Submit' }).click(),
      'Submitted successfully!',
      /^spotlight: create \d+ /,
    );
    await publicShows('/about', 'Ms. Rivera, Hood River');
    const item = await openItem(page, 'Ms. Rivera, Hood River');
    await tb(item, 'Title').fill('Ms. Rivera, Hood River High');
    await updateBackToList(
      item,
      'Updated successfully!',
      /^spotlight: update /,
      'Ms. Rivera, Hood River High',
    );
    await publicShows('/about', 'Ms. Rivera, Hood River High');
    await deleteItem(
      'Ms. Rivera, Hood River High',
      'Are you sure you want to delete this Spotlight Profile?',
    );
  });
});

describe('state policies', () => {
  it('adds a card with its implementation mark, edits, deletes', async () => {
    await openAdmin(page, site, '/StatePolicyAdminPage');
    const form = await openAddForm(page, 'Add a policy card');
    await tb(form, 'Title').fill('CS counts toward graduation');
    await tb(form, 'Text').fill('A CS course can count as a math credit.');
    await form.getByRole('radio', { name: 'Implemented', exact: true }).check();
    await oneCommit(
      () => form.getByRole('button', { name: 'Submit' }).click(),
      'Submitted successfully!',
      /^state-policies: create \d+ "CS counts toward graduation"$/,
    );
    await publicShows('/researchAndPolicy', 'CS counts toward graduation');
    await row(page, 'CS counts toward graduation').getByText('Implemented', { exact: true }).waitFor();
    const item = await openItem(page, 'CS counts toward graduation');
    await item.getByRole('radio', { name: 'Not Implemented' }).check();
    await updateBackToList(
      item,
      'Updated successfully!',
      /^state-policies: update /,
      'CS counts toward graduation',
    );
    await row(page, 'CS counts toward graduation').getByText('Not Implemented', { exact: true }).waitFor();
    await deleteItem('CS counts toward graduation', 'Are you sure you want to delete this Policy?');
    await publicLacks('/researchAndPolicy', 'CS counts toward graduation');
  });
});

describe('messages', () => {
  it('lists contact messages and deletes one, without touching the site history', async () => {
    const res = await site.api('/api/handle_form.php', {
      method: 'POST',
      json: {
        name: 'Jamie Doe',
        title: 'Teacher',
        employer: 'Salem High',
        email: 'jamie@example.org',
        contact: 'How do I join the institute?',
      },
    });
    expect(res.status).toBeLessThan(300);
    await openAdmin(page, site, '/MessagesAdminPage');
    const item = page.locator('li.admin-item', { hasText: 'Jamie Doe' });
    await item.getByText('How do I join the institute?').waitFor();
    expect(await item.getByRole('link', { name: /jamie@example.org/ }).getAttribute('href')).toBe(
      'mailto:jamie@example.org',
    );
    const before = commitCount(site);
    const asked = acceptConfirm(page);
    const noticed = await watchNotices(page);
    await item.getByRole('button', { name: 'Delete the message from Jamie Doe' }).click();
    expect(await asked).toBe('Are you sure you want to delete this message?');
    await noticed(page, 'Deleted.');
    await item.waitFor({ state: 'detached' });
    expect(commitCount(site)).toBe(before);
  });
});

describe('markdown helper', () => {
  it('every button of the spec, the site colours, a custom colour, font size 3.1vh by default, and a live preview', async () => {
    await openAdmin(page, site, '/MarkdownEditor');
    await page.locator('.w-md-editor').waitFor();
    for (const name of [
      'Bold',
      'Italic',
      'Quotes',
      'Underline',
      'Blockquote',
      'Heading 1',
      'Heading 2',
      'Line break',
      'Indent',
      'Text colour',
      'Custom colour text',
      'Centre',
      'Right align',
      'Text size',
      'Font size',
      'Link',
    ]) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(1);
    }
    expect(await page.getByLabel('Font size (vh)').inputValue()).toBe('3.1');
    // The site's colours are in the "Text colour" menu, as in every markdown field.
    await page.getByRole('button', { name: 'Text colour' }).click();
    for (const name of ['Red text', 'Blue text', 'Green text'])
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(1);
    expect(await page.getByRole('button', { name: 'Red text' }).getAttribute('title')).toContain('#A8431F');
    await page.getByRole('button', { name: 'Text colour' }).click(); // closes the menu again
    expect(await page.getByRole('button', { name: 'Red text' }).count()).toBe(0);
    const text = tb(page, 'Your text');
    const preview = page.getByRole('region', { name: 'Live preview' });
    const apply = async (button: string) => {
      await text.fill('hello');
      await text.selectText();
      await page.getByRole('button', { name: button, exact: true }).click();
      return text.inputValue();
    };
    expect(await apply('Bold')).toBe('**hello**');
    await preview.locator('strong', { hasText: 'hello' }).waitFor();
    expect(await apply('Underline')).toBe('<u>hello</u>');
    await preview.locator('u', { hasText: 'hello' }).waitFor();
    await text.fill('hello');
    await text.selectText();
    await page.getByRole('button', { name: 'Text colour' }).click();
    await page.getByRole('button', { name: 'Red text', exact: true }).click();
    expect(await text.inputValue()).toBe('<span style="color: #A8431F">hello</span>');
    expect(
      await preview.locator('span', { hasText: 'hello' }).evaluate((e) => getComputedStyle(e).color),
    ).toBe('rgb(168, 67, 31)');
    expect(await apply('Font size')).toBe('<span style="font-size: 3.1vh">hello</span>');
    await page.getByLabel('Custom colour', { exact: true }).fill('#123456');
    expect(await apply('Custom colour text')).toBe('<span style="color: #123456">hello</span>');
    expect(
      await preview.locator('span', { hasText: 'hello' }).evaluate((e) => getComputedStyle(e).color),
    ).toBe('rgb(18, 52, 86)');
    expect(await apply('Centre')).toContain('<div style="text-align: center">');
    expect(
      await preview
        .locator('div', { hasText: 'hello' })
        .last()
        .evaluate((e) => getComputedStyle(e).textAlign),
    ).toBe('center');
    expect(await apply('Heading 2')).toBe('## hello');
    await preview.getByRole('heading', { level: 2, name: 'hello' }).waitFor();
  });
});

it('no page logged an error', () => {
  expect(pageErrors().filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
