// Previews of drafts as staff and reviewers see them: the real public pages, rendered by the site's
// own server rendering from the live site merged with the draft (lists, home cards, navigation),
// with the draft's images, never cached or indexed, reloading when the draft is saved; share links
// that show that preview and nothing else until they expire or are revoked. The public pages never
// show a draft. Real server, real built web app, real git repository.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../../testing/testSite.ts';
import { answer, file, form, png } from './writesTestKit.ts';

const MARK = 'PREVIEWMARK3Z';
let site: TestSite;
let draft: string;

beforeAll(async () => {
  site = await startTestSite();
  await site.signIn();
  await site.deps.search.start();
  draft = String(
    (await answer(site.api('/api/drafts', { method: 'POST', json: { title: 'Spring news' } }))).body.id,
  );
  const made = await site.api(`/api/news.php?draft=${draft}`, {
    method: 'POST',
    json: { title: `${MARK} headline`, what: `${MARK} body`, when_date: '2026-11-20' },
  });
  expect(made.status).toBe(201);
  // A staff profile with a headshot in the same draft: the About page's picture.
  const profile = await site.api(`/api/about_us.php?draft=${draft}`, {
    method: 'POST',
    body: form(
      { name: `${MARK} person`, title: 'Director' },
      { headshot: file(png('preview'), 'a.png', 'image/png') },
    ),
  });
  expect(profile.status).toBe(201);
  expect(made.status).toBe(201);
}, 60_000);
afterAll(async () => site?.stop());

const get = async (path: string, cookie = '') => {
  const res = await fetch(site.url + path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, headers: res.headers, body: await res.text() };
};

/** A page's Edit links: what each edits (its words for screen readers) → the address it opens. */
function editLinks(html: string): Record<string, string> {
  const links: Record<string, string> = {};
  const link =
    /<a class="cms-edit-link" href="([^"]*)">Edit<span class="visually-hidden"> ([^<]*)<\/span><\/a>/g;
  for (const [, href = '', what = ''] of html.matchAll(link)) links[what] = href.replaceAll('&amp;', '&');
  return links;
}

