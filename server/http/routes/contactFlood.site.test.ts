// The contact form under a flood (the issue: 300 messages from 300 addresses behind a proxy were all
// kept in 1.8 s). Over HTTP against a running site behind TRUST_PROXY, each message from its own
// X-Forwarded-For address: past the site-wide limit an hour the rest are refused (429, the form's
// words, Retry-After) and the admin hears of it once; past the room set aside for messages a new one
// is refused (507) and nothing kept changes; /api/health says how much is kept and the bound.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, TEST_ADMIN, type TestSite } from '../../testing/testSite.ts';
import { NO_NOTICES } from '../../contact/noticeSettings.ts';
import { CONTACT_MESSAGE } from '../../testing/contactMessage.ts';
import { CONTACT_BUSY, CONTACT_FULL } from '../../schema/site/contactForm.ts';
import type { MessageSummary } from '../../schema/messageNotices.ts';
import type { AuditEntry } from '../../schema/auditEvent.ts';

const HOUR_S = 60 * 60;

/** The messages kept on disk: file name → its text. */
function keptFiles(site: TestSite): Map<string, string> {
  const dir = path.join(site.dataDir, 'private', 'messages');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.md'));
  } catch {
    // none kept yet
  }
  return new Map(names.map((n) => [n, readFileSync(path.join(dir, n), 'utf8')]));
}

const keptBytes = (site: TestSite) =>
  [...keptFiles(site).keys()].reduce(
    (n, name) => n + statSync(path.join(site.dataDir, 'private', 'messages', name)).size,
    0,
  );

/**
 * A message from a visitor at `address`, named by the proxy in X-Forwarded-For (which also says the
 * visitor came over https, as TRUST_PROXY's proxy does); without one, straight from this machine.
 */
async function send(site: TestSite, address?: string, message: Record<string, string> = CONTACT_MESSAGE) {
  const res = await site.api('/api/handle_form.php', {
    method: 'POST',
    json: message,
    headers: { cookie: '', ...(address ? proxied(site, address) : {}) },
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { error?: string; success?: boolean },
  };
}

const proxied = (site: TestSite, address: string) => ({
  origin: site.url.replace('http:', 'https:'),
  'x-forwarded-proto': 'https',
  'x-forwarded-for': address,
});

/** Staff signing in through the proxy (its cookie is a secure one). */
async function signInBehindProxy(site: TestSite): Promise<void> {
  const res = await site.api('/api/login.php', {
    method: 'POST',
    json: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    headers: { cookie: '', ...proxied(site, '198.51.100.20') },
  });
  expect(res.status).toBe(200);
  site.cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function summary(site: TestSite, headers: Record<string, string> = {}): Promise<MessageSummary> {
  const res = await site.api('/api/messages/summary', { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as MessageSummary;
}

async function health(site: TestSite) {
  const res = await site.api('/api/health');
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: { count: number; bytes: number; maxBytes: number } }).messages;
}

async function audited(site: TestSite, action: string): Promise<AuditEntry[]> {
  await site.deps.audit.idle();
  return (await site.deps.audit.read()).entries.filter((e) => e.action === action);
}

describe('a flood of messages from many addresses', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ trustProxy: true, contactPerHour: 10, notices: NO_NOTICES });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('keeps the first ten an hour; the rest are refused with the form’s words and Retry-After; one notice', async () => {
    const addresses = Array.from({ length: 30 }, (_, i) => `203.0.113.${i + 1}`);
    const answers = await Promise.all(addresses.map((a) => send(site, a)));

    const kept = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(kept).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body).toEqual({ error: CONTACT_BUSY });
      // Seconds until the hour that opened with the first message is over.
      expect(Number(r.retryAfter)).toBeGreaterThan(HOUR_S - 120);
      expect(Number(r.retryAfter)).toBeLessThanOrEqual(HOUR_S);
    }
    expect(keptFiles(site).size).toBe(10);

    // Still refused a while later, from yet another address: the window is the hour's, not a burst's.
    const later = await send(site, '198.51.100.7');
    expect(later.status).toBe(429);
    expect(keptFiles(site).size).toBe(10);

    // One notice for the hour, however many were refused, in the admin and in the audit log.
    await signInBehindProxy(site);
    const { alerts } = await summary(site, proxied(site, '198.51.100.20'));
    expect(alerts).toEqual([
      expect.objectContaining({ kind: 'busy', limit: 10, refused: 21, until: expect.any(String) }),
    ]);
    const busy = alerts[0]!;
    const until = busy.kind === 'busy' ? Date.parse(busy.until) : NaN;
    expect(until - Date.now()).toBeGreaterThan((HOUR_S - 120) * 1000);
    const records = await audited(site, 'contact-busy');
    expect(records).toHaveLength(1);
    expect(records[0]!.detail).toMatch(/getting more messages than usual: it took 10 this hour/);
  });

  it('reports what is kept on /api/health', async () => {
    expect(await health(site)).toEqual({ count: 10, bytes: keptBytes(site), maxBytes: 50 * 1024 * 1024 });
  });
});

