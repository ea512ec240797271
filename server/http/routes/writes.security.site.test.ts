// Security baseline of the write side (DESIGN.md): every route registered in the Express app that is
// not an explicitly public read refuses a signed-out caller with 401; state-changing requests from
// another origin (or from nowhere) get 403; uploads are typed from their bytes (415), limited (413)
// and stored under names the server makes, with nothing left behind when refused.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { createApp } from '../../app.ts';
import { publicRoute, registeredRoutes, type RouteInfo } from '../../testing/routeList.ts';
import { collections, singletons } from '../../schema/registry.ts';
import { EVENTS_LISTING } from '../../schema/sitePaths.ts';
import { PAGE_PATHS_ENDPOINT } from '../../schema/site/publicPaths.ts';
import {
  addEditorAndSignIn,
  answer,
  commitCount,
  elf,
  expectClean,
  expectNoCommit,
  expectOneCommit,
  file,
  form,
  git,
  jpg,
  list,
  pdfBytes,
  png,
  rawRequest,
  readWorkTree,
  svg,
} from './writesTestKit.ts';

let site: TestSite;
let author: { name: string; email: string };

beforeAll(async () => {
  site = await startTestSite();
  author = await addEditorAndSignIn(site);
});
afterAll(async () => {
  await site?.stop();
});

describe('every registered route', () => {
  let routes: RouteInfo[];
  let isPublic: (r: RouteInfo) => boolean;

  beforeAll(() => {
    // The server's listener is the fast path in front of the app: walk an app built the same way.
    routes = registeredRoutes(createApp(site.deps));
    isPublic = publicRoute(site.deps);
  });

  it('the walk finds the documented writes and the private reads', () => {
    const names = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const expected of [
      'POST /api/news.php',
      'PUT /api/news.php',
      'DELETE /api/news.php',
      'POST /api/pdf_upload.php',
      'POST /api/pdf_update.php',
      'DELETE /api/pdf_upload.php',
      'PUT /api/globals.php',
      'POST /api/workshop_schedule.php',
      'PUT /api/homepage.php',
      'POST /api/pages',
      'PUT /api/pages',
      'DELETE /api/pages',
      'PUT /api/navigation',
      'GET /api/history',
      'GET /api/history/version',
      'POST /api/history/restore',
      'GET /api/deleted',
      'GET /api/messages',
      'DELETE /api/messages',
      'GET /api/messages/summary',
      'POST /api/messages/seen',
      'GET /api/admin/status',
      'GET /api/admin/content-checks',
      'POST /api/admin/content-checks',
    ])
      expect(names).toContain(expected);
    // Every write endpoint of every site entity was registered (reads of their own have none).
    for (const e of site.deps.model.endpoints.filter(
      (x) =>
        !['get_data.php', 'pdf_images.php', EVENTS_LISTING.endpoint, PAGE_PATHS_ENDPOINT].includes(x.path),
    )) {
      expect(routes.some((r) => r.method !== 'GET' && r.path === `/api/${e.path}`)).toBe(true);
    }
  });

  it('refuses each one that is not public with 401 when signed out, and nothing is committed', async () => {
    const before = commitCount(site);
    const guarded = routes.filter((r) => !isPublic(r));
    // At least create/update/delete per collection, one write per singleton and the six admin routes.
    expect(guarded.length).toBeGreaterThanOrEqual(collections.length * 3 + singletons.length + 6);
    const answers: string[] = [];
    for (const r of guarded) {
      // Parameters filled in as a caller would (`:endpoint` a documented read, which `?draft=` makes private).
      const filled = r.path
        .replace(':endpoint', 'news.php')
        .replace(':id', 'abc123def456')
        .replace(':share', 'abc123def456')
        .replace('*rest', 'news');
      const url = `${filled}?id=1&entity=news&draft=abc123def456&commit=${'0'.repeat(40)}`;
      const res = await rawRequest(site.url + url, {
        method: r.method,
        headers: { origin: site.url, 'content-type': 'application/json' },
        body:
          r.method === 'GET'
            ? undefined
            : JSON.stringify({ id: '1', entity: 'news', title: 'x', commit: '0'.repeat(40) }),
      });
      answers.push(`${r.method} ${r.path} → ${res.status} ${res.body}`);
    }
    expect(answers).toEqual(
      guarded.map((r) => `${r.method} ${r.path} → 401 {"error":"Please sign in to do this."}`),
    );
    expectNoCommit(site, before);
  });

  it('refuses each state-changing one from another origin with 403, even signed in, and nothing is committed', async () => {
    const before = commitCount(site);
    // Posted from elsewhere on purpose, each with its own key: the forge's signed webhook, and a mail
    // app's one-click stop of notice emails (a wrong key: 404, server/notices/notices.site.test.ts).
    const fromElsewhere = ['/api/git/webhook', '/api/notifications/stop'];
    const changing = routes.filter((r) => r.method !== 'GET' && !fromElsewhere.includes(r.path));
    expect(changing.length).toBeGreaterThanOrEqual(collections.length * 3 + singletons.length);
    const answers: string[] = [];
    for (const r of changing) {
      const filled = r.path
        .replace(':id', 'abc123def456')
        .replace(':share', 'abc123def456')
        .replace(':action', 'publish');
      const res = await rawRequest(`${site.url}${filled}?id=1&draft=abc123def456`, {
        method: r.method,
        headers: { origin: 'http://evil.example', cookie: site.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ id: '1', title: 'x' }),
      });
      answers.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(answers).toEqual(changing.map((r) => `${r.method} ${r.path} → 403`));
    expectNoCommit(site, before);
  });

  it('a cookie that is not a valid session is refused too', async () => {
    const res = await rawRequest(`${site.url}/api/news.php`, {
      method: 'POST',
      headers: {
        origin: site.url,
        'content-type': 'application/json',
        cookie: 'cms_session=eyJ1IjoiYWRtaW4iLCJlIjoxLCJ0IjoxfQ==; cms_session.sig=forged',
      },
      body: JSON.stringify({ title: 'forged' }),
    });
    expect(res.status).toBe(401);
  });
});

