// Messages reach someone (issue 23): on an open admin home a visitor's message raises the Messages
// entry's count live, its email reaches a real SMTP server and its JSON the webhook; with the mail
// server gone the visitor's send is still answered at once and the home shows the failure as it
// happens. Opening the Messages page clears the count. axe on the home at 1280 and 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, type TestSite } from '../../server/testing/testSite.ts';
import {
  startSmtp,
  startWebhook,
  type TestSmtp,
  type TestWebhook,
} from '../../server/testing/noticeReceivers.ts';
import { NO_NOTICES } from '../../server/contact/noticeSettings.ts';
import { useSignedInSite } from './support/signedInSite.ts';
import { AXE_TAGS, axe } from './support/axe.ts';
import { openPage } from './support/browser.ts';
import { openAdmin } from './support/adminSupport.ts';
import { CONTACT_MESSAGE } from '../../server/testing/contactMessage.ts';

const MESSAGE = CONTACT_MESSAGE;

let smtp: TestSmtp;
let hook: TestWebhook;
let site: TestSite;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtp();
  hook = await startWebhook();
});
useSignedInSite(
  (s, b) => {
    site = s;
    browser = b;
  },
  () => ({
    notices: {
      ...NO_NOTICES,
      email: { url: smtp.url(), to: ['office@csed.example.org'], from: 'cms@csed.example.org' },
      webhook: hook.url,
      retryDelaysMs: [],
    },
  }),
);
afterAll(async () => {
  await smtp?.close();
  await hook?.close();
});

/** A visitor sends the contact form; resolves with how long the answer took (ms). */
async function visitorSends(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${site.url}/api/handle_form.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify(MESSAGE),
  });
  expect(res.status).toBe(200);
  return performance.now() - started;
}

async function axeAt(page: Page, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 900 });
  const { violations } = await axe(page).withTags(AXE_TAGS).analyze();
  return violations.map((v) => `@${width} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

it('a message raises the count on the open admin home, reaches the mail server and the webhook; a dead mail server is shown, not waited for', async () => {
  const { page, context, takeErrors } = await openPage(browser);
  await openAdmin(page, site, '/admin');
  const notices = page.getByRole('region', { name: 'When a visitor sends a message' });
  await expect
    .poll(() => notices.textContent())
    .toMatch(/Email notices go to office@csed\.example\.org \(through 127\.0\.0\.1:\d+\)\./);
  expect(await notices.textContent()).toContain(
    `Notices are also posted to the webhook at ${new URL(hook.url).origin}.`,
  );
  const messagesEntry = page.locator('summary', { hasText: 'Messages' });
  expect(await messagesEntry.textContent()).toBe('Messages');

  await visitorSends();
  // Live: the page is not reloaded.
  await messagesEntry.getByText('1 new').waitFor();
  await eventually(() => smtp.mails.length === 1 && hook.calls.length === 1, 10_000, 'the notices');
  expect(smtp.mails[0]!.to).toEqual(['office@csed.example.org']);
  expect(smtp.mails[0]!.text).toContain('How do I join the Winter institute?');
  // No CMS_PUBLIC_URL here: the page is named, not linked at the address the visitor's browser used.
  expect(smtp.mails[0]!.text).toContain('Read and answer messages in the admin, on its Messages page.');
  expect(hook.calls[0]!.body).toMatchObject({ message: { name: 'Ada Teacher', message: MESSAGE.contact } });
  await expect.poll(() => notices.textContent()).toMatch(/Last sent /);

  // The mail server goes away: the visitor is answered at once all the same, the count rises and
  // the home says the notice failed, as it happens.
  await smtp.close();
  expect(await visitorSends()).toBeLessThan(1000);
  await messagesEntry.getByText('2 new').waitFor();
  const alert = page.getByRole('alert').filter({ hasText: 'The last email notice could not be sent' });
  await alert.waitFor();
  expect(await alert.textContent()).toMatch(
    /^The last email notice could not be sent \(.+\): the mail server refused the connection\. No more tries are made for it; the audit log lists it\.$/,
  );
  await eventually(() => hook.calls.length === 2, 10_000, 'the second webhook call');

  const violations = [...(await axeAt(page, 1280)), ...(await axeAt(page, 390))];
  expect(violations).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Reading the messages clears the count.
  await messagesEntry.click();
  await page.getByRole('link', { name: 'Open Messages' }).click();
  await page.getByRole('heading', { name: 'Contact messages' }).waitFor();
  await page.getByText('How do I join the Winter institute?').first().waitFor();
  await eventually(async () => {
    const res = await site.api('/api/messages/summary');
    return ((await res.json()) as { unseen: number }).unseen === 0;
  }, 5000);
  await page.getByRole('link', { name: 'Go Back' }).click();
  await notices.waitFor();
  await expect.poll(() => messagesEntry.textContent()).toBe('Messages');

  await context.close();
  expect(takeErrors()).toEqual([]);
});