describe('/preview/<draft>/<path>', () => {
  it('renders the real /news page with the draft applied, for staff only, never cached or indexed', async () => {
    const page = await get(`/preview/${draft}/news`, site.cookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`${MARK} headline`);
    expect(page.body).toContain('Preview of the draft “Spring news”');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(page.body).not.toMatch(/<script[^>]*type="module"/); // the live app would replace it
    expect(page.body).not.toContain('rel="canonical"');
    // The preview's own script and the way back to the admin are not moved inside the preview.
    expect(page.body).toContain(
      `<script src="/preview-live.js" data-stream="/preview/${draft}/stream" defer>`,
    );
    expect(page.body).toContain(`href="/admin/drafts/${draft}"`);
    const script = await get('/preview-live.js');
    expect([script.status, script.headers.get('content-type')]).toEqual([
      200,
      'text/javascript; charset=utf-8',
    ]);
    expect(script.body).toContain('new EventSource(stream)');
    // Links stay inside the preview; other pages show the draft's items too.
    expect(page.body).toContain(`href="/preview/${draft}/events"`);
    expect((await get(`/preview/${draft}/about`, site.cookie)).body).toContain(`${MARK} person`);
    expect((await get(`/preview/${draft}/`, site.cookie)).status).toBe(200);
    // Signed out: refused; the public page does not show the draft.
    expect((await get(`/preview/${draft}/news`)).status).toBe(401);
    expect((await get('/news')).body).not.toContain(MARK);
    expect((await get('/about')).body).not.toContain(MARK);
  });

  it('gives staff an Edit link on each item that opens its form in the draft; never on public pages or share links', async () => {
    const items = (await (await site.api(`/api/news.php?draft=${draft}&shape=typed`)).json()) as {
      id: string;
      title: string;
    }[];
    const mine = items.find((n) => n.title === `${MARK} headline`)!;
    const page = (await get(`/preview/${draft}/news`, site.cookie)).body;
    // Admin addresses are left as they are (not moved inside the preview).
    expect(page).toContain(`href="/NewsAdminPage?news=${mine.id}&amp;draft=${draft}"`);
    expect(page).toMatch(
      /class="cms-edit-link"[^>]*>Edit<span class="visually-hidden"> news item “PREVIEWMARK3Z headline”/,
    );
    expect((await get(`/preview/${draft}/about`, site.cookie)).body).toContain(`/AboutUsAdminPage?profiles=`);
    const publicNews = (await get('/news', site.cookie)).body;
    expect(publicNews).not.toContain('class="cms-edit-link"');
    const share = String(
      (await answer(site.api(`/api/drafts/${draft}/shares`, { method: 'POST', json: {} }))).body.url,
    );
    const shared = (await get(`${share}news`)).body;
    expect(shared).toContain(`${MARK} headline`);
    expect(shared).not.toContain('class="cms-edit-link"');
    expect(shared).not.toContain('NewsAdminPage');
  });

  it('gives every other kind of item its Edit link too, into the draft: banner, footer, dropdowns, schedule, spotlights, about and educators texts', async () => {
    const list = async (endpoint: string) =>
      (await (await site.api(`/api/${endpoint}?draft=${draft}&shape=typed`)).json()) as {
        id: string;
        title: string;
      }[];
    // A dropdown that exists only in the draft has its link as well.
    const added = await answer(
      site.api(`/api/event_dropdowns.php?draft=${draft}`, {
        method: 'POST',
        json: { title: `${MARK} dropdown`, content: 'Bring a laptop.' },
      }),
    );
    expect(added.status).toBe(201);
    const dropdowns = await list('event_dropdowns.php');
    expect(dropdowns.map((d) => d.title)).toContain(`${MARK} dropdown`);
    const slides = await list('spotlight.php');
    // The spotlight page's cards, as visitors get them (staff's list has the hidden ones too).
    const spotlightCards = (await (await fetch(`${site.url}/api/get_data.php`)).json()) as {
      id: string;
      title: string;
    }[];
    expect([dropdowns.length > 1, slides.length, spotlightCards.length > 0]).toEqual([true, 3, true]);
    const into = (route: string, query = '') => `${route}?${query ? `${query}&` : ''}draft=${draft}`;
    // On every page: the banner the settings show (the starter's first) and the legal notice.
    const everywhere = {
      'site banner': into('/BannerAdminPage', 'banners=1'),
      'legal notice': into('/FooterAdminPage'),
    };
    const expected: Record<string, Record<string, string>> = {
      summerOfCS: {
        ...Object.fromEntries(
          dropdowns.map((d) => [
            `event detail “${d.title}”`,
            into('/DropDownEventsAdminPage', `eventDropdowns=${d.id}`),
          ]),
        ),
        'workshop schedule': into('/DropDownEventsAdminPage'),
      },
      about: {
        ...Object.fromEntries(
          slides.map((s) => [
            `teacher spotlight “${s.title}”`,
            into('/SpotlightAdminPage', `spotlights=${s.id}`),
          ]),
        ),
        'our mission': into('/AboutUsAdminPage'),
        'our values': into('/AboutUsAdminPage'),
      },
      educators: {
        'professional development text': into('/ResourcesAdminPage'),
        'educators page button': into('/ResourcesAdminPage'),
        'credentialing text': into('/ResourcesAdminPage'),
      },
      spotlight: Object.fromEntries(
        spotlightCards.map((c) => [`spotlight “${c.title}”`, into('/EventsAdminPage', `eventCards=${c.id}`)]),
      ),
    };
    for (const [path, links] of Object.entries(expected)) {
      const page = await get(`/preview/${draft}/${path}`, site.cookie);
      expect(page.status).toBe(200);
      expect({ path, links: editLinks(page.body) }).toEqual({
        path,
        links: expect.objectContaining({ ...links, ...everywhere }) as unknown,
      });
    }
    // Visitors' pages (a staff member's cookie or not: the server sends one page to all) and share
    // links have none.
    const share = String(
      (await answer(site.api(`/api/drafts/${draft}/shares`, { method: 'POST', json: {} }))).body.url,
    );
    for (const path of Object.keys(expected)) {
      expect({ path, live: editLinks((await get(`/${path}`, site.cookie)).body) }).toEqual({
        path,
        live: {},
      });
      const shared = (await get(`${share}${path}`)).body;
      expect({ path, shared: editLinks(shared), admin: /AdminPage/.test(shared) }).toEqual({
        path,
        shared: {},
        admin: false,
      });
    }
  });

  it("serves the draft's own image under the preview, and nothing of it under /media", async () => {
    const data = (await (
      await site.api(`/api/about_us.php?draft=${draft}&media=url&shape=typed`)
    ).json()) as {
      name: string;
      headshot: string;
    }[];
    const mine = data.find((n) => n.name.startsWith(MARK))!;
    expect(mine.headshot).toMatch(new RegExp(`^/preview/${draft}/media/profiles/\\d+\\.png\\?v=`));
    expect((await get(`/preview/${draft}/about`, site.cookie)).body).toContain(
      `/preview/${draft}/media/profiles/`,
    );
    const image = await fetch(site.url + mine.headshot, { headers: { cookie: site.cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).includes(Buffer.from('preview'))).toBe(true);
    const live = await fetch(site.url + mine.headshot.replace(`/preview/${draft}`, '').split('?')[0]);
    expect(live.status).toBe(404);
  });

  it('tells the open preview to reload when the draft is saved', async () => {
    let got = '';
    const req = http.get(
      `${site.url}/preview/${draft}/stream`,
      { headers: { cookie: site.cookie } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (c: string) => (got += c));
      },
    );
    await eventually(() => got.includes(': preview'));
    await site.api(`/api/news.php?draft=${draft}`, {
      method: 'POST',
      json: { title: `${MARK} second`, when_date: '2026-11-21' },
    });
    await eventually(() => got.includes('event: change'), 3000, 'a change event');
    req.destroy();
    expect((await get(`/preview/${draft}/news`, site.cookie)).body).toContain(`${MARK} second`);
  });
});

