// The Webhooks page in Chromium: an admin adds a hook (a receiver on loopback, with private addresses
// allowed), sees its secret once with how to check signatures, a refused address is named beside its
// box, the secret is gone after a reload, and removing asks first and takes the hook off the list.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestSite } from '../../server/testing/testSite.ts';
import { startWebhook, type TestWebhook } from '../../server/testing/noticeReceivers.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { openPage } from './support/browser.ts';
import { openAdmin } from './support/adminSupport.ts';
import { axeViolationsAtWidths } from './support/axe.ts';

let site: TestSite;
let browser: Browser;
let hook: TestWebhook;

beforeAll(async () => {
  hook = await startWebhook();
});
afterAll(async () => {
  await hook?.close();
});

useSignedInSite(
  (s, b) => {
    site = s;
    browser = b;
  },
  () => ({ webhooksAllowPrivate: true }),
);

it('adds a webhook, shows its secret once, and removes it after a confirmation', async () => {
  const { page, context, takeErrors } = await openPage(browser);
  await openAdmin(page, site, '/admin/webhooks');
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  await page.getByText('No webhooks yet.').waitFor();

  // A refused address: the message is beside the box, and nothing is added.
  await page.getByLabel('Address to call').fill('ftp://example.org/hook');
  await page.getByRole('button', { name: 'Add the webhook' }).click();
  await page
    .getByText(/must start with https:\/\//)
    .first()
    .waitFor();
  expect(await page.getByLabel('Address to call').getAttribute('aria-invalid')).toBe('true');
  // The browser logs the refusal's 400; nothing else.
  expect(takeErrors().filter((e) => !/status of 400/.test(e))).toEqual([]);

  await page.getByLabel('Address to call').fill(hook.url);
  await page.getByLabel(/An item is saved or restored/).check();
  await page.getByRole('button', { name: 'Add the webhook' }).click();
  const secretBox = page.getByRole('textbox', { name: 'Secret', exact: true });
  await secretBox.waitFor();
  const secret = await secretBox.inputValue();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await page.getByText('it is shown only once').waitFor();
  await page.getByText('X-Signature-256').waitFor();
  const card = page.getByRole('article').filter({ hasText: hook.url });
  await card.waitFor();
  expect(await card.textContent()).toContain('published, saved');
  expect(await axeViolationsAtWidths(page, 'webhooks with a secret shown')).toEqual([]);

  // A save on the live site: the call is listed with its answer.
  await site.api('/api/news.php', {
    method: 'POST',
    json: { title: 'Told by webhook', when_date: '2026-05-01' },
  });
  await expect.poll(() => hook.calls.length).toBe(1);

  // Shown once: after a reload the secret is nowhere on the page, and the call is listed.
  await page.reload();
  await card.waitFor();
  await card.getByText('Told by webhook').waitFor();
  expect(await page.content()).not.toContain(secret);

  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await card.getByRole('button', { name: /Remove the webhook/ }).click();
  await page.getByText('No webhooks yet.').waitFor();
  expect(asked).toContain(hook.url);
  expect(takeErrors()).toEqual([]);
  await context.close();
});
