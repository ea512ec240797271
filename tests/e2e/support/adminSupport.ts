// Helpers for the admin browser suites: sign-in, small real files to upload, list lines and opened
// items, git checks.
import type { Locator, Page } from 'playwright-core';
import { TEST_ADMIN, type TestSite } from '../../../server/testing/testSite.ts';

/** A tiny but real PDF (the server checks the %PDF- magic bytes). */
export const PDF = {
  name: 'study.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  ),
};

/** A 1×1 PNG. */
export const PNG = {
  name: 'picture.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** Another 1×1 PNG (orange), for replacing an image with different bytes. */
export const PNG2 = {
  name: 'other.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN40RAHAAQaAcf4+KF/AAAAAElFTkSuQmCC',
    'base64',
  ),
};

export const ADMIN_ROUTES = [
  '/admin',
  '/EventsAdminPage',
  '/pdfPage',
  '/NewsAdminPage',
  '/BannerAdminPage',
  '/MajorEventsAdminPage',
  '/PolicyAdminPage',
  '/AboutUsAdminPage',
  '/DropDownEventsAdminPage',
  '/ResourcesAdminPage',
  '/SpotlightAdminPage',
  '/HomePageAdminPage',
  '/FooterAdminPage',
  '/StatePolicyAdminPage',
  '/MarkdownEditor',
  '/PagesAdminPage',
  '/NavigationAdminPage',
  '/MediaLibraryAdminPage',
  '/MessagesAdminPage',
  '/AuditLogAdminPage',
  '/admin/drafts',
  '/RedirectsAdminPage',
  '/LanguagesAdminPage',
  '/admin/translations',
  '/ContentChecksAdminPage',
  '/admin/accounts',
  '/admin/webhooks',
] as const;

export async function signInAt(page: Page, url: string, password = TEST_ADMIN.password): Promise<void> {
  await page.getByLabel('Username').fill(TEST_ADMIN.username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (password === TEST_ADMIN.password) await page.getByText('Signed in as').waitFor();
  void url;
}

/** Opens an admin page, signing in first when the sign-in form shows. */
export async function openAdmin(page: Page, site: TestSite, route: string): Promise<void> {
  await page.goto(site.url + route);
  const form = page.getByRole('button', { name: 'Sign in' });
  const signedIn = page.getByText('Signed in as');
  await form.or(signedIn).first().waitFor();
  if (await form.isVisible()) await signInAt(page, site.url);
}

/** The line of an item in a collection's list, found by its title. */
export const row = (scope: Page | Locator, title: string): Locator =>
  scope.locator('li.admin-row').filter({ has: scope.getByRole('link', { name: title, exact: true }) });

/** The opened item: a panel in place of the list, or a dialog for entities edited in one. */
export const openedItem = (page: Page): Locator =>
  page.locator('.admin-item-panel, dialog.admin-dialog[open]').first();

/** Opens an item from its line in the list (or keeps it when it is the one open) for editing. */
export async function openItem(page: Page, title: string): Promise<Locator> {
  // Read in one step: the panel may close between a visibility check and a second look, and a
  // locator read would then wait its full timeout for a heading that is gone.
  const shown = await page.evaluate(() => {
    const open = document.querySelector('.admin-item-panel, dialog.admin-dialog[open]');
    const heading = open?.querySelector('h1, h2, h3, h4, h5, h6, [role="heading"]');
    return heading?.textContent?.trim().replace(/^Edit /, '');
  });
  if (shown === title) return itemOpened(page, title);
  if (await page.locator('.admin-item-panel').isVisible()) await backToList(page);
  await row(page, title).getByRole('link', { name: title, exact: true }).click();
  return itemOpened(page, title);
}

/** Waits until the item titled `title` is open with its fields (opened by a click, a key, an address). */
export async function itemOpened(page: Page, title: string): Promise<Locator> {
  const item = openedItem(page);
  await item
    .getByRole('heading', { name: new RegExp(`^(Edit )?${escapeRegExp(title)}$`) })
    .first()
    .waitFor();
  await item.locator('form, .admin-fields').first().waitFor();
  return item;
}

export async function backToList(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await page.locator('li.admin-row').first().waitFor();
}

/** Unfolds a section's add form with its Add button; returns the form's card. */
export async function openAddForm(scope: Page | Locator, label: string): Promise<Locator> {
  await scope.getByRole('button', { name: label, exact: true }).click();
  const form = scope.locator('.admin-add').first();
  await form.waitFor();
  return form;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Accepts the next confirm() and records its text. */
export function acceptConfirm(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (d) => {
      resolve(d.message());
      void d.accept();
    });
  });
}

