// Roles and accounts in Chromium, as a small team uses them (issue 21): the admin invites a
// contributor by a link; Cleo signs up through it, turns on two-step sign-in (the code computed
// from the key the page shows, as her phone would), signs in again with a code, starts a draft from
// the News page, adds a news item there and sends it for review. Publishing is refused to her: no
// button, and a POST from her page answers 403. An editor, invited the same way, approves and
// publishes it, and a visitor's open /news page shows it without a reload. axe finds nothing on
// the new screens (Accounts, Your account with the two-step set-up and the recovery codes, the
// invite, the reset link, the sign-in's second step) at 1280 and 390 px.
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { AXE_TAGS, axe as axeOf } from './support/axe.ts';
import { openPage, type WatchedPage } from './support/browser.ts';
import { acceptConfirm, openAddForm, openAdmin, watchNotices } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

const CLEO = {
  username: 'cleo',
  name: 'Cleo Contributor',
  email: 'cleo@example.org',
  password: 'cleo-long-password-1',
};
const ERIN = {
  username: 'erin',
  name: 'Erin Editor',
  email: 'erin@example.org',
  password: 'erin-long-password-1',
};
const DRAFT = 'Cleo’s spring news';
const ITEM = 'Robotics club visits the Capitol';
const WIDTHS = [1280, 390];

/** One line per violation, printed as found. */
async function scan(page: Page, where: string): Promise<string[]> {
  await page.waitForFunction(() => !document.querySelector('.admin-loading, .admin [aria-busy="true"]'));
  const { violations } = await axeOf(page).withTags(AXE_TAGS).analyze();
  const lines = violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) — ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  if (lines.length) console.log(lines.join('\n'));
  return lines;
}

/** axe at each width; the page's width is back at 1280 afterwards. */
async function scanWidths(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    found.push(...(await scan(page, `${where} @${width}`)));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}

/** The admin makes an invite link for `role` on the Accounts page; returns its address. */
async function invite(page: Page, role: 'Contributor' | 'Editor'): Promise<string> {
  const section = page.locator('section', {
    has: page.getByRole('heading', { level: 2, name: 'Invite someone' }),
  });
  await section.getByLabel('Their role').selectOption({ label: role });
  await section.getByRole('button', { name: 'Make an invite link' }).click();
  const link = section.getByLabel('Invite link');
  await link.waitFor();
  await section
    .getByText(`An invite to join as ${role === 'Editor' ? 'an editor' : 'a contributor'}.`)
    .waitFor();
  return link.inputValue();
}

/** Someone opens an invite link and makes their account; they land signed in on the admin home. */
async function signUp(page: Page, url: string, person: typeof CLEO): Promise<void> {
  await page.goto(url);
  await page.getByText('You are invited to make an account').waitFor();
  await page.getByLabel('User name').fill(person.username);
  await page.getByLabel('Your name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Repeat the password').fill(person.password);
  await page.getByRole('button', { name: 'Make my account' }).click();
  await page.waitForURL(`${site.url}/admin`);
  await page.getByText(`Signed in as ${person.name}`).waitFor();
}

/** The key the account page shows, read as an authenticator app would take it. */
async function appFromKey(page: Page): Promise<TOTP> {
  const key = (await page.locator('.admin-key code').textContent())!.replace(/\s+/g, '');
  return new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
}

