// Notices to staff through the real server, a real site repository and a real SMTP receiver on
// loopback: each step of a draft's review, an invite used and a visitor's message reach exactly the
// people they concern (never the one who acted), each person's open admin hears its own count over
// the live stream, notices are marked read, chosen ones come by email (batched, linked, with a stop
// link that works), and a mail server that never answers does not slow anything down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openEventStream, startTestSite, type TestSite } from '../testing/testSite.ts';
import { startSilentSmtp, startSmtp, type TestSmtp } from '../testing/noticeReceivers.ts';
import { CONTACT_MESSAGE } from '../testing/contactMessage.ts';
import { NO_NOTICES } from '../contact/noticeSettings.ts';
import { DEFAULT_EMAIL, type NotificationsAnswer } from '../schema/notifications.ts';

const PUBLIC_URL = 'https://csed.example.org';
/** Notices within this time make one email (a minute on a real site). */
const BATCH_MS = 1000;
const PEOPLE = {
  cora: {
    username: 'cora',
    password: 'cora-password-1',
    role: 'contributor' as const,
    name: 'Cora Contributor',
    email: 'cora@csed.example.org',
  },
  vic: {
    username: 'vic',
    password: 'vic-password-11',
    role: 'contributor' as const,
    name: 'Vic Volunteer',
    email: 'vic@csed.example.org',
  },
  edith: {
    username: 'edith',
    password: 'edith-password-1',
    role: 'editor' as const,
    name: 'Edith Editor',
    email: 'edith@csed.example.org',
  },
  ed: {
    username: 'ed',
    password: 'ed-password-111',
    role: 'editor' as const,
    name: 'Ed Second',
    email: 'ed@csed.example.org',
  },
};
type Who = keyof typeof PEOPLE | 'admin';
const EVERYONE: Who[] = ['admin', 'cora', 'vic', 'edith', 'ed'];

let site: TestSite;
let smtp: TestSmtp;
const cookies = {} as Record<Who, string>;

