// Every documented read call on the starter site: fields, encodings, order, caching and errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, startTestSite, type TestSite } from '../../testing/testSite.ts';
import { entities, siteEntities } from '../../schema/registry.ts';
import type { Fields } from '../../schema/define.ts';
import { isMediaField } from '../../schema/fields.ts';
import { fieldLeaves } from '../../schema/listFields.ts';
import { addPage } from './pagesTestKit.ts';

let site: TestSite;
const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(site.url + path, { headers });
  return {
    res,
    body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.arrayBuffer(),
  };
};
type Row = Record<string, string>;

beforeAll(async () => {
  site = await startTestSite();
  // The starter site has no page staff built: one with a section of every kind, for the reads below.
  await site.signIn();
  await addPage(site);
  await site.signOut();
});
afterAll(async () => {
  await site.stop();
});

describe('documented read endpoints', () => {
  it.each(siteEntities.map((d) => [d.legacy.endpoint, d] as const))(
    '%s answers with every documented field as a string (a list: a JSON array)',
    async (endpoint, def) => {
      const { res, body } = await get(`/api/${endpoint}?timestamp=${Date.now()}`);
      expect(res.status).toBe(200);
      const rows: Row[] = def.type === 'collection' ? body : [body];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        for (const [key, field] of Object.entries(def.fields as Fields)) {
          const name = def.legacy.rename?.[key] ?? key;
          if (field.kind === 'pdf')
            expect(row, 'PDFs are downloaded, never inlined').not.toHaveProperty(name);
          else if (field.kind === 'list') {
            // A new JSON call's list (a page's sections, a menu): an array whose every declared part is
            // there, pictures as their bytes (base64) like the other pictures of the documented calls.
            expect(Array.isArray(row[name]), `${endpoint} ${name} is an array`).toBe(true);
            for (const leaf of fieldLeaves({ [name]: field }, row)) {
              expect(leaf.value, `${endpoint} ${leaf.key}`).not.toBeUndefined();
              if (isMediaField(leaf.field) && leaf.value)
                expect(leaf.value, `${endpoint} ${leaf.key}`).toMatch(/^[A-Za-z0-9+/]{100,}={0,2}$/);
            }
          } else expect(typeof row[name], `${endpoint} ${name}`).toBe('string');
        }
        expect(row.id).toMatch(/^\d+$/);
        expect(row.version).toMatch(/^[0-9a-f]{40}$/);
      }
    },
  );

  it('events.php: codes as strings, soonest start date first and undated last', async () => {
    const { body } = await get('/api/events.php');
    const cards = body as Row[];
    for (const c of cards) {
      expect(['0', '1']).toContain(c.is_full);
      expect(['0', '1', '2']).toContain(c.display_event);
      expect(['1', '2']).toContain(c.news_type);
    }
    const dated = cards.filter((c) => c.start_date);
    expect(dated.map((c) => c.start_date)).toEqual([...dated.map((c) => c.start_date)].sort());
    const firstUndated = cards.findIndex((c) => !c.start_date);
    if (firstUndated >= 0) expect(cards.slice(firstUndated).every((c) => !c.start_date)).toBe(true);
    expect(new Set(cards.map((c) => c.is_full))).toEqual(new Set(['0', '1']));
  });

  it('news.php?page=&size= answers that page of the list, with where it stands; bad pages are refused', async () => {
    const all = (await get('/api/news.php')).body as Row[];
    expect(all.length).toBeGreaterThan(2);
    const size = 2;
    const pages = Math.ceil(all.length / size);
    for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
      const second = await get(`/api/news.php?page=2&size=${size}&timestamp=1`, headers);
      expect(second.res.status).toBe(200);
      expect(second.body).toEqual({ items: all.slice(size, 2 * size), page: 2, pages, total: all.length });
    }
    const past = (await get(`/api/news.php?page=${pages + 1}&size=${size}`)).body as { items: Row[] };
    expect(past.items).toEqual([]);
    for (const query of ['page=0&size=2', 'page=2', 'size=2', 'page=two&size=2', 'page=1&size=1000']) {
      const refused = await get(`/api/news.php?${query}`);
      expect(refused.res.status, query).toBe(400);
      expect(Object.keys((refused.body as { fields: object }).fields).length, query).toBeGreaterThan(0);
    }
    const notPaged = await get('/api/footer.php?page=1&size=2');
    expect(notPaged.res.status).toBe(400);
  });

  it('get_data.php lists only the spotlight items (news_type 2)', async () => {
    const all = (await get('/api/events.php')).body as Row[];
    const spot = (await get('/api/get_data.php')).body as Row[];
    expect(spot.length).toBeGreaterThan(0);
    expect(spot.every((c) => c.news_type === '2')).toBe(true);
    expect(spot.map((c) => c.id)).toEqual(all.filter((c) => c.news_type === '2').map((c) => c.id));
  });

  it('news.php is newest first; get_pdf_metadata.php reads publicationDate as DD/MM/YYYY, newest first', async () => {
    const news = (await get('/api/news.php')).body as Row[];
    expect(news.map((n) => n.when_date)).toEqual([...news.map((n) => n.when_date)].sort().reverse());
    const papers = (await get('/api/get_pdf_metadata.php')).body as Row[];
    for (const p of papers) expect(p.publicationDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const iso = papers.map((p) => p.publicationDate!.split('/').reverse().join('-'));
    expect(iso).toEqual([...iso].sort().reverse());
    expect(papers[0]).not.toHaveProperty('pdf'); // PDFs are downloaded, never inlined
  });

  it('pdf_images.php lists base64 first-page JPEGs in the order of the metadata', async () => {
    const papers = (await get('/api/get_pdf_metadata.php')).body as Row[];
    const images = (await get('/api/pdf_images.php')).body as string[];
    expect(images).toHaveLength(papers.length);
    images.forEach((img, i) => {
      expect(Buffer.from(img, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(img).toBe(papers[i]!.first_page);
    });
  });

  it('about_us.php sorts profiles by the last word of the name, ignoring case', async () => {
    const names = ((await get('/api/about_us.php')).body as Row[]).map((p) => p.name!);
    const last = (n: string) => n.trim().split(/\s+/).pop()!.toLowerCase();
    expect(names.map(last)).toEqual([...names.map(last)].sort((a, b) => a.localeCompare(b)));
  });

  it('state_policies.php uses implementation codes 1..3 and the starter covers all three', async () => {
    const rows = (await get('/api/state_policies.php')).body as Row[];
    expect(new Set(rows.map((r) => r.implementation))).toEqual(new Set(['1', '2', '3']));
  });

  it('majorevents.php shows visible pages to visitors and hidden ones only to signed-in staff', async () => {
    const pub = (await get('/api/majorevents.php')).body as Row[];
    expect(pub.length).toBeGreaterThanOrEqual(2);
    expect(pub.every((p) => p.hidden === '0')).toBe(true);
    const cookie = await site.signIn();
    const staff = (await get('/api/majorevents.php', { cookie })).body as Row[];
    expect(staff.some((p) => p.hidden === '1')).toBe(true);
    const hidden = staff.find((p) => p.hidden === '1')!;
    expect((await get(`/api/majorevents.php?id=${hidden.id}`)).res.status).toBe(404);
    expect((await get(`/api/majorevents.php?id=${hidden.id}`, { cookie })).res.status).toBe(200);
  });

  it('visitors never get unpublished event cards or hidden pages; staff get both', async () => {
    const visitor = (await get('/api/events.php')).body;
    expect(visitor.every((c: { display_event: string }) => c.display_event !== '0')).toBe(true);
    const stream = await openEventStream(`${site.url}/api/get_event_cards_sse.php`);
    expect(JSON.parse((await stream.next()).data)).toEqual(visitor);
    stream.close();
    await site.signIn();
    const staff = await (await site.api('/api/events.php')).json();
    expect(staff.some((c: { display_event: string }) => c.display_event === '0')).toBe(true);
    await site.signOut();
  });

  it('globals.php, footer.php, policy_update.php and the other singletons answer objects', async () => {
    const g = (await get('/api/globals.php')).body as Row;
    expect(g.show_banner).toMatch(/^[01]$/);
    expect(g.banner_to_show).toMatch(/^\d+$/);
    expect(((await get('/api/policy_update.php')).body as Row).policyText!.length).toBeGreaterThan(20);
    expect(((await get('/api/resources_button.php')).body as Row).link).toMatch(/^\//);
    const mission = (await get('/api/about_us_our_mission.php?timestamp=1')).body as Row;
    expect(Object.keys(mission)).toEqual(expect.arrayContaining(['our_mission', 'our_values']));
  });

  it('?id= returns one item; unknown ids and unknown calls give 404 JSON', async () => {
    const one = await get('/api/news.php?id=1');
    expect(one.res.status).toBe(200);
    expect((one.body as Row).id).toBe('1');
    for (const path of [
      '/api/news.php?id=999',
      '/api/news.php?id=abc',
      '/api/download_pdf.php?id=999',
      '/api/nothing.php',
    ]) {
      const r = await get(path);
      expect(r.res.status, path).toBe(404);
      expect(typeof (r.body as Row).error).toBe('string');
    }
  });
});

describe('caching and media', () => {
  it('sends an ETag and answers 304 to If-None-Match; gzip when asked', async () => {
    const first = await fetch(`${site.url}/api/events.php`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${site.url}/api/events.php?timestamp=123`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const raw = await import('node:http');
    const encoding = await new Promise<string | undefined>((resolve) => {
      raw.get(`${site.url}/api/events.php`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
        r.resume();
        resolve(r.headers['content-encoding']);
      });
    });
    expect(encoding).toBe('gzip');
  });

  it('media=url gives versioned /media/ URLs served immutable, with nosniff', async () => {
    const profiles = (await get('/api/about_us.php?media=url')).body as Row[];
    const url = profiles.find((p) => p.headshot)!.headshot!;
    expect(url).toMatch(/^\/media\/profiles\/\d+\.(jpg|png|webp|gif)\?v=[0-9a-f]{12}$/);
    const res = await fetch(site.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    const unversioned = await fetch(site.url + url.split('?')[0]);
    expect(unversioned.headers.get('cache-control')).toBe('no-cache');
    for (const path of ['/media/..%2f..%2fprivate%2fusers.json', '/media/profiles/..%2f..%2f.git%2fconfig']) {
      const r = await fetch(site.url + path);
      expect(r.status, path).toBe(404);
      expect(await r.text()).not.toContain('hash');
    }
  });

  it('download_pdf.php streams the PDF saved as {file_name}.pdf', async () => {
    const papers = (await get('/api/get_pdf_metadata.php')).body as Row[];
    const res = await fetch(`${site.url}/api/download_pdf.php?id=${papers[0]!.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`filename="${papers[0]!.file_name}.pdf"`);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

describe('the entity table covers the spec', () => {
  it('declares every documented read call', () => {
    const documented = [
      'get_headder.php',
      'globals.php',
      'footer.php',
      'homepage.php',
      'about_us.php',
      'spotlight.php',
      'about_us_our_mission.php',
      'majorevents.php',
      'events.php',
      'event_dropdowns.php',
      'workshop_schedule.php',
      'state_policies.php',
      'policy_update.php',
      'news.php',
      'get_pdf_metadata.php',
      'resources_text.php',
      'resources_button.php',
      'resources.php',
      'redirects.php', // not in the spec: the redirects list (issue 22), read by the admin's form
      'pages', // not in the spec: the pages staff build from sections (issue 34)
      'navigation', // not in the spec: the header and footer menus (issue 34)
      'languages', // not in the spec: the languages of the public site (issue 36)
    ];
    expect(siteEntities.map((d) => d.legacy.endpoint).sort()).toEqual(documented.sort());
    expect(entities.contactMessage.storage).toBe('private');
  });
});