describe('share links', () => {
  it('show the preview to a reviewer without an account, and nothing else', async () => {
    const made = await answer(site.api(`/api/drafts/${draft}/shares`, { method: 'POST', json: { days: 2 } }));
    expect(made.status).toBe(201);
    const url = String(made.body.url);
    expect(url).toMatch(/^\/share\/[A-Za-z0-9_-]{32}\/$/);
    const page = await get(`${url}news`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`${MARK} headline`);
    expect(page.body).not.toContain('Back to the draft'); // no way into the admin
    expect(page.body).toContain(`href="${url}events"`);
    // The admin, the API and other drafts are not behind it.
    expect((await get(`${url}admin`)).body).not.toContain('Sign in');
    expect((await get(`${url}api/drafts`)).body).not.toContain('"drafts"');
    const other = String(
      (await answer(site.api('/api/drafts', { method: 'POST', json: { title: 'Other' } }))).body.id,
    );
    expect((await get(`${url.replace(/\/$/, '')}/../../preview/${other}/news`)).status).not.toBe(200);
    // Revoked: 404 from then on.
    await site.api(`/api/drafts/${draft}/shares/${String(made.body.id)}`, { method: 'DELETE' });
    const gone = await get(`${url}news`);
    expect(gone.status).toBe(404);
    expect(gone.body).toContain('does not work any more');
  });

  it('expire, and stop working when the draft is published or discarded; a made-up token is 404', async () => {
    const made = await answer(site.api(`/api/drafts/${draft}/shares`, { method: 'POST', json: {} }));
    const url = String(made.body.url);
    expect((await get(`${url}news`)).status).toBe(200);
    // Expired: the record's expiry moved into the past, as time would.
    await site.deps.drafts.updateRecord(
      draft,
      (r) => ({
        ...r,
        shares: r.shares.map((s) => ({ ...s, expires: new Date(Date.now() - 1000).toISOString() })),
      }),
      { action: 'draft-share', who: 'test', detail: 'expired by the test' },
    );
    expect((await get(`${url}news`)).status).toBe(404);
    expect((await get(`/share/${'A'.repeat(32)}/news`)).status).toBe(404);
    expect((await get('/share/short/news')).status).toBe(404);
    const other = String(
      (await answer(site.api('/api/drafts', { method: 'POST', json: { title: 'To discard' } }))).body.id,
    );
    const link = String(
      (await answer(site.api(`/api/drafts/${other}/shares`, { method: 'POST', json: {} }))).body.url,
    );
    expect((await get(`${link}news`)).status).toBe(200);
    await site.api(`/api/drafts/${other}/discard`, { method: 'POST', json: {} });
    expect((await get(`${link}news`)).status).toBe(404);
  });
});

describe('after publishing', () => {
  it('the public pages show the draft within a second of the publish', async () => {
    expect((await get('/news')).body).not.toContain(MARK);
    const res = await site.api(`/api/drafts/${draft}/publish`, { method: 'POST', json: {} });
    expect(res.status).toBe(200);
    await eventually(
      async () => (await get('/news')).body.includes(`${MARK} headline`),
      1000,
      'the /news page',
    );
    expect((await get(`/preview/${draft}/news`, site.cookie)).status).toBe(404);
  });
});