const call = async (who: Who, path: string, init: RequestInit & { json?: unknown } = {}) => {
  const res = await site.api(path, { ...init, headers: { cookie: cookies[who], ...init.headers } });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
};
const noticesOf = async (who: Who) => {
  const res = await call(who, '/api/notifications');
  expect(res.status).toBe(200);
  return res.body as unknown as NotificationsAnswer;
};
/** Everyone's unread notices of a kind (after the ones in flight are kept). */
const whoHas = async (kind: string, words: string) => {
  await site.deps.staffNotices.settled();
  const out: Who[] = [];
  for (const who of EVERYONE)
    if ((await noticesOf(who)).items.some((n) => n.kind === kind && n.text.includes(words) && !n.read))
      out.push(who);
  return out;
};
const act = async (who: Who, id: string, action: string, json: unknown = {}) => {
  const res = await call(who, `/api/drafts/${id}/${action}`, { method: 'POST', json });
  expect(res.status, `${who} ${action}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res;
};
const saveInto = async (who: Who, id: string, title: string) => {
  const res = await call(who, `/api/news.php?draft=${id}`, {
    method: 'POST',
    json: { title, when_date: '2026-12-01' },
  });
  expect(res.status).toBe(201);
};
const newDraft = async (who: Who, title: string) => {
  const res = await call(who, '/api/drafts', { method: 'POST', json: { title } });
  expect(res.status).toBe(201);
  return String(res.body.id);
};
const markAllRead = async () => {
  for (const who of EVERYONE)
    expect((await call(who, '/api/notifications/read', { method: 'POST', json: { all: true } })).status).toBe(
      200,
    );
};

beforeAll(async () => {
  smtp = await startSmtp();
  site = await startTestSite({
    publicUrl: PUBLIC_URL,
    adminEmail: 'admin@csed.example.org',
    notices: {
      ...NO_NOTICES,
      email: {
        url: smtp.url('notices', 'smtp-secret'),
        to: ['office@csed.example.org'],
        from: 'cms@csed.example.org',
      },
      retryDelaysMs: [],
      timeoutMs: 3000,
      batchMs: BATCH_MS,
    },
  });
  for (const p of Object.values(PEOPLE)) await site.deps.users.add(p);
  cookies.admin = await site.signIn();
  for (const who of Object.keys(PEOPLE) as (keyof typeof PEOPLE)[])
    cookies[who] = await site.signIn(PEOPLE[who].username, PEOPLE[who].password);
});
afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

describe("a draft's review", () => {
  let id: string;

  it('tells editors and admins that a draft waits for them, not the contributor who sent it; each open admin hears its own count', async () => {
    id = await newDraft('cora', 'Summer camp news');
    await saveInto('cora', id, 'Summer camp opens');
    const editorStream = await openEventStream(`${site.url}/api/stream`, { cookie: cookies.edith });
    const coraStream = await openEventStream(`${site.url}/api/stream`, { cookie: cookies.cora });
    for (const s of [editorStream, coraStream]) expect((await s.next()).event).toBe('ready');

    await act('cora', id, 'submit');
    expect(await whoHas('submitted', 'Cora Contributor sent “Summer camp news” for review.')).toEqual([
      'admin',
      'edith',
      'ed',
    ]);
    let heard = await editorStream.next();
    while (heard.event !== 'notifications') heard = await editorStream.next();
    expect(JSON.parse(heard.data)).toEqual({ unread: 1 });
    const notice = (await noticesOf('edith')).items[0]!;
    expect(notice).toMatchObject({ kind: 'submitted', link: `/admin/drafts/${id}`, read: false });
    expect(Date.parse(notice.at)).toBeGreaterThan(Date.now() - 60_000);
    editorStream.close();
    coraStream.close();
  });

  it('tells the people working on the draft of a comment, changes asked for and an approval', async () => {
    await act('edith', id, 'comments', { text: 'Could you add the dates?' });
    expect(
      await whoHas('comment', 'Edith Editor commented on “Summer camp news”: Could you add the dates?'),
    ).toEqual(['cora']);

    await act('edith', id, 'request-changes', { note: 'Dates, please.' });
    expect(
      await whoHas('changes', 'Edith Editor asked for changes to “Summer camp news”: Dates, please.'),
    ).toEqual(['cora']);

    await call('vic', '/api/drafts', { method: 'GET' }); // someone else, not on this draft
    await saveInto('vic', id, 'Camp dates: June 22–26');
    await act('cora', id, 'submit');
    await act('ed', id, 'approve');
    // Both authors hear of it; the editor who approved does not, nor the one who only commented.
    expect(await whoHas('approved', 'Ed Second approved “Summer camp news”.')).toEqual(['cora', 'vic']);
    // A comment reaches everyone who took part: the authors and the editor who commented before.
    await act('ed', id, 'comments', { text: 'Looks good to me.' });
    expect(await whoHas('comment', 'Looks good to me.')).toEqual(['cora', 'vic', 'edith']);
  });

  it('tells whoever scheduled it, and its authors, when a later save calls the schedule off', async () => {
    await act('edith', id, 'schedule', { at: new Date(Date.now() + 86_400_000).toISOString() });
    await saveInto('cora', id, 'Camp dates moved');
    expect(
      await whoHas('schedule-cancelled', 'The scheduled publish of “Summer camp news” was called off'),
    ).toEqual(['vic', 'edith']);
  });

  it('tells the authors when it is published, not the editor who published it', async () => {
    await act('edith', id, 'publish');
    expect(await whoHas('published', 'Edith Editor published “Summer camp news”.')).toEqual(['cora', 'vic']);
  });
});

describe('invites and messages', () => {
  it('tells the admin who made an invite that it was used', async () => {
    const made = await call('admin', '/api/users/invites', { method: 'POST', json: { role: 'editor' } });
    expect(made.status).toBe(201);
    const token = String(made.body.url).split('/').pop()!;
    const joined = await site.api(`/api/invites/${token}`, {
      method: 'POST',
      headers: { cookie: '' },
      json: {
        username: 'nina',
        name: 'Nina New',
        email: 'nina@csed.example.org',
        password: 'nina-password-12',
      },
    });
    expect(joined.status).toBe(201);
    expect(await whoHas('invite-used', 'Nina New (nina) joined as editor with your invite.')).toEqual([
      'admin',
    ]);
    expect((await noticesOf('admin')).items[0]!.link).toBe('/admin/accounts');
  });

  it('tells everyone who reads messages of a new one, folding unread ones into one notice', async () => {
    await markAllRead();
    for (const name of ['Ada Teacher', 'Grace Counselor']) {
      const sent = await site.api('/api/handle_form.php', {
        method: 'POST',
        headers: { cookie: '' },
        json: { ...CONTACT_MESSAGE, name },
      });
      expect(sent.status).toBe(200);
      await eventually(
        async () => (await whoHas('message', name === 'Ada Teacher' ? 'Ada' : '2 new')).length === 3,
        5000,
        'the message notices',
      );
    }
    expect(await whoHas('message', '2 new messages through the contact form.')).toEqual([
      'admin',
      'edith',
      'ed',
    ]);
    expect((await noticesOf('edith')).items.filter((n) => n.kind === 'message')).toHaveLength(1);
  });
});

describe('marking read', () => {
  it('marks chosen notices, then all; another person’s ids change nothing', async () => {
    const id = await newDraft('cora', 'Donate page');
    await act('edith', id, 'comments', { text: 'One thought.' });
    await act('edith', id, 'comments', { text: 'And another.' });
    await site.deps.staffNotices.settled();
    const before = await noticesOf('cora');
    const unread = before.items.filter((n) => !n.read);
    expect(unread.length).toBeGreaterThan(1);
    const first = unread[0]!.id;
    const other = await call('edith', '/api/notifications/read', { method: 'POST', json: { ids: [first] } });
    expect(other.status).toBe(200);
    expect((await noticesOf('cora')).unread).toBe(before.unread);

    const marked = await call('cora', '/api/notifications/read', { method: 'POST', json: { ids: [first] } });
    expect((marked.body as unknown as NotificationsAnswer).unread).toBe(before.unread - 1);
    expect((await noticesOf('cora')).items.find((n) => n.id === first)!.read).toBe(true);

    await call('cora', '/api/notifications/read', { method: 'POST', json: { all: true } });
    expect((await noticesOf('cora')).unread).toBe(0);
    expect((await noticesOf('cora')).items.length).toBe(before.items.length); // read ones stay
  });

  it('refuses what it cannot read, and anyone signed out', async () => {
    for (const json of [{}, { ids: [] }, { all: false }, { ids: 'x' }, { all: true, ids: ['a'] }]) {
      const res = await call('cora', '/api/notifications/read', { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error).toMatch(/Say which notices/);
    }
    expect((await fetch(`${site.url}/api/notifications`)).status).toBe(401);
  });
});

describe('email', () => {
  it('sends the chosen notices by email, several within the batch time as one, with links and a stop', async () => {
    const account = await call('cora', '/api/account');
    expect(account.body.notify).toEqual({ email: DEFAULT_EMAIL, mailAvailable: true });
    await new Promise((r) => setTimeout(r, BATCH_MS + 200)); // the emails of the steps above are gone
    smtp.mails.length = 0;
    const id = await newDraft('cora', 'Careers page');
    await saveInto('cora', id, 'We are hiring');
    await act('cora', id, 'submit');
    await act('edith', id, 'comments', { text: 'Nice.' }); // comments are off by default: no email
    await act('edith', id, 'request-changes', { note: 'Add the salary.' });
    await act('cora', id, 'submit');
    await act('edith', id, 'approve');
    await eventually(
      () => smtp.mails.some((m) => m.to.includes('cora@csed.example.org')),
      5000,
      "cora's email",
    );
    await new Promise((r) => setTimeout(r, BATCH_MS + 200)); // anything later would be a second email
    const toCora = smtp.mails.filter((m) => m.to.includes('cora@csed.example.org'));
    expect(toCora).toHaveLength(1);
    const mail = toCora[0]!;
    expect(mail.headers).toContain('Subject: 2 updates from the website admin');
    expect(mail.text).toContain('Edith Editor asked for changes to “Careers page”: Add the salary.');
    expect(mail.text).toContain('Edith Editor approved “Careers page”.');
    expect(mail.text).not.toContain('Nice.');
    expect(mail.text).toContain(`${PUBLIC_URL}/admin/drafts/${id}`);
    expect(mail.text).toContain(`Open the admin: ${PUBLIC_URL}/admin`);
    // Editors get "sent for review" by default; the editor who acted is not told of her own steps.
    const toEd = smtp.mails.filter((m) => m.to.includes('ed@csed.example.org'));
    expect(toEd.map((m) => m.text).join('\n')).toContain('Cora Contributor sent “Careers page” for review.');
    const toEdith = smtp.mails.filter((m) => m.to.includes('edith@csed.example.org'));
    expect(toEdith.map((m) => m.text).join('\n')).not.toContain('Edith Editor');

    // The stop link: a page that asks, then (posted as a mail app's one-click would) every email off.
    const stop = /^Stop these emails: (\S+)$/m.exec(mail.text)![1]!;
    expect(stop.startsWith(`${PUBLIC_URL}/api/notifications/stop?`)).toBe(true);
    expect(
      mail.headers.some((h) => h.startsWith('List-Unsubscribe: <') && h.includes('/api/notifications/stop?')),
    ).toBe(true);
    expect(mail.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const local = `${site.url}${new URL(stop).pathname}${new URL(stop).search}`;
    const page = await fetch(local);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop these emails');
    expect((await call('cora', '/api/account')).body.notify).toMatchObject({ email: DEFAULT_EMAIL }); // a look changes nothing
    const wrong = await fetch(local.replace(/key=[^&]+/, 'key=nope'), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrong.status).toBe(404);
    const posted = await fetch(local, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('Notice emails stopped');
    const after = (await call('cora', '/api/account')).body.notify as { email: Record<string, boolean> };
    expect(Object.values(after.email).every((on) => !on)).toBe(true);
  });

  it('takes each choice on the account page; refuses anything else and changes nothing', async () => {
    const set = await call('cora', '/api/account', {
      method: 'PATCH',
      json: { notify: { email: { comments: true } } },
    });
    expect(set.status).toBe(200);
    expect((set.body.notify as { email: Record<string, boolean> }).email.comments).toBe(true);
    for (const notify of [
      { email: { comments: 'yes' } },
      { email: { everything: true } },
      { sms: {} },
      'on',
    ]) {
      const res = await call('cora', '/api/account', {
        method: 'PATCH',
        json: { notify, name: 'Changed Name' },
      });
      expect(res.status, JSON.stringify(notify)).toBe(400);
      expect(res.body.fields).toHaveProperty('notify');
    }
    const now = await call('cora', '/api/account');
    expect((now.body.user as { name: string }).name).toBe('Cora Contributor');
    expect((now.body.notify as { email: Record<string, boolean> }).email.comments).toBe(true);
  });
});

describe('without a mail server that answers', () => {
  it('answers every step at once while the mail server never says a word; without mail settings the account page says so', async () => {
    const silent = await startSilentSmtp();
    const slow = await startTestSite({
      adminEmail: 'admin@csed.example.org', // the admin's notices are emailed too
      notices: {
        ...NO_NOTICES,
        email: { url: silent.url, to: ['office@csed.example.org'], from: 'cms@csed.example.org' },
        timeoutMs: 10_000,
        batchMs: 1,
      },
    });
    const plain = await startTestSite();
    try {
      await slow.deps.users.add(PEOPLE.edith);
      const editor = await slow.signIn(PEOPLE.edith.username, PEOPLE.edith.password);
      await slow.signIn();
      const id = String(
        (await (await slow.api('/api/drafts', { method: 'POST', json: { title: 'Quiet mail' } })).json()).id,
      );
      // The editor saves into the admin's draft (the admin is told: an email to the silent server),
      // then the steps of review, each telling someone.
      const steps: [string, string, unknown, string | undefined][] = [
        [
          'save into the draft',
          `/api/news.php?draft=${id}`,
          { title: 'Quiet', when_date: '2026-12-01' },
          editor,
        ],
        ['submit', `/api/drafts/${id}/submit`, {}, undefined],
        ['comment', `/api/drafts/${id}/comments`, { text: 'Fine by me.' }, editor],
        ['approve', `/api/drafts/${id}/approve`, {}, editor],
        ['publish', `/api/drafts/${id}/publish`, {}, editor],
      ];
      for (const [step, url, json, cookie] of steps) {
        const started = performance.now();
        const res = await slow.api(url, { method: 'POST', json, headers: cookie ? { cookie } : {} });
        expect(res.status, step).toBeLessThan(300);
        expect(performance.now() - started, step).toBeLessThan(1500);
        await new Promise((r) => setTimeout(r, 20)); // the email is on its way to the silent server
      }
      await plain.signIn();
      const account = await (await plain.api('/api/account')).json();
      expect(account.notify.mailAvailable).toBe(false);
    } finally {
      await slow.stop();
      await plain.stop();
      await silent.close();
    }
  });
});
