// The outbox on its own, with a resolver the test controls and a real receiver on loopback: each
// call checks the address again (a name that now leads inside is refused and nothing is sent), the
// socket goes to the address that was checked (the name exists only in the test's resolver), and a
// call still waiting when the outbox stops is sent by the next one to start on the same folder.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { closedPort, startWebhook, type TestWebhook } from '../testing/noticeReceivers.ts';
import type { ResolvedAddress } from './addressCheck.ts';
import { signatureOf, Webhooks, type WebhooksOptions } from './webhooks.ts';
import type { WebhookBody } from '../schema/webhooks.ts';
import { WEBHOOKS_FILE } from './webhookFile.ts';

const body = (title: string): WebhookBody => ({
  event: 'saved',
  entity: 'news',
  id: '7',
  title,
  url: 'https://csed.example.org/news',
  commit: 'abc',
  at: new Date().toISOString(),
});

let dir: string;
let hook: TestWebhook;
const open: Webhooks[] = [];
let answer: ResolvedAddress[] = [];
const resolve = (host: string) =>
  host === 'hooks.cms-test.invalid' ? Promise.resolve(answer) : Promise.reject(new Error('ENOTFOUND'));

function outbox(options: Partial<WebhooksOptions> = {}) {
  const w = new Webhooks(dir, {
    rules: { allowPrivate: false, resolve },
    record: () => Promise.resolve(),
    ...options,
  });
  open.push(w);
  return w;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cms-webhooks-'));
  hook = await startWebhook();
});
afterAll(async () => {
  for (const w of open) await w.close();
  await hook.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the webhooks outbox', () => {
  it('connects to the address it checked, with the URL’s own name in Host', async () => {
    const port = new URL(hook.url).port;
    answer = [{ address: '127.0.0.1', family: 4 }];
    const w = outbox({ rules: { allowPrivate: true, resolve } });
    await w.start();
    const { id, secret } = await w.add(
      { url: `http://hooks.cms-test.invalid:${port}/in`, events: ['saved'] },
      'admin',
    );
    w.announce([body('Pinned')]);
    await eventually(() => expect(hook.calls).toHaveLength(1));
    const call = hook.calls[0]!;
    expect(call.headers.host).toBe(`hooks.cms-test.invalid:${port}`);
    expect(call.headers['x-signature-256']).toBe(signatureOf(call.raw.toString(), secret));
    await w.idle();
    await w.remove(id, 'admin');
    await w.close();
  });

  it('checks the address again at each call: a name that now leads inside is refused, nothing sent', async () => {
    answer = [{ address: '93.184.216.34', family: 4 }];
    const w = outbox({ retryDelaysMs: [] });
    await w.start();
    const { id } = await w.add(
      { url: `https://hooks.cms-test.invalid:${new URL(hook.url).port}/`, events: ['saved'] },
      'admin',
    );
    answer = [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const before = hook.calls.length;
    w.announce([body('Rebound')]);
    await eventually(() => expect(w.list().hooks[0]!.deliveries).toHaveLength(1));
    expect(w.list().hooks[0]!.deliveries[0]).toMatchObject({
      ok: false,
      status: null,
      attempt: 1,
      error: expect.stringMatching(/leads to 127\.0\.0\.1.*private network.*given up after 1 try/),
    });
    expect(hook.calls.length).toBe(before);
    await w.remove(id, 'admin');
    await w.close();
  });

  it('sends after a restart what was still waiting when it stopped', async () => {
    const port = await closedPort();
    answer = [{ address: '127.0.0.1', family: 4 }];
    const first = outbox({ rules: { allowPrivate: true, resolve }, retryDelaysMs: [60_000] });
    await first.start();
    const { id } = await first.add(
      { url: `http://hooks.cms-test.invalid:${port}/`, events: ['saved'] },
      'admin',
    );
    first.announce([body('Waited through a restart')]);
    await eventually(() => expect(first.list().hooks[0]!.deliveries).toHaveLength(1));
    expect(first.list().hooks[0]!.deliveries[0]).toMatchObject({
      ok: false,
      error: 'the webhook refused the connection',
      nextTry: expect.any(String),
    });
    await first.close();
    const kept = JSON.parse(await readFile(path.join(dir, WEBHOOKS_FILE), 'utf8')) as { outbox: unknown[] };
    expect(kept.outbox).toHaveLength(1);

    // The receiver is back at the hook's address (now the test's receiver) and the retry is due.
    const file = path.join(dir, WEBHOOKS_FILE);
    const text = (await readFile(file, 'utf8')).replace(`:${port}/`, `:${new URL(hook.url).port}/`);
    await writeFile(file, text);
    const before = hook.calls.length;
    const later = new Date(Date.now() + 61_000);
    const second = outbox({ rules: { allowPrivate: true, resolve }, now: () => later });
    await second.start();
    await eventually(() => expect(hook.calls.length).toBe(before + 1));
    expect(hook.calls.at(-1)!.body).toMatchObject({ title: 'Waited through a restart' });
    await second.idle();
    const hookView = second.list().hooks.find((h) => h.id === id)!;
    expect(hookView.waiting).toBe(0);
    expect(hookView.deliveries[0]).toMatchObject({ ok: true, attempt: 2 });
  });
});
