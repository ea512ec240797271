// Webhooks through the real server: a receiver on loopback (CMS_WEBHOOKS_ALLOW_PRIVATE) hears of each
// kind of event, signed with the secret the admin was shown once; a draft's saves are never sent; a
// receiver that fails first is tried again and both tries are listed; a restart sends what waited.
// Without the setting, loopback and http:// addresses are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../testing/testSite.ts';
import { startWebhook, type TestWebhook, type WebhookCall } from '../testing/noticeReceivers.ts';
import { CONTACT_MESSAGE } from '../testing/contactMessage.ts';
import { webhookSignatureValid } from '../remote/webhookSignature.ts';
import { answer } from '../http/routes/writesTestKit.ts';
import type { WebhookAdded, WebhookBody, WebhookList } from '../schema/webhooks.ts';
import { MESSAGE_TITLE } from './webhookEvents.ts';

const PUBLIC_URL = 'https://csed.example.org';
const EDITOR = { username: 'eddie', password: 'eddie-password-1', role: 'editor' as const };

/** Whether the call's X-Signature-256 is the HMAC of its exact bytes under `secret`. */
const signedWith = (call: WebhookCall, secret: string) =>
  webhookSignatureValid({ 'x-hub-signature-256': call.headers['x-signature-256'] }, call.raw, secret);

const bodies = (hook: TestWebhook) => hook.calls.map((c) => c.body as WebhookBody);

const listed = async (site: TestSite) => (await (await site.api('/api/webhooks')).json()) as WebhookList;

async function addHook(site: TestSite, url: string, events: string[]) {
  return answer(site.api('/api/webhooks', { method: 'POST', json: { url, events } }));
}

