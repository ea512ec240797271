// A contact message through the real server with notices set up: the visitor's answer does not wait
// for a mail server that never answers, the webhook gets the message with the admin's link, the
// failure reaches the admin's summary and the audit log, the count of new messages is each person's
// own, and only staff who read messages hear of any of it on the live stream.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openEventStream, startTestSite, type TestSite } from '../../testing/testSite.ts';
import { startSilentSmtp, startWebhook, type TestWebhook } from '../../testing/noticeReceivers.ts';
import { NO_NOTICES } from '../../contact/noticeSettings.ts';
import type { MessageSummary } from '../../schema/messageNotices.ts';
import { CONTACT_MESSAGE } from '../../testing/contactMessage.ts';

const MESSAGE = CONTACT_MESSAGE;
const PEOPLE = {
  contributor: { username: 'cora', password: 'cora-password-1', role: 'contributor' as const },
  editor: { username: 'eddie', password: 'eddie-password-1', role: 'editor' as const },
};
/** How long one try at the silent mail server waits before it counts as failed. */
const MAIL_TIMEOUT_MS = 3000;

let site: TestSite;
let silent: Awaited<ReturnType<typeof startSilentSmtp>>;
let hook: TestWebhook;
const cookies: Record<'admin' | 'editor' | 'contributor', string> = {
  admin: '',
  editor: '',
  contributor: '',
};

const send = () =>
  site.api('/api/handle_form.php', { method: 'POST', json: MESSAGE, headers: { cookie: '' } });
const summary = async (who: keyof typeof cookies) => {
  const res = await site.api('/api/messages/summary', { headers: { cookie: cookies[who] } });
  expect(res.status).toBe(200);
  return (await res.json()) as MessageSummary;
};

const PUBLIC_URL = 'https://csed.example.org';

beforeAll(async () => {
  silent = await startSilentSmtp();
  hook = await startWebhook();
  site = await startTestSite({
    publicUrl: PUBLIC_URL,
    notices: {
      email: { url: silent.url, to: ['office@csed.example.org'], from: 'cms@csed.example.org' },
      webhook: hook.url,
      retryDelaysMs: [],
      timeoutMs: MAIL_TIMEOUT_MS,
    },
  });
  for (const p of Object.values(PEOPLE)) await site.deps.users.add(p);
  for (const who of ['editor', 'contributor'] as const)
    cookies[who] = await site.signIn(PEOPLE[who].username, PEOPLE[who].password);
  cookies.admin = await site.signIn();
});
afterAll(async () => {
  await site?.stop();
  await silent?.close();
  await hook?.close();
});