describe('origin check', () => {
  const post = (headers: Record<string, string>) =>
    rawRequest(`${site.url}/api/news.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: site.cookie, ...headers },
      body: JSON.stringify({ title: 'Cross-site news' }),
    });
  const refused = { status: 403, error: 'This request did not come from this site, so it was refused.' };

  it.each([
    ['another Origin', { origin: 'http://evil.example' }],
    ['neither Origin nor Referer', {}],
    ['Origin "null" (sandboxed frame)', { origin: 'null' }],
    ['a Referer from another site', { referer: 'http://evil.example/page' }],
    ['an Origin that only starts like ours', { origin: '' }],
  ])('refuses a signed-in write with %s (403), committing nothing', async (_what, headers) => {
    const before = commitCount(site);
    const h: Record<string, string> = { ...headers };
    if (h.origin === '') h.origin = `${site.url}.evil.example`;
    const res = await post(h);
    expect({ status: res.status, error: (JSON.parse(res.body) as { error: string }).error }).toEqual(refused);
    expectNoCommit(site, before);
  });

  it('refuses a cross-origin sign-in and contact message too', async () => {
    for (const p of ['/api/login.php', '/api/handle_form.php', '/api/logout.php']) {
      const res = await rawRequest(site.url + p, {
        method: 'POST',
        headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(`${p} ${res.status}`).toBe(`${p} 403`);
    }
  });

  it("accepts the site's own Referer when there is no Origin", async () => {
    const before = commitCount(site);
    const res = await post({ referer: `${site.url}/admin/news` });
    expect(res.status).toBe(201);
    const id = (JSON.parse(res.body) as { id: string }).id;
    expectOneCommit(site, before, {
      author,
      message: `news: create ${id} "Cross-site news"`,
      files: { [`content/news/${id}.md`]: 'A' },
    });
  });
});

describe('uploads', () => {
  const paperFields = {
    fileName: 'Upload test',
    studyTitle: 'Upload test',
    abstract: 'x',
    publicationDate: '01/01/2026',
  };
  const mediaListing = () =>
    readdirSync(path.join(site.siteDir, 'media'), { recursive: true }).map(String).sort();

  /** Sends a refused upload and checks that nothing was committed or left in the work tree. */
  async function refusedUpload(
    endpoint: string,
    body: FormData,
    status: number,
    error: string,
    fields?: Record<string, string>,
  ) {
    const before = commitCount(site);
    const mediaBefore = mediaListing();
    const res = await answer(site.api(`/api/${endpoint}`, { method: 'POST', body }));
    expect(res).toEqual({ status, body: fields ? { error, fields } : { error } });
    expectNoCommit(site, before);
    expect(mediaListing()).toEqual(mediaBefore);
  }

  it('refuses an executable renamed .pdf with 415: nothing committed, no file left', async () => {
    await refusedUpload(
      'pdf_upload.php',
      form(paperFields, {
        pdfFile: file(elf(), 'report.pdf', 'application/pdf'),
        firstPage: file(jpg('ok'), 'p1.jpg', 'image/jpeg'),
      }),
      415,
      'This file is not a PDF. Please choose a PDF file.',
      { pdfFile: 'Not a PDF file' },
    );
  });

  it('refuses a shell script renamed .pdf with 415', async () => {
    await refusedUpload(
      'pdf_upload.php',
      form(paperFields, {
        pdfFile: file(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'report.pdf', 'application/pdf'),
        firstPage: file(jpg('ok'), 'p1.jpg', 'image/jpeg'),
      }),
      415,
      'This file is not a PDF. Please choose a PDF file.',
      { pdfFile: 'Not a PDF file' },
    );
  });

  it('refuses an SVG as an image with 415 (also when it claims to be a PNG)', async () => {
    for (const name of ['logo.svg', 'logo.png']) {
      await refusedUpload(
        'resources.php',
        form({ resource_name: 'SVG', url_link: '/x' }, { logo: file(svg(), name, 'image/png') }),
        415,
        'This file is not a supported image. Please use JPEG, PNG, GIF or WebP.',
        { logo: 'Not a supported image' },
      );
    }
  });

  it('refuses a PDF where an image belongs (415) and an executable as an image (415)', async () => {
    await refusedUpload(
      'spotlight.php',
      form({ title: 't', text: 'x' }, { image: file(pdfBytes('x'), 'me.jpg', 'image/jpeg') }),
      415,
      'This file is not a supported image. Please use JPEG, PNG, GIF or WebP.',
      { image: 'Not a supported image' },
    );
    await refusedUpload(
      'spotlight.php',
      form({ title: 't', text: 'x' }, { image: file(elf(), 'me.jpg', 'image/jpeg') }),
      415,
      'This file is not a supported image. Please use JPEG, PNG, GIF or WebP.',
      { image: 'Not a supported image' },
    );
  });

  it('refuses an image over 5 MB with 413, and takes one of exactly 5 MB', async () => {
    const big = Buffer.concat([png('big'), Buffer.alloc(5 * 1024 * 1024 + 1 - png('big').length, 0)]);
    expect(big.length).toBe(5 * 1024 * 1024 + 1);
    await refusedUpload(
      'about_us.php',
      form({ name: 'Big Picture' }, { headshot: file(big, 'big.png', 'image/png') }),
      413,
      'The image is too large. Images can be up to 5 MB.',
      { headshot: 'Larger than 5 MB' },
    );
    const before = commitCount(site);
    const res = await answer(
      site.api('/api/about_us.php', {
        method: 'POST',
        body: form(
          { name: 'Exact Picture' },
          { headshot: file(big.subarray(0, 5 * 1024 * 1024), 'ok.png', 'image/png') },
        ),
      }),
    );
    expect(res.status).toBe(201);
    expect(commitCount(site)).toBe(before + 1);
  });

  it('refuses a PDF over 25 MB with 413, nothing left behind', async () => {
    const huge = Buffer.concat([pdfBytes('huge'), Buffer.alloc(25 * 1024 * 1024, 0x20)]);
    await refusedUpload(
      'pdf_upload.php',
      form(paperFields, {
        pdfFile: file(huge, 'huge.pdf', 'application/pdf'),
        firstPage: file(jpg('p'), 'p.jpg', 'image/jpeg'),
      }),
      413,
      'The file is too large. PDFs can be up to 25 MB and images up to 5 MB.',
    );
  });

  it('refuses an empty file, a second file for one field and a file in an unknown field (400)', async () => {
    await refusedUpload(
      'spotlight.php',
      form({ title: 't', text: 'x' }, { image: file(Buffer.alloc(0), 'empty.jpg', 'image/jpeg') }),
      400,
      'The file is empty.',
      { image: 'The file is empty.' },
    );
    const two = form({ title: 't', text: 'x' }, { image: file(jpg('1'), 'a.jpg', 'image/jpeg') });
    two.append('image', new Blob([new Uint8Array(jpg('2'))], { type: 'image/jpeg' }), 'b.jpg');
    await refusedUpload('spotlight.php', two, 400, 'Send one file for "image".');
    await refusedUpload(
      'spotlight.php',
      form({ title: 't', text: 'x' }, { script: file(jpg('3'), 'a.jpg', 'image/jpeg') }),
      400,
      'Unexpected file field "script".',
    );
  });

  it("never uses the client's file name: ../../evil.jpg is stored as media/profiles/<id>.jpg", async () => {
    const before = commitCount(site);
    const bytes = jpg('evil name');
    const res = await answer(
      site.api('/api/about_us.php', {
        method: 'POST',
        body: form({ name: 'Eve Ilname' }, { headshot: file(bytes, '../../evil.jpg', 'image/jpeg') }),
      }),
    );
    expect(res.status).toBe(201);
    const id = String(res.body.id);
    expectOneCommit(site, before, {
      author,
      message: `profiles: create ${id} "Eve Ilname"`,
      files: { [`content/profiles/${id}.md`]: 'A', [`media/profiles/${id}.jpg`]: 'A' },
    });
    expect(readWorkTree(site, `media/profiles/${id}.jpg`).equals(bytes)).toBe(true);
    expect(git(site, 'show', `HEAD:content/profiles/${id}.md`)).toContain(
      `headshot: media/profiles/${id}.jpg`,
    );
    // Nowhere in the data directory (site repository or private) is there a file called evil.jpg.
    const all = readdirSync(site.dataDir, { recursive: true }).map(String);
    expect(all.filter((p) => p.includes('evil'))).toEqual([]);
    // The type comes from the bytes: a PNG sent as "photo.jpg" is stored as .png.
    const res2 = await answer(
      site.api(`/api/about_us.php`, {
        method: 'POST',
        body: form(
          { id, name: 'Eve Ilname' },
          { headshot: file(png('really a png'), 'photo.jpg', 'image/jpeg') },
        ),
      }),
    );
    expect(res2.status).toBe(200);
    expect((await list(site, 'about_us.php')).find((p) => p.id === id)?.headshot).toMatch(
      new RegExp(`^/media/profiles/${id}\\.png\\?v=`),
    );
    expectClean(site);
  });

  it('a media path sent as a field value is ignored: media are set by uploads only', async () => {
    const before = commitCount(site);
    const res = await answer(
      site.api('/api/spotlight.php', {
        method: 'POST',
        json: { title: 'Sneaky', text: 'x', image: 'media/papers/1.pdf' },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.image).toBe('');
    expect(commitCount(site)).toBe(before + 1);
  });

  it('serves media with nosniff', async () => {
    const res = await fetch(`${site.url}/media/profiles/1.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('ids from requests', () => {
  const long = '1'.repeat(400);
  const TOO_LONG = 'The id is too long: ids have at most 9 digits.';
  const zeros = '0'.repeat(40);
  const json = (method: string, body: unknown) => ({ method, json: body });

  it.each([
    ['PUT news.php?id=', () => site.api(`/api/news.php?id=${long}`, json('PUT', { title: 'x' }))],
    ['POST news.php { id }', () => site.api('/api/news.php', json('POST', { id: long, title: 'x' }))],
    ['DELETE news.php?id=', () => site.api(`/api/news.php?id=${long}`, { method: 'DELETE' })],
    ['DELETE news.php { id }', () => site.api('/api/news.php', json('DELETE', { id: long }))],
    ['GET history?id=', () => site.api(`/api/history?entity=news&id=${long}`)],
    [
      'GET history/version?id=',
      () => site.api(`/api/history/version?entity=news&id=${long}&commit=${zeros}`),
    ],
    [
      'POST history/restore { id }',
      () => site.api('/api/history/restore', json('POST', { entity: 'news', id: long, commit: zeros })),
    ],
    ['DELETE messages?id=', () => site.api(`/api/messages?id=${long}`, { method: 'DELETE' })],
  ])('%s with 400 digits is refused with 400 and fields.id, nothing written', async (_what, send) => {
    const before = commitCount(site);
    expect(await answer(send())).toEqual({
      status: 400,
      body: { error: TOO_LONG, fields: { id: 'At most 9 digits' } },
    });
    expectNoCommit(site, before);
  });

  it('a number too large to write out in digits (1e+21) is not an id either', async () => {
    const res = await answer(site.api('/api/news.php', json('DELETE', { id: 1e21 })));
    expect(res).toEqual({
      status: 400,
      body: { error: 'The id must be a number.', fields: { id: 'Not a number' } },
    });
  });

  it('pdf_update.php names the fileId field', async () => {
    const res = await answer(
      site.api('/api/pdf_update.php', { method: 'POST', body: form({ fileId: long, fileName: 'x' }) }),
    );
    expect(res).toEqual({ status: 400, body: { error: TOO_LONG, fields: { fileId: 'At most 9 digits' } } });
  });

  it('nine digits are still an id (of an item that does not exist: 404)', async () => {
    expect((await site.api('/api/news.php?id=999999999', json('PUT', { title: 'x' }))).status).toBe(404);
  });
});

describe('text encodings', () => {
  const declaring = (type: string, charset = 'utf-7') => ({ 'content-type': `${type}; charset=${charset}` });
  const REFUSED = {
    status: 415,
    body: { error: 'What you sent uses a text encoding this site does not read. Please send it as UTF-8.' },
  };
  const post = (endpoint: string, body: BodyInit, headers: Record<string, string>) =>
    answer(site.api(`/api/${endpoint}`, { method: 'POST', body, headers }));

  it('refuses JSON, form and multipart bodies declaring UTF-7 (or UTF-16) with 415, saving nothing', async () => {
    const before = commitCount(site);
    // '+ADw-script+AD4-' is '<script>' in UTF-7.
    const script = '+ADw-script+AD4-alert(1)+ADw-/script+AD4-';
    const multipart = new Request('http://x', { method: 'POST', body: form({ title: script }) });
    const sends: [string, BodyInit, Record<string, string>][] = [
      ['json', `{"title":"${script}"}`, declaring('application/json')],
      ['json utf-16', Buffer.from('{"title":"x"}', 'utf16le'), declaring('application/json', 'UTF-16')],
      ['form', `title=${script}`, declaring('application/x-www-form-urlencoded')],
      ['multipart', await multipart.arrayBuffer(), declaring(multipart.headers.get('content-type')!)],
    ];
    for (const [what, body, headers] of sends)
      expect([what, await post('news.php', body, headers)]).toEqual([what, REFUSED]);
    for (const endpoint of ['handle_form.php', 'login.php']) {
      expect([endpoint, await post(endpoint, '{}', declaring('application/json'))]).toEqual([
        endpoint,
        REFUSED,
      ]);
    }
    expectNoCommit(site, before);
  });

  it('accepts UTF-8 and ISO-8859-1 declared explicitly', async () => {
    const before = commitCount(site);
    const utf8 = await post(
      'news.php',
      '{"title":"Caf\u00e9 UTF-8"}',
      declaring('application/json', '"UTF-8"'),
    );
    expect(utf8.status).toBe(201);
    const latin1 = Buffer.from('title=Caf%E9+latin1', 'latin1');
    expect(
      (await post('news.php', latin1, declaring('application/x-www-form-urlencoded', 'ISO-8859-1'))).status,
    ).toBe(201);
    expect(commitCount(site)).toBe(before + 2);
    const titles = (await list(site, 'news.php')).map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Café UTF-8', 'Café latin1']));
  });
});