describe('an invited contributor drafts, an editor publishes', () => {
  let admin: WatchedPage;
  let cleo: WatchedPage;
  let erin: WatchedPage;
  let visitor: WatchedPage;
  let app: TOTP;
  let draftId = '';

  it('the admin invites a contributor from the Accounts page (axe: nothing, 1280 and 390 px)', async () => {
    admin = await openPage(browser);
    const { page } = admin;
    await openAdmin(page, site, '/admin');
    await page.getByText('Accounts', { exact: true }).click();
    await page.getByRole('link', { name: 'Open Accounts' }).click();
    await page.waitForURL(`${site.url}/admin/accounts`);
    await page.getByRole('heading', { level: 2, name: 'Accounts' }).waitFor();
    const url = await invite(page, 'Contributor');
    expect(url).toMatch(new RegExp(`^${site.url}/admin/invite/[\\w-]+$`));
    await page.getByText(/^Invite as a contributor, made by admin/).waitFor();
    const found = await scanWidths(page, 'Accounts with an invite link shown');
    // The disable dialog, open.
    await page.getByRole('button', { name: 'Disable the account of Site administrator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable Site administrator’s account?' });
    await dialog.waitFor();
    found.push(...(await scanWidths(page, 'disable dialog')));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(found).toEqual([]);

    // Cleo opens the link in her own browser (axe there too) and makes her account.
    cleo = await openPage(browser);
    await cleo.page.goto(url);
    await cleo.page.getByText('You are invited to make an account').waitFor();
    expect(await scanWidths(cleo.page, 'invite page')).toEqual([]);
    await signUp(cleo.page, url, CLEO);
    expect(site.deps.users.get('cleo')?.role).toBe('contributor');
    // The admin home offers her no Messages, audit log or Accounts.
    const entries = await cleo.page.locator('.admin-home-list summary').allTextContents();
    expect(entries).toContain('Drafts');
    for (const name of ['Messages', 'Audit log', 'Accounts']) expect(entries).not.toContain(name);
    expect(admin.takeErrors()).toEqual([]);
    expect(cleo.takeErrors()).toEqual([]);
  });

  it('Cleo turns on two-step sign-in from her account page, and signs in again with a code', async () => {
    const { page } = cleo;
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.waitForURL(`${site.url}/admin/account`);
    await page.getByRole('heading', { level: 2, name: 'Where you are signed in' }).waitFor();
    await page.getByRole('cell', { name: /This browser/ }).waitFor();
    const found = await scanWidths(page, 'Your account');

    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByRole('img', { name: 'QR code to scan with an authenticator app' }).waitFor();
    found.push(...(await scanWidths(page, 'two-step set-up')));
    app = await appFromKey(page);
    await page.getByLabel('6-digit code from the app').fill(app.generate());
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const codes = page.getByRole('region', { name: 'Your recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    found.push(...(await scanWidths(page, 'recovery codes')));
    await codes.getByRole('button', { name: 'I have kept them safe' }).click();
    await page.getByText('Two-step sign-in is on for your account.').waitFor();
    expect(found).toEqual([]);

    // Signing out here ends this browser's session; signing in asks for the code.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByLabel('Username').fill(CLEO.username);
    await page.getByLabel('Password').fill(CLEO.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.getByLabel('6-digit code');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await scanWidths(page, 'second sign-in step')).toEqual([]);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').waitFor();
    expect(await scanWidths(page, 'second sign-in step, recovery code')).toEqual([]);
    await page.getByRole('button', { name: 'Use the code from my app instead' }).click();
    // The code of the next 30 seconds: the one that turned it on cannot be used again.
    await page.getByLabel('6-digit code').fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Signed in as ${CLEO.name}`).waitFor();
    expect(cleo.takeErrors().filter((e) => !/status of 401/.test(e))).toEqual([]);
  });

  it('Cleo starts a draft from the News page, adds an item there and sends it for review; publishing is refused to her', async () => {
    visitor = await openPage(browser);
    await visitor.page.goto(`${site.url}/news`);
    await visitor.page.locator('.news-title').first().waitFor();
    expect(await visitor.page.getByText(ITEM).count()).toBe(0);

    const { page } = cleo;
    await page.goto(`${site.url}/NewsAdminPage`);
    const notice = page.getByRole('region', {
      name: 'As a contributor you work in drafts: make or open a draft to change the site.',
    });
    await notice.waitFor();
    expect(await page.getByRole('button', { name: 'Add a news item' }).count()).toBe(0);
    expect(await scanWidths(page, 'News page, read-only for a contributor')).toEqual([]);
    await notice.getByLabel('Title of a new draft').fill(DRAFT);
    await notice.getByRole('button', { name: 'Start a draft and work in it' }).click();
    await page.waitForURL(/\/NewsAdminPage\?draft=[a-z0-9-]+$/);
    draftId = new URL(page.url()).searchParams.get('draft')!;

    const notices = await watchNotices(page);
    const form = await openAddForm(page, 'Add a news item');
    await form.getByLabel(/^Title/).fill(ITEM);
    await form.getByLabel(/^Date/).fill('2026-10-10');
    await form.getByRole('button', { name: 'Submit' }).click();
    await notices(page, 'Submitted');
    expect(await (await fetch(`${site.url}/api/news.php`)).text()).not.toContain(ITEM);

    await page
      .getByRole('region', { name: 'Working in a draft' })
      .getByRole('link', { name: 'Open the draft' })
      .click();
    await page.getByRole('heading', { level: 1, name: DRAFT }).waitFor();
    const steps = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'Review and publish' }),
    });
    await steps.getByRole('button', { name: 'Send for review' }).click();
    await page.getByText('This draft is waiting for someone to review it.').waitFor();
    for (const name of ['Publish now', 'Approve', 'Schedule publishing', 'Ask for changes'])
      expect(await steps.getByRole('button', { name }).count(), name).toBe(0);
    // Asked from her page anyway, the server refuses it.
    const refused = await page.evaluate(async (id) => {
      const res = await fetch(`/api/drafts/${id}/publish`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}',
      });
      return { status: res.status, body: (await res.json()) as { error?: string } };
    }, draftId);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/editors and admins/);
    expect(cleo.takeErrors().filter((e) => !/status of 403/.test(e))).toEqual([]);
  });

  it('an editor the admin invites approves and publishes it; the visitor’s open /news page shows it', async () => {
    const url = await invite(admin.page, 'Editor');
    erin = await openPage(browser);
    const { page } = erin;
    await signUp(page, url, ERIN);
    expect(site.deps.users.get('erin')?.role).toBe('editor');
    await page.goto(`${site.url}/admin/drafts/${draftId}`);
    await page.getByRole('heading', { level: 1, name: DRAFT }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`This draft is approved by ${ERIN.name} and ready to publish.`).waitFor();
    const asked = acceptConfirm(page);
    await page.getByRole('button', { name: 'Publish now' }).click();
    expect(await asked).toContain(`Publish “${DRAFT}” now?`);
    await page.getByText('This draft was published: its changes are on the live site.').waitFor();

    await visitor.page.locator('.news-title', { hasText: ITEM }).waitFor({ timeout: 10_000 });
    expect(visitor.takeErrors()).toEqual([]);
    expect(erin.takeErrors()).toEqual([]);
  });

  it('a password-reset link the admin makes opens its page for Cleo (axe: nothing), and works once', async () => {
    const { page } = admin;
    await page.reload();
    const line = page.locator('li.admin-account', { has: page.getByRole('heading', { name: CLEO.name }) });
    await line.getByRole('button', { name: `Make a password-reset link for ${CLEO.name}` }).click();
    const link = page.getByLabel(`Password-reset link for ${CLEO.name}`);
    await link.waitFor();
    const url = await link.inputValue();

    const fresh = await openPage(browser);
    await fresh.page.goto(url);
    await fresh.page.getByText('Choose a new password for the account').waitFor();
    const found = await scanWidths(fresh.page, 'reset page');
    await fresh.page.getByLabel('New password', { exact: true }).fill('cleo’s brand new password');
    await fresh.page.getByLabel('Repeat the new password').fill('cleo’s brand new password');
    await fresh.page.getByRole('button', { name: 'Save the new password' }).click();
    await fresh.page.getByRole('heading', { level: 1, name: 'Your password is changed' }).waitFor();
    await fresh.page.goto(url);
    await fresh.page.getByRole('heading', { level: 1, name: 'This link has ended' }).waitFor();
    found.push(...(await scanWidths(fresh.page, 'ended link page')));
    expect(found).toEqual([]);
    // Cleo's open session ended with the reset: her next call is refused.
    const status = await cleo.page.evaluate(async () => (await fetch('/api/account')).status);
    expect(status).toBe(401);
    expect(fresh.takeErrors().filter((e) => !/status of 404/.test(e))).toEqual([]);
    expect(admin.takeErrors()).toEqual([]);
    await Promise.all([admin, cleo, erin, visitor, fresh].map((w) => w.context.close()));
  });
});