describe('a message with notices set up', () => {
  it('is answered at once while the mail server has not said a word; the webhook gets it; the failure is shown and audited', async () => {
    const editor = await openEventStream(`${site.url}/api/stream`, { cookie: cookies.editor });
    const contributor = await openEventStream(`${site.url}/api/stream`, { cookie: cookies.contributor });
    const visitor = await openEventStream(`${site.url}/api/stream`);
    for (const s of [editor, contributor, visitor]) expect((await s.next()).event).toBe('ready');

    const started = performance.now();
    const res = await send();
    const answeredMs = performance.now() - started;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Thank you! Your message has been sent.' });
    // The answer came well before the mail server's try could end, and that try is still under way.
    expect(answeredMs).toBeLessThan(MAIL_TIMEOUT_MS / 2);
    const during = await summary('editor');
    expect(during.notices.email).toMatchObject({ to: expect.stringContaining('office@csed.example.org') });
    expect(during.notices.email!.lastFailure).toBeNull();

    await eventually(() => hook.calls.length === 1, 5000, 'the webhook call');
    expect(hook.calls[0]!.body).toMatchObject({
      message: { id: '1', name: 'Ada Teacher', email: 'ada@example.org', message: MESSAGE.contact },
      adminUrl: `${PUBLIC_URL}/MessagesAdminPage`, // the site's own address, never the request's
    });

    // Staff who read messages hear of the message, then of the notices' status.
    expect(JSON.parse((await editor.next()).data).endpoints).toEqual(['messages']);
    await eventually(
      async () => (await summary('editor')).notices.email?.lastFailure,
      MAIL_TIMEOUT_MS + 5000,
    );
    const after = await summary('editor');
    expect(after.notices.email!.lastFailure).toMatchObject({
      reason: 'the mail server did not answer in time',
      retrying: false,
    });
    expect(after.notices.webhook).toMatchObject({ to: new URL(hook.url).origin, lastFailure: null });
    const heard: string[] = [];
    for (;;) {
      const next = await editor.next(1000).catch(() => null);
      if (!next) break;
      if (next.event !== 'change') continue; // the editor's own notices (the bell) come too
      heard.push(...(JSON.parse(next.data) as { endpoints: string[] }).endpoints);
    }
    expect(heard).toContain('message-notices');
    // A contributor may not read messages: their stream says nothing of them; nor does the public one.
    await expect(contributor.next(300)).rejects.toThrow(/No event/);
    await expect(visitor.next(300)).rejects.toThrow(/No event/);
    for (const s of [editor, contributor, visitor]) s.close();

    await site.deps.audit.idle();
    const audited = (await site.deps.audit.read()).entries.filter((e) => e.action === 'notice-failed');
    expect(audited).toEqual([
      expect.objectContaining({
        entity: 'messages',
        id: '1',
        detail: expect.stringMatching(
          /^email to office@csed\.example\.org \(through 127\.0\.0\.1:\d+\): the mail server did not answer in time \(after one try\)$/,
        ),
      }),
    ]);
    const page = await site.api('/api/admin/audit?action=notice-failed', {
      headers: { cookie: cookies.admin },
    });
    expect(JSON.stringify(await page.json())).toContain('the mail server did not answer in time');
  });

  it('counts new messages for each person until they have seen them, and only for those who read messages', async () => {
    expect((await summary('editor')).unseen).toBe(1);
    expect((await summary('admin')).unseen).toBe(1);
    const list = (await (
      await site.api('/api/messages', { headers: { cookie: cookies.editor } })
    ).json()) as {
      received: string;
    }[];
    const seen = await site.api('/api/messages/seen', {
      method: 'POST',
      json: { upTo: list[0]!.received },
      headers: { cookie: cookies.editor },
    });
    expect(seen.status).toBe(200);
    expect(((await seen.json()) as MessageSummary).unseen).toBe(0);
    expect((await summary('admin')).unseen).toBe(1);
    expect((await send()).status).toBe(200);
    expect((await summary('editor')).unseen).toBe(1);
    expect((await summary('admin')).unseen).toBe(2);
    // A time in the future does not hide messages still to come.
    await site.api('/api/messages/seen', {
      method: 'POST',
      json: { upTo: '2999-01-01T00:00:00.000Z' },
      headers: { cookie: cookies.editor },
    });
    expect((await send()).status).toBe(200);
    expect((await summary('editor')).unseen).toBe(1);
    const bad = await site.api('/api/messages/seen', {
      method: 'POST',
      json: { upTo: 'yesterday-ish' },
      headers: { cookie: cookies.editor },
    });
    expect(bad.status).toBe(400);

    const refused = [
      await site.api('/api/messages/summary', { headers: { cookie: cookies.contributor } }),
      await site.api('/api/messages/seen', {
        method: 'POST',
        json: { upTo: list[0]!.received },
        headers: { cookie: cookies.contributor },
      }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403]);
  });
});

describe('without notices set up', () => {
  it('nothing is sent and the summary says so', async () => {
    const plain = await startTestSite({ notices: NO_NOTICES });
    try {
      await plain.signIn();
      const res = await plain.api('/api/handle_form.php', { method: 'POST', json: MESSAGE });
      expect(res.status).toBe(200);
      const answer = (await (await plain.api('/api/messages/summary')).json()) as MessageSummary;
      expect(answer).toEqual({
        unseen: 1,
        notices: { email: null, webhook: null, waiting: 0 },
        alerts: [],
      });
    } finally {
      await plain.stop();
    }
  });
});

describe('without the site address (CMS_PUBLIC_URL)', () => {
  it('a notice names the Messages page without a link, whatever host the visitor’s request named', async () => {
    const own = await startWebhook();
    const plain = await startTestSite({ notices: { ...NO_NOTICES, webhook: own.url, retryDelaysMs: [] } });
    try {
      const { port } = new URL(plain.url);
      const body = JSON.stringify(MESSAGE);
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/handle_form.php',
            headers: {
              host: 'phishing.example.net',
              origin: 'http://phishing.example.net',
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(status).toBe(200);
      await eventually(() => own.calls.length === 1, 5000, 'the webhook call');
      const sent = own.calls[0]!.body as { adminUrl: unknown; text: string };
      expect(sent.adminUrl).toBeNull();
      expect(JSON.stringify(sent)).not.toContain('phishing.example.net');
    } finally {
      await plain.stop();
      await own.close();
    }
  });
});
