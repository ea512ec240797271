// The outbox against real receivers on loopback: an SMTP server (smtp-server) and an HTTP webhook.
// What reaches them, what a visitor's words cannot do to the email's headers, retries with back-off,
// giving up into the audit log, and the status the admin home reads.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../audit/auditLog.ts';
import { setSiteTimeZone } from '../schema/siteTime.ts';
import { eventually } from '../testing/eventually.ts';
import {
  closedPort,
  startSilentSmtp,
  startSmtp,
  startWebhook,
  type TestSmtp,
  type TestWebhook,
} from '../testing/noticeReceivers.ts';
import { MessageNotices } from './messageNotices.ts';
import { NO_NOTICES, noticesFromEnv, type NoticeSettings } from './noticeSettings.ts';
import type { NoticeMessage } from './noticeText.ts';

const ADMIN_URL = 'https://csed.example.org/MessagesAdminPage';
const message = (over: Partial<NoticeMessage> = {}): NoticeMessage => ({
  id: '7',
  name: 'Ada Teacher',
  title: 'CS teacher',
  employer: 'Bend HS',
  email: 'ada@example.org',
  contact: 'How do I join the Winter institute?\nWe are three teachers.',
  received: '2026-11-25T20:15:00.000Z',
  ...over,
});

let dir: string;
let smtp: TestSmtp;
let hook: TestWebhook;
let audit: AuditLog;
const open: MessageNotices[] = [];

const notices = (over: Partial<NoticeSettings>) => {
  const n = new MessageNotices(
    { ...NO_NOTICES, timeoutMs: 2000, ...over },
    { record: (e) => audit.record(e) },
  );
  open.push(n);
  return n;
};
const email = (url: string, to = ['office@csed.example.org', 'chair@csed.example.org']) => ({
  url,
  to,
  from: 'cms@csed.example.org',
});

