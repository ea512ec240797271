// The fast path's API answers: what differs for staff, Vary, and a save seen by the very next read.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../testing/testSite.ts';
import { NOT_FAST, pathServers, raw } from './fastPathTestKit.ts';

let site: TestSite;
let paths: Awaited<ReturnType<typeof pathServers>>;

beforeAll(async () => {
  site = await startTestSite();
  paths = await pathServers(site.deps);
});
afterAll(async () => {
  await paths?.close();
  await site?.stop();
});

type Row = Record<string, string>;
const json = async (url: string, headers: Record<string, string> = {}) =>
  JSON.parse((await raw(url, headers)).body.toString()) as Row[];

it('a signed-in request still sees hidden pages and unpublished cards; an anonymous one does not', async () => {
  const cookie = await site.signIn();
  const hiddenIn = [
    ['majorevents.php', (r: Row) => r.hidden === '1'],
    ['events.php', (r: Row) => r.display_event === '0'],
  ] as const;
  for (const [endpoint, hidden] of hiddenIn) {
    const visitor = await json(`${site.url}/api/${endpoint}?media=url`);
    const staff = await json(`${site.url}/api/${endpoint}?media=url`, { cookie });
    expect(visitor.some(hidden), endpoint).toBe(false);
    expect(staff.some(hidden), endpoint).toBe(true);
    // The visitor's answer came from the fast path; the cookie sends the request to Express.
    expect((await raw(`${paths.fast}/api/${endpoint}?media=url`)).status).toBe(200);
    expect((await raw(`${paths.fast}/api/${endpoint}?media=url`, { cookie })).status).toBe(NOT_FAST);
    // A cookie that is not a valid session gets the visitors' answer.
    expect(await json(`${site.url}/api/${endpoint}?media=url`, { cookie: 'cms_session=forged' })).toEqual(
      visitor,
    );
  }
  await site.signOut();
});

it('says Vary: Cookie only on answers that differ for staff, and never reads cookies for the others', async () => {
  const vary = async (p: string, headers: Record<string, string> = {}) =>
    String((await raw(site.url + p, { 'accept-encoding': 'gzip', ...headers })).headers.vary ?? '');
  expect(await vary('/api/majorevents.php')).toBe('Accept-Encoding, Cookie');
  expect(await vary('/api/events.php')).toBe('Accept-Encoding, Cookie');
  expect(await vary('/api/get_data.php')).toContain('Cookie');
  // Staff also see news items outside their "Show from" / "Show until" window.
  expect(await vary('/api/news.php')).toBe('Accept-Encoding, Cookie');
  for (const p of ['/api/footer.php', '/api/about_us.php?media=url', '/api/globals.php']) {
    expect(await vary(p), p).not.toContain('Cookie');
    expect((await raw(paths.fast + p, { cookie: 'cms_session=anything' })).status, p).toBe(200);
  }
});

it('a save is seen by the next read, and the ETag it replaced no longer matches', async () => {
  const before = await raw(`${site.url}/api/footer.php`, { 'accept-encoding': 'br' });
  const etag = String(before.headers.etag);
  const newsBefore = await json(`${site.url}/api/news.php?media=url`);
  await site.signIn();
  const notice = `Saved at ${Date.now()} and shown at once.`;
  expect((await site.api('/api/footer.php', { method: 'PUT', json: { legal_notice: notice } })).status).toBe(
    200,
  );
  const made = await site.api('/api/news.php', {
    method: 'POST',
    json: { title: 'Seen by the next read', when_date: '2099-01-01' },
  });
  expect(made.status).toBe(201);
  const page = await site.api('/api/majorevents.php', {
    method: 'POST',
    json: {
      header: 'Not yet public',
      location: 'Bend',
      date_range: 'July 7–9, 2026',
      organization: 'OCSEA',
      optional_event_description_bold_text: '',
      event_description: 'Soon.',
      hidden: '0',
      page_url: '/EventPage3',
    },
  });
  expect(page.status).toBe(201);
  await site.signOut();

  const after = await raw(`${site.url}/api/footer.php`, { 'if-none-match': etag });
  expect(after.status).toBe(200);
  expect(JSON.parse(after.body.toString()).legal_notice).toBe(notice);
  expect(after.headers.etag).not.toBe(etag);
  const news = await json(`${site.url}/api/news.php?media=url`);
  expect(news).toHaveLength(newsBefore.length + 1);
  expect(news[0]!.title).toBe('Seen by the next read');
  // A new event page starts hidden: the fast path's visitors' answer must not show it.
  expect((await json(`${site.url}/api/majorevents.php`)).some((p) => p.header === 'Not yet public')).toBe(
    false,
  );
});
