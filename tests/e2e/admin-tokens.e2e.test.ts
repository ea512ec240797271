// Tokens for scripts in Chromium (issue 37): the admin makes an editor's token on their account page
// with the keyboard, copies it (shown once), a script in Node uses it against the API without a cookie
// or an Origin, the page lists when it was last used and never shows the token again, and revoking it
// (after a confirm) refuses the script at once. axe finds nothing on the section at 1280 and 390 px.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { axeViolations } from './support/axe.ts';
import { openPage } from './support/browser.ts';
import { openAdmin } from './support/adminSupport.ts';

let site: TestSite;
let browser: Browser;

useSignedInSite((s, b) => {
  site = s;
  browser = b;
});

/** A script's call: the token, no cookie, no Origin. */
const script = (token: string, pathname: string, init: { method?: string; json?: unknown } = {}) =>
  fetch(site.url + pathname, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });

describe('tokens for scripts on the account page', () => {
  it('makes a token, a script uses it from Node, and revoking it refuses the script at once', async () => {
    const { page, context, takeErrors } = await openPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await openAdmin(page, site, '/admin/account');
    const section = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'Tokens for scripts' }),
    });
    await section.getByText('You have no tokens.').waitFor();

    // Made with the keyboard: the name, the role (at most the admin's own), Tab to the button, Enter.
    await section.getByLabel('Name').focus();
    await page.keyboard.type('Newsletter script');
    await page.keyboard.press('Tab');
    await section.getByLabel('What it may do').selectOption({ label: 'Editor' });
    expect(await section.getByLabel('What it may do').locator('option').allTextContents()).toEqual([
      'Contributor',
      'Editor',
      'Admin',
    ]);
    await section.getByLabel('What it may do').press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Make the token');
    await page.keyboard.press('Enter');
    await section.getByText('Copy it now: it will not be shown again.').waitFor();
    const token = await section.getByLabel('Your new token').inputValue();
    expect(token).toMatch(/^cms_[0-9a-f]{12}_/);
    await section.getByRole('button', { name: 'Copy the token' }).click();
    await section.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    const line = section.getByRole('row', { name: /Newsletter script/ });
    await line.getByRole('cell', { name: 'Never' }).waitFor();

    // A script in Node: saves on the live site as the admin, at the token's role.
    const saved = await script(token, '/api/news.php?id=1', {
      method: 'PUT',
      json: { title: 'From a script' },
    });
    expect(saved.status).toBe(200);
    expect(site.git('log', '-1', '--format=%an').trim()).toBe('Site administrator');
    const audit = await script(token, '/api/admin/audit');
    expect(audit.status, 'an editor’s token does not read the audit log').toBe(403);

    // Back on the page: last used is shown, the token itself is not.
    await page.reload();
    await section.getByRole('row', { name: /Newsletter script/ }).waitFor();
    await line.getByRole('cell', { name: /from / }).waitFor();
    expect(await page.content()).not.toContain(token);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page, `account page with a token @${width}`)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Revoked after a confirm, with the keyboard: the script is refused at once.
    await section.getByRole('button', { name: 'Revoke “Newsletter script”' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Revoke the token' }).focus();
    await page.keyboard.press('Enter');
    await section.getByText('Revoked “Newsletter script”: it no longer works.').waitFor();
    await section.getByText('You have no tokens.').waitFor();
    const after = await script(token, '/api/drafts');
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: string }).error).toBe(
      'This token is not valid (it may have been revoked).',
    );
    expect(takeErrors()).toEqual([]);
    await context.close();
  }, 60_000);

  it('lets an admin revoke a colleague’s token on the Accounts page', async () => {
    await site.deps.users.add({ username: 'eddie', password: 'eddie-password-1', role: 'editor' });
    const signIn = await site.api('/api/login.php', {
      method: 'POST',
      json: { username: 'eddie', password: 'eddie-password-1' },
      headers: { cookie: '' },
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const made = await site.api('/api/tokens', {
      method: 'POST',
      json: { name: 'Eddie’s calendar sync', role: 'contributor' },
      headers: { cookie },
    });
    const { token } = (await made.json()) as { token: string };
    expect((await script(token, '/api/drafts')).status).toBe(200);

    const { page, context, takeErrors } = await openPage(browser, { width: 390 });
    await openAdmin(page, site, '/admin/accounts');
    const section = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'Tokens for scripts' }),
    });
    const line = section.getByRole('row', { name: /Eddie’s calendar sync/ });
    await line.getByRole('cell', { name: /^(Whose: )?eddie$/ }).waitFor();
    await line.getByRole('button', { name: 'Revoke “Eddie’s calendar sync” of eddie' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke this token?' })
      .getByRole('button', { name: 'Revoke the token' })
      .click();
    await section.getByText('No one has a token.').waitFor();
    expect((await script(token, '/api/drafts')).status).toBe(401);
    expect(takeErrors()).toEqual([]);
    await context.close();
  }, 60_000);
});