beforeAll(async () => {
  setSiteTimeZone('America/Los_Angeles'); // the email gives the time in the site's zone
  dir = await mkdtemp(path.join(tmpdir(), 'cms-notices-'));
  smtp = await startSmtp();
  hook = await startWebhook();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((n) => n.close()));
  smtp.mails.length = 0;
  hook.calls.length = 0;
  hook.answers.length = 0;
});
beforeEach(async () => {
  audit = new AuditLog(await mkdtemp(path.join(dir, 'private-')));
});
afterAll(async () => {
  await smtp?.close();
  await hook?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('email over SMTP', () => {
  it('reaches every address on the list, signed in to the mail server, in plain words with the admin link', async () => {
    const n = notices({ email: email(smtp.url()) });
    n.announce(message(), ADMIN_URL);
    await eventually(() => smtp.mails.length === 1, 5000, 'the mail');
    const [mail] = smtp.mails;
    expect(mail!.user).toBe('notices');
    expect(mail!.from).toBe('cms@csed.example.org');
    expect(mail!.to).toEqual(['office@csed.example.org', 'chair@csed.example.org']);
    expect(mail!.headers).toEqual(
      expect.arrayContaining([
        'Subject: New message from Ada Teacher through the contact form',
        'Reply-To: ada@example.org',
        'To: office@csed.example.org, chair@csed.example.org',
        'From: cms@csed.example.org',
      ]),
    );
    const body = mail!.text;
    expect(body).toContain(
      "Ada Teacher, CS teacher (Bend HS) wrote through the website's contact form on November 25, 2026 at 12:15 PM PST.",
    );
    expect(body).toContain('How do I join the Winter institute?\nWe are three teachers.');
    expect(body).toContain(`Read and answer messages in the admin: ${ADMIN_URL}`);
    await eventually(() => n.status().email?.lastSent !== null, 2000);
    expect(n.status()).toMatchObject({
      email: {
        to: expect.stringMatching(
          /^office@csed\.example\.org, chair@csed\.example\.org \(through 127\.0\.0\.1:\d+\)$/,
        ),
        lastFailure: null,
      },
      webhook: null,
      waiting: 0,
    });
    // The account's password is never part of what the admin is shown.
    expect(JSON.stringify(n.status())).not.toContain('smtp-secret');
  });

  it('a visitor cannot add headers or recipients with line breaks in the name, title or address', async () => {
    const n = notices({ email: email(smtp.url(), ['office@csed.example.org']) });
    n.announce(
      message({
        name: 'Eve\r\nBcc: victim@evil.example\r\nX-Injected: yes',
        title: 'x\nCc: other@evil.example',
        email: 'eve@evil.example\r\nBcc: third@evil.example',
      }),
      ADMIN_URL,
    );
    await eventually(() => smtp.mails.length === 1, 5000, 'the mail');
    const [mail] = smtp.mails;
    expect(mail!.to).toEqual(['office@csed.example.org']);
    const { headers } = mail!;
    expect(headers.filter((h) => /^(Bcc|Cc|X-Injected):/i.test(h))).toEqual([]);
    expect(headers).toContain(
      'Subject: New message from Eve Bcc: victim@evil.example X-Injected: yes through the contact form',
    );
    // An address that is not one plain address is no Reply-To at all.
    expect(headers.some((h) => /^Reply-To:/i.test(h))).toBe(false);
  });

  it('a wrong password fails the try with the mail server’s refusal, said plainly', async () => {
    const n = notices({ email: email(smtp.url('notices', 'wrong')), retryDelaysMs: [] });
    n.announce(message(), ADMIN_URL);
    await eventually(() => n.status().email?.lastFailure, 5000, 'the failure');
    expect(n.status().email!.lastFailure).toMatchObject({
      reason: 'the mail server refused the user name or password',
      retrying: false,
    });
    expect(smtp.mails).toEqual([]);
  });

  it('a mail server that refuses the connection: failed, tried again after the waits, then given up into the audit log', async () => {
    const port = await closedPort();
    const n = notices({ email: email(`smtp://notices:x@127.0.0.1:${port}`), retryDelaysMs: [50, 50] });
    n.announce(message(), ADMIN_URL);
    await eventually(() => n.status().email?.lastFailure, 5000, 'the first failure');
    await eventually(() => n.status().email!.lastFailure!.retrying === false, 5000, 'giving up');
    expect(n.status().email!.lastFailure!.reason).toBe('the mail server refused the connection');
    expect(n.status().waiting).toBe(0);
    await audit.idle();
    const { entries } = await audit.read();
    expect(entries.map(({ time: _t, ...e }) => e)).toEqual([
      {
        action: 'notice-failed',
        entity: 'messages',
        id: '7',
        detail: expect.stringMatching(
          /^email to office@csed\.example\.org, chair@csed\.example\.org \(through 127\.0\.0\.1:\d+\): the mail server refused the connection \(after 3 tries\)$/,
        ),
      },
    ]);
  });

  it('a mail server that never answers fails the try at the time-out, and `announce` never waits for it', async () => {
    const silent = await startSilentSmtp();
    try {
      const n = notices({ email: email(silent.url), retryDelaysMs: [], timeoutMs: 400 });
      const started = performance.now();
      n.announce(message(), ADMIN_URL);
      expect(performance.now() - started).toBeLessThan(50);
      expect(n.status()).toMatchObject({ waiting: 1, email: { lastFailure: null } });
      await eventually(() => n.status().email?.lastFailure, 5000, 'the time-out');
      expect(n.status().email!.lastFailure!.reason).toBe('the mail server did not answer in time');
      expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    } finally {
      await silent.close();
    }
  });
});

it('stopping does not wait out a silent mail server, and records nothing of the try cut short', async () => {
  const silent = await startSilentSmtp();
  try {
    const n = notices({ email: email(silent.url), retryDelaysMs: [], timeoutMs: 10_000 });
    n.announce(message(), ADMIN_URL);
    const started = performance.now();
    await n.close(300);
    expect(performance.now() - started).toBeLessThan(2000);
    await audit.idle();
    expect((await audit.read()).entries).toEqual([]);
  } finally {
    await silent.close();
  }
});

describe('the webhook', () => {
  it('gets the message as JSON: a line for chat tools, every field, and the admin link', async () => {
    const n = notices({ webhook: hook.url });
    n.announce(message({ contact: 'Hi <!channel> & all' }), ADMIN_URL);
    await eventually(() => hook.calls.length === 1, 5000, 'the webhook call');
    expect(hook.calls[0]!.contentType).toBe('application/json');
    expect(hook.calls[0]!.body).toEqual({
      text: `New message from Ada Teacher, CS teacher (Bend HS) &lt;ada@example.org&gt;: Hi &lt;!channel&gt; &amp; all ${ADMIN_URL}`,
      message: {
        id: '7',
        name: 'Ada Teacher',
        title: 'CS teacher',
        employer: 'Bend HS',
        email: 'ada@example.org',
        message: 'Hi <!channel> & all',
        received: '2026-11-25T20:15:00.000Z',
      },
      adminUrl: ADMIN_URL,
    });
    // Shown to the admin: the webhook's origin, never its path (chat tools keep a secret there).
    await eventually(() => n.status().webhook?.lastSent, 2000);
    expect(n.status().webhook!.to).toBe(new URL(hook.url).origin);
  });

  it('a failing webhook is tried again after each wait in turn (back-off), and a later success clears it', async () => {
    hook.answers.push(500, 503);
    const n = notices({ webhook: hook.url, retryDelaysMs: [150, 450, 1000] });
    n.announce(message(), ADMIN_URL);
    await eventually(() => hook.calls.length === 1, 5000);
    await eventually(() => n.status().webhook?.lastFailure, 2000);
    expect(n.status().webhook!.lastFailure).toMatchObject({
      reason: 'the webhook answered 500 Internal Server Error',
      retrying: true,
    });
    await eventually(() => hook.calls.length === 3, 5000, 'the third try');
    const [a, b, c] = hook.calls.map((x) => x.at);
    expect(b! - a!).toBeGreaterThanOrEqual(150);
    expect(c! - b!).toBeGreaterThanOrEqual(450);
    await eventually(() => n.status().webhook?.lastSent, 2000);
    expect(n.status().waiting).toBe(0);
    // Sent after all: nothing for the audit log.
    await audit.idle();
    expect((await audit.read()).entries).toEqual([]);
    expect(hook.calls).toHaveLength(3);
  });

  it('notices of several messages go one at a time, in order, each retried on its own', async () => {
    hook.answers.push(500);
    const n = notices({ webhook: hook.url, retryDelaysMs: [50] });
    n.announce(message({ id: '1' }), ADMIN_URL);
    n.announce(message({ id: '2' }), ADMIN_URL);
    expect(n.status().waiting).toBe(2);
    await eventually(() => hook.calls.length === 3 && n.status().waiting === 0, 5000);
    expect(hook.calls.map((c) => (c.body as { message: { id: string } }).message.id)).toEqual([
      '1',
      '1',
      '2',
    ]);
  });

  it('with email and webhook both set, one failing does not hold up the other', async () => {
    const port = await closedPort();
    const n = notices({
      email: email(`smtp://notices:x@127.0.0.1:${port}`),
      webhook: hook.url,
      retryDelaysMs: [],
    });
    n.announce(message(), ADMIN_URL);
    await eventually(() => hook.calls.length === 1 && n.status().email?.lastFailure, 5000);
    expect(n.status().webhook!.lastFailure).toBeNull();
  });
});

describe('settings from the environment', () => {
  it('without any, nothing is sent', () => {
    const n = notices(noticesFromEnv({}));
    expect(n.enabled).toBe(false);
    n.announce(message(), ADMIN_URL);
    expect(n.status()).toEqual({ email: null, webhook: null, waiting: 0 });
  });

  it('reads the list of addresses and the sender, and says plainly what is wrong', () => {
    expect(
      noticesFromEnv({
        CMS_SMTP_URL: 'smtp://u:p@mail.example.org:587',
        CMS_NOTIFY_TO: ' office@csed.example.org, chair@csed.example.org ',
        CMS_NOTIFY_WEBHOOK: 'https://chat.example.org/hooks/abc',
      }),
    ).toMatchObject({
      email: {
        url: 'smtp://u:p@mail.example.org:587',
        to: ['office@csed.example.org', 'chair@csed.example.org'],
        from: 'office@csed.example.org',
      },
      webhook: 'https://chat.example.org/hooks/abc',
    });
    expect(() => noticesFromEnv({ CMS_SMTP_URL: 'smtp://mail.example.org' })).toThrow(/CMS_NOTIFY_TO is not/);
    expect(() => noticesFromEnv({ CMS_NOTIFY_TO: 'a@example.org' })).toThrow(/CMS_SMTP_URL is not/);
    expect(() =>
      noticesFromEnv({ CMS_SMTP_URL: 'http://mail.example.org', CMS_NOTIFY_TO: 'a@example.org' }),
    ).toThrow(/smtp:\/\/user:password@/);
    expect(() =>
      noticesFromEnv({
        CMS_SMTP_URL: 'smtp://mail.example.org',
        CMS_NOTIFY_TO: 'a@example.org, not an address',
      }),
    ).toThrow(/"not an address" is not one/);
    expect(() => noticesFromEnv({ CMS_NOTIFY_WEBHOOK: 'ftp://x' })).toThrow(/CMS_NOTIFY_WEBHOOK/);
  });
});
