// The contact form's email rule: the same check in the form and in handle_form.php, a 400 naming the
// field, nothing kept; and messages kept before the rule still list for staff; five an hour.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_INVALID, emailProblem } from '../../schema/email.ts';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';

describe('emailProblem', () => {
  it('accepts addresses we can answer and names the problem otherwise', () => {
    const good = ['ada@example.org', ' Ada.Lovelace+cs@k12.or.us ', "o'brien@district.example.com", ''];
    for (const ok of good) {
      expect(emailProblem(ok), ok).toBeUndefined();
    }
    const bads = [
      'not-an-email',
      'ada@',
      '@example.org',
      'ada@localhost',
      'ada @example.org',
      'ada@example.org.',
      'ada@@example.org',
      'ada@-example.org',
      'ada@example..org',
      'ada@example.org<script>',
    ];
    for (const bad of bads) {
      expect(emailProblem(bad), bad).toBe(EMAIL_INVALID);
    }
  });
});

describe('handle_form.php', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  const messagesDir = () => path.join(site.dataDir, 'private', 'messages');
  const kept = () => {
    try {
      return readdirSync(messagesDir()).length;
    } catch {
      return 0;
    }
  };
  const post = async (body: Record<string, string>) => {
    const res = await site.api('/api/handle_form.php', { method: 'POST', json: body });
    type Answer = { error?: string; fields?: Record<string, string> };
    return { status: res.status, body: (await res.json()) as Answer };
  };
  const message = { name: 'Ada', title: 'Teacher', employer: '', email: 'ada@example.org', contact: 'Hello' };

  it('refuses an email that is not an address with 400 {error, fields} and keeps nothing', async () => {
    expect(await post({ ...message, email: 'not-an-email' })).toEqual({
      status: 400,
      body: { error: EMAIL_INVALID, fields: { email: EMAIL_INVALID } },
    });
    expect(kept()).toBe(0);
  });

  it('says "Please fill all fields" first when something is missing, with each field\'s own', async () => {
    const res = await post({ ...message, name: '', email: 'not-an-email' });
    const fields = { name: 'Please fill all fields', email: EMAIL_INVALID };
    expect(res).toEqual({ status: 400, body: { error: 'Please fill all fields', fields } });
    expect(kept()).toBe(0);
  });

  it('keeps a message with a good address, and still lists one kept before the rule', async () => {
    expect((await post(message)).status).toBe(200);
    mkdirSync(messagesDir(), { recursive: true });
    writeFileSync(
      path.join(messagesDir(), '9.md'),
      '---\nname: Old\ntitle: Teacher\nemployer: ""\n' +
        'email: old at school\nreceived: "2025-01-01T00:00:00.000Z"\n---\nHi\n',
    );
    await site.signIn();
    const list = (await (await site.api('/api/messages')).json()) as { name: string; email: string }[];
    expect(list.map((m) => [m.name, m.email])).toEqual([
      ['Ada', 'ada@example.org'],
      ['Old', 'old at school'],
    ]);
  });

  it('takes five messages an hour from an address; refused ones do not count', async () => {
    // Two refused and one kept above: four more are kept, the sixth is refused (windowCounters.ts).
    for (let i = 0; i < 4; i++) expect((await post({ ...message, contact: `Hello ${i}` })).status).toBe(200);
    const refused = await post({ ...message, contact: 'Once more' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toContain('Too many messages from your address');
  });
});
