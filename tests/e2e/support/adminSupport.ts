// Helpers for the admin browser suites: sign-in, small real files to upload, item cards, git checks.
import type { Locator, Page } from 'playwright-core';
import { TEST_ADMIN, type TestSite } from '../../../server/testing/testSite.ts';

/** A tiny but real PDF (the server checks the %PDF- magic bytes). */
export const PDF = {
  name: 'study.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n'),
};

/** A 1×1 PNG. */
export const PNG = {
  name: 'picture.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
};

/** Another 1×1 PNG (orange), for replacing an image with different bytes. */
export const PNG2 = {
  name: 'other.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN40RAHAAQaAcf4+KF/AAAAAElFTkSuQmCC', 'base64'),
};

export const ADMIN_ROUTES = [
  '/admin', '/EventsAdminPage', '/pdfPage', '/NewsAdminPage', '/BannerAdminPage', '/MajorEventsAdminPage',
  '/PolicyAdminPage', '/AboutUsAdminPage', '/DropDownEventsAdminPage', '/ResourcesAdminPage', '/SpotlightAdminPage',
  '/HomePageAdminPage', '/FooterAdminPage', '/StatePolicyAdminPage', '/MarkdownEditor', '/MessagesAdminPage',
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

/** The list card of an item, found by its title. */
export const card = (page: Page, title: string): Locator => page.locator('li.admin-item').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Accepts the next confirm() and records its text. */
export function acceptConfirm(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (d) => { resolve(d.message()); void d.accept(); });
  });
}

export const commitCount = (site: TestSite) => Number(site.git('rev-list', '--count', 'HEAD').trim());
export const lastCommit = (site: TestSite) => {
  const [author, subject] = site.git('log', '-1', '--format=%an%x09%s').trim().split('\t');
  return { author: author!, subject: subject! };
};

/** Waits until the success notice with this text shows. */
export const notice = (scope: Page | Locator, text: string | RegExp) =>
  scope.locator('.admin-notice-success').filter({ hasText: text }).first().waitFor();