export const commitCount = (site: TestSite) => Number(site.git('rev-list', '--count', 'HEAD').trim());
export const lastCommit = (site: TestSite) => {
  const [author, subject] = site.git('log', '-1', '--format=%an%x09%s').trim().split('\t');
  return { author: author!, subject: subject! };
};

export type NoticeCheck = (scope: Page | Locator, text: string | RegExp, timeout?: number) => Promise<void>;

/**
 * Starts watching the page's success notices; call it before the action. A success notice stays
 * until the reader's next action after 6 s, so one from an earlier save may still show: only a
 * notice drawn since this call counts. A MutationObserver in the page records every success notice
 * the moment React puts it into the page (each notice is a new element, the same words again
 * included), and the returned check passes once one with this text was recorded inside `scope`
 * since this call. On a timeout it says what the scope shows instead (an error notice, a busy form).
 */
export async function watchNotices(page: Page): Promise<NoticeCheck> {
  const mark = await page.evaluate(() => {
    type Rec = { text: string; slot: Element | null };
    const w = window as unknown as { __adminNotices?: Rec[] };
    if (!w.__adminNotices) {
      const seen = new WeakMap<Element, string>();
      const records: Rec[] = [];
      w.__adminNotices = records;
      const scan = () => {
        for (const el of document.querySelectorAll('.admin-notice-success')) {
          const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
          if (seen.get(el) === text) continue;
          seen.set(el, text);
          // The slot around a notice stays in the page after the notice goes.
          records.push({ text, slot: el.parentElement });
        }
      };
      scan();
      new MutationObserver(scan).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['class'],
      });
    }
    return w.__adminNotices.length;
  });
  return async (scope, text, timeout = 30_000) => {
    const roots = 'goto' in scope ? scope.locator('body') : scope;
    const wanted =
      typeof text === 'string'
        ? { s: text.toLowerCase(), re: '', flags: '' }
        : { s: '', re: text.source, flags: text.flags };
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = await roots
        .evaluateAll(
          (els, { mark, wanted }) => {
            const fits = (t: string) =>
              wanted.re ? new RegExp(wanted.re, wanted.flags).test(t) : t.toLowerCase().includes(wanted.s);
            const inScope = (n: Element | null) => n !== null && els.some((root) => root.contains(n));
            const records =
              (window as unknown as { __adminNotices?: { text: string; slot: Element | null }[] })
                .__adminNotices ?? [];
            return records.slice(mark).some((r) => fits(r.text) && inScope(r.slot));
          },
          { mark, wanted },
        )
        .catch(() => false);
      if (found) return;
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const shows = await roots
      .evaluateAll((els) => {
        const errors = els.flatMap((root) =>
          [...root.querySelectorAll('.admin-notice-error, [role="alert"]')].map(
            (el) => el.textContent?.trim() ?? '',
          ),
        );
        const busy = els.reduce((n, root) => n + root.querySelectorAll('[aria-busy="true"]').length, 0);
        return `${errors.length ? `error notices ${JSON.stringify(errors)}` : 'no error notice'} and ${busy} busy form(s)`;
      })
      .catch(() => 'nothing (the page went away)');
    throw new Error(`No success notice ${String(text)} within ${timeout} ms; the page shows ${shows}.`);
  };
}

/** Signs in as `user` on the sign-in form an admin route shows signed out. */
export async function signInAs(
  page: Page,
  site: TestSite,
  route: string,
  user: { username: string; password: string },
): Promise<void> {
  await page.goto(site.url + route);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Signed in as').waitFor();
}