/** A message from `address` whose sender hangs up as soon as it is sent, never reading the answer. */
function sendAndHangUp(site: TestSite, address: string): Promise<void> {
  const { host, port } = new URL(site.url);
  const body = JSON.stringify(CONTACT_MESSAGE);
  const head = [
    'POST /api/handle_form.php HTTP/1.1',
    `Host: ${host}`,
    ...Object.entries(proxied(site, address)).map(([k, v]) => `${k}: ${v}`),
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
  ].join('\r\n');
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(`${head}\r\n\r\n${body}`, () => {
        socket.destroy();
        resolve();
      }),
    );
    socket.on('error', () => resolve());
  });
}

describe('messages from visitors who hang up at once', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ trustProxy: true, contactPerHour: 10, notices: NO_NOTICES });
    await health(site); // the routes are loaded: messages reach them while their senders hang up
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('count as every message does: no more than the hour’s limit is kept', async () => {
    // Counted only by their answers, such messages were kept but not counted: 46 kept of 10.
    for (let round = 0; round < 5; round++)
      await Promise.all(
        Array.from({ length: 30 }, (_, i) => sendAndHangUp(site, `192.0.2.${round * 30 + i + 1}`)),
      );
    await new Promise((r) => setTimeout(r, 1000));
    expect(keptFiles(site).size).toBeLessThanOrEqual(10);
    // Those not kept (hung up before they were read) gave their place back; the hour's ten hold.
    for (let i = 0; i < 12; i++) await send(site, `198.51.100.${i + 1}`);
    expect(keptFiles(site).size).toBe(10);
  });
});

describe('the room set aside for messages', () => {
  let site: TestSite;
  const ROOM = 1500;
  beforeAll(async () => {
    site = await startTestSite({ messagesMaxBytes: ROOM, notices: NO_NOTICES });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('refuses a message that would pass it with plain words; nothing kept changes; one notice until room is made', async () => {
    expect(await health(site)).toEqual({ count: 0, bytes: 0, maxBytes: ROOM });
    expect((await send(site)).status).toBe(200);
    const first = await health(site);
    expect(first).toEqual({ count: 1, bytes: keptBytes(site), maxBytes: ROOM });
    expect(first.bytes).toBeGreaterThan(100);

    const before = keptFiles(site);
    const long = { ...CONTACT_MESSAGE, contact: 'A long question. '.repeat(80) };
    for (let i = 0; i < 2; i++) {
      const refused = await send(site, undefined, long);
      expect(refused).toEqual({ status: 507, retryAfter: null, body: { error: CONTACT_FULL } });
    }
    expect(keptFiles(site)).toEqual(before);
    expect(await health(site)).toEqual(first);

    await site.signIn();
    const { alerts } = await summary(site);
    expect(alerts).toEqual([expect.objectContaining({ kind: 'full', bytes: first.bytes, maxBytes: ROOM })]);
    expect(await audited(site, 'contact-full')).toHaveLength(1);

    // A short one still fits and is kept.
    expect((await send(site)).status).toBe(200);
    expect(keptFiles(site).size).toBe(2);

    // Deleting a message makes room: the notice goes, and the health count follows.
    const del = await site.api('/api/messages?id=1', { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await summary(site)).alerts).toEqual([]);
    expect(await health(site)).toEqual({ count: 1, bytes: keptBytes(site), maxBytes: ROOM });
  });
});