describe('webhooks with private addresses allowed', () => {
  let site: TestSite;
  let hook: TestWebhook;
  let added: WebhookAdded;

  beforeAll(async () => {
    hook = await startWebhook();
    site = await startTestSite({
      publicUrl: PUBLIC_URL,
      webhooksAllowPrivate: true,
      webhookRetryDelaysMs: [300],
    });
    await site.deps.users.add(EDITOR);
    await site.signIn();
    const res = await addHook(site, hook.url, ['published', 'saved', 'deleted', 'message']);
    expect(res.status).toBe(201);
    added = res.body as unknown as WebhookAdded;
    expect(added.secret).toMatch(/^[0-9a-f]{64}$/);
  });
  afterAll(async () => {
    await site?.stop();
    await hook?.close();
  });

  it('lists the hook without its secret, for admins only', async () => {
    const list = await listed(site);
    expect(list.hooks).toEqual([
      expect.objectContaining({
        id: added.id,
        url: hook.url,
        events: ['published', 'saved', 'deleted', 'message'],
      }),
    ]);
    expect(JSON.stringify(list)).not.toContain(added.secret);
    const editor = await site.signIn(EDITOR.username, EDITOR.password);
    expect((await site.api('/api/webhooks', { headers: { cookie: editor } })).status).toBe(403);
    await site.signIn();
  });

  it('sends a save, a delete and a message, each signed with the secret', async () => {
    const saved = await answer(
      site.api('/api/news.php?shape=typed', {
        method: 'POST',
        json: { title: 'Summer institute opens', when_date: '2026-06-01' },
      }),
    );
    expect(saved.status).toBe(201);
    const id = String(saved.body.id);
    const head = site.git('rev-parse', 'HEAD').trim();
    await eventually(() => expect(hook.calls).toHaveLength(1));
    const call = hook.calls[0]!;
    expect(call.contentType).toBe('application/json');
    expect(signedWith(call, added.secret)).toBe(true);
    expect(signedWith(call, 'another secret')).toBe(false);
    expect(call.body).toEqual({
      event: 'saved',
      entity: 'news',
      id,
      title: 'Summer institute opens',
      url: `${PUBLIC_URL}/news`,
      commit: head,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(Object.keys(call.body as object)).toEqual([
      'event',
      'entity',
      'id',
      'title',
      'url',
      'commit',
      'at',
    ]);

    expect((await site.api(`/api/news.php?id=${id}`, { method: 'DELETE' })).status).toBe(200);
    await eventually(() =>
      expect(bodies(hook).at(-1)).toMatchObject({ event: 'deleted', entity: 'news', id }),
    );

    const sent = await site.api('/api/handle_form.php', {
      method: 'POST',
      json: CONTACT_MESSAGE,
      headers: { cookie: '' },
    });
    expect(sent.status).toBe(200);
    await eventually(() => expect(bodies(hook).at(-1)).toMatchObject({ event: 'message' }));
    const message = hook.calls.at(-1)!;
    expect(message.body).toMatchObject({
      entity: 'contactMessage',
      title: MESSAGE_TITLE,
      url: `${PUBLIC_URL}/MessagesAdminPage`,
      commit: null,
    });
    // Nothing the visitor wrote or who they are.
    for (const value of Object.values(CONTACT_MESSAGE)) expect(message.raw.toString()).not.toContain(value);
    expect(signedWith(message, added.secret)).toBe(true);
  });

  it('sends nothing of a draft while it is saved into, and one published call per item when it is published', async () => {
    const before = hook.calls.length;
    const made = await answer(site.api('/api/drafts', { method: 'POST', json: { title: 'Fall plans' } }));
    const draft = String(made.body.id);
    const first = await answer(
      site.api(`/api/news.php?draft=${draft}&shape=typed`, {
        method: 'POST',
        json: { title: 'Secret fall workshop', when_date: '2026-09-01' },
      }),
    );
    expect(first.status).toBe(201);
    const second = await answer(
      site.api(`/api/news.php?draft=${draft}&shape=typed`, {
        method: 'POST',
        json: { title: 'Secret winter workshop', when_date: '2026-12-01' },
      }),
    );
    expect(second.status).toBe(201);
    // A live save after the draft's: once it is heard, the draft's saves would have been too.
    await answer(
      site.api('/api/news.php?shape=typed', {
        method: 'POST',
        json: { title: 'Live news', when_date: '2026-05-05' },
      }),
    );
    await eventually(() => expect(bodies(hook).at(-1)).toMatchObject({ title: 'Live news' }));
    expect(
      hook.calls
        .slice(before)
        .map((c) => c.raw.toString())
        .join('\n'),
    ).not.toMatch(/Secret|Fall plans/);

    const published = await answer(site.api(`/api/drafts/${draft}/publish`, { method: 'POST', json: {} }));
    expect(published.status).toBe(200);
    await eventually(() =>
      expect(
        bodies(hook)
          .filter((b) => b.event === 'published')
          .map((b) => b.title)
          .sort(),
      ).toEqual(['Secret fall workshop', 'Secret winter workshop']),
    );
    const commit = site.git('rev-parse', 'HEAD').trim();
    expect(
      bodies(hook)
        .filter((b) => b.event === 'published')
        .every((b) => b.commit === commit),
    ).toBe(true);
  });

  it('tries a failing receiver again and lists both tries with their answers', async () => {
    const before = hook.calls.length;
    hook.answers.push(500);
    await answer(
      site.api('/api/news.php?shape=typed', {
        method: 'POST',
        json: { title: 'Retried news', when_date: '2026-05-06' },
      }),
    );
    await eventually(() => expect(hook.calls.length).toBe(before + 2), 5000);
    expect(hook.calls.slice(before).map((c) => (c.body as WebhookBody).title)).toEqual([
      'Retried news',
      'Retried news',
    ]);
    const list = await listed(site);
    const [latest, failed] = list.hooks[0]!.deliveries;
    expect(failed).toMatchObject({
      title: 'Retried news',
      attempt: 1,
      ok: false,
      status: 500,
      error: 'the webhook answered 500 Internal Server Error',
      nextTry: expect.any(String),
    });
    expect(latest).toMatchObject({ title: 'Retried news', attempt: 2, ok: true, status: 204 });
    expect(list.hooks[0]!.waiting).toBe(0);
  });

  it('removes a hook (audited); it hears nothing after', async () => {
    expect((await site.api(`/api/webhooks/${added.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await site.api(`/api/webhooks/${added.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await listed(site)).hooks).toEqual([]);
    const audit = await site.deps.audit.read();
    expect(audit.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['webhook-add', 'webhook-remove']),
    );
    const before = hook.calls.length;
    await answer(
      site.api('/api/news.php?shape=typed', {
        method: 'POST',
        json: { title: 'Unheard', when_date: '2026-05-07' },
      }),
    );
    await site.deps.webhooks.idle();
    await new Promise((r) => setTimeout(r, 200));
    expect(hook.calls.length).toBe(before);
  });
});

describe('webhooks without private addresses allowed', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ webhooksAllowPrivate: false });
    await site.signIn();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it.each([
    ['http://127.0.0.1:9/hook', /https:\/\//],
    ['https://127.0.0.1/hook', /private network/],
    ['https://[::1]/hook', /private network/],
    ['https://localhost/hook', /private network/],
    ['https://10.1.2.3/hook', /private network/],
  ])('refuses %s with 400 and fields.url, and keeps nothing', async (url, words) => {
    const res = await addHook(site, url, ['saved']);
    expect(res.status).toBe(400);
    expect((res.body as { fields: { url: string } }).fields.url).toMatch(words);
    expect((await listed(site)).hooks).toEqual([]);
  });

  it('refuses unknown events', async () => {
    const res = await addHook(site, 'https://hooks.example.org/', ['everything']);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fields: { events: expect.any(String) } });
  });
});
