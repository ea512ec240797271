// Redirects and one address per page on the real server: kept in the site repository, saved through the
// admin's call, answered at once (301 / 410), loops refused, /News/ sent to /news, and never a way off
// the site but an explicit https:// address, whether saved through the admin or written by hand in git.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../testing/testSite.ts';
import { rawRequest } from './routes/writesTestKit.ts';
import { standInBuild } from './standInBuildTestKit.ts';

// The pages it asks for are drawn in a stand-in build: without one (no dist/ in a fresh tree, as
// test:fast has) every page answers 503.
let dist = '';
let site: TestSite;
beforeAll(async () => {
  dist = await standInBuild();
  site = await startTestSite({ distDir: dist });
  await site.signIn();
});
afterAll(async () => {
  await site?.stop();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const get = (path: string) => rawRequest(site.url + path, { method: 'GET' });
const save = (rules: string) => site.api('/api/redirects.php', { method: 'PUT', json: { rules } });

describe('redirects', () => {
  it('a saved list answers at once: 301 to the new address, 410 with what replaced it', async () => {
    const res = await save(
      [
        '# The old site',
        '/old-news /news',
        'https://old.example.org/page.php?id=3 /research',
        '/media/papers/9.pdf gone /research',
        '/retired gone',
      ].join('\n'),
    );
    expect(res.status).toBe(200);
    expect(site.git('show', 'HEAD:content/site/redirects.md')).toContain('/old-news /news');

    const moved = await get('/Old-News/');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/news');
    expect((await get('/page.php?id=3')).headers.location).toBe('/research');
    expect((await get('/page.php?id=4')).status).toBe(404);

    const gone = await get('/media/papers/9.pdf');
    expect(gone.status).toBe(410);
    expect(gone.headers['content-type']).toMatch(/^text\/html/);
    expect(gone.body).toContain('<a href="/research">/research</a>');
    expect((await get('/retired')).body).toContain('was retired');
  });

  it('refuses a loop, a chain and a page of the site, naming the line, and keeps what was there', async () => {
    const before = site.git('rev-parse', 'HEAD').trim();
    for (const [rules, words] of [
      ['/a /b\n/b /a', 'loop'],
      ['/a /b\n/b /news', 'redirected too (line 2)'],
      ['/About /news', 'is a page of this site'],
      ['/x somewhere', 'Line 1: write the old address'],
    ] as const) {
      const res = await save(rules);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(body.fields.rules).toContain(words);
    }
    expect(site.git('rev-parse', 'HEAD').trim()).toBe(before);
    expect((await get('/old-news')).status).toBe(301);
  });

  it('answers 301 from another case or a trailing slash to the one address of a page, keeping the query', async () => {
    for (const [asked, to] of [
      ['/News/', '/news'],
      ['/news/', '/news'],
      ['/ABOUT', '/about'],
      ['/summerofcs', '/summerOfCS'],
      ['/News/Page/2/', '/news/page/2'],
      ['/Events?month=11', '/events?month=11'],
    ] as const) {
      const res = await get(asked);
      expect([asked, res.status, res.headers.location]).toEqual([asked, 301, to]);
    }
    expect((await get('/news')).status).toBe(200);
    expect((await get('/summerOfCS')).status).toBe(200);
    expect((await get('/no-such-page')).status).toBe(404);
  });
});

describe('redirects never send visitors off the site but by an explicit https:// address', () => {
  // Each is read by a browser as another website: '/\\host' and '\\\\host' as '//host', '/%5Chost' so once
  // a server or proxy on the way undoes the escape, a tab or line break is dropped from the middle.
  const LEAVING = [
    '/\\evil.example',
    '\\\\evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '//evil.example',
    'http://evil.example',
  ];

  it('refuses each with a 400 naming the field in plain words, and changes nothing', async () => {
    const before = site.git('rev-parse', 'HEAD').trim();
    const kept = site.git('show', 'HEAD:content/site/redirects.md');
    for (const to of LEAVING) {
      const res = await save(`/leave ${to}`);
      const body = (await res.json()) as { error: string; fields: Record<string, string> };
      expect([to, res.status]).toEqual([to, 400]);
      expect(body.error).toEqual(expect.any(String));
      expect(body.fields.rules).toMatch(/^Line \d: /);
      expect(body.fields.rules).not.toMatch(/origin|URL|parse|invalid/i);
    }
    expect(site.git('rev-parse', 'HEAD').trim()).toBe(before);
    expect(site.git('show', 'HEAD:content/site/redirects.md')).toBe(kept);
    expect((await get('/leave')).status).toBe(404);
  });

  it('saves a page of this site and another website’s https:// address', async () => {
    const res = await save('/partner https://partner.example/x\n/about-us /about');
    expect(res.status).toBe(200);
    expect((await get('/partner')).headers.location).toBe('https://partner.example/x');
    expect((await get('/about-us')).headers.location).toBe('/about');
  });

  it('a redirects file written by hand with a target that leaves the site sends nobody there', async () => {
    const lines = LEAVING.filter((to) => !/\s/.test(to)).map((to, i) => `/hand-${i} ${to}`);
    const rel = 'content/site/redirects.md';
    await writeFile(
      path.join(site.siteDir, rel),
      `---\n{}\n---\n${[...lines, '/hand-ok /news'].join('\n')}\n`,
    );
    site.git('add', rel);
    site.git('-c', 'user.name=Maintainer', '-c', 'user.email=m@example.org', 'commit', '-q', '-m', 'by hand');
    await eventually(
      async () => (await get('/hand-ok')).headers.location === '/news',
      5000,
      'the hand-written file to be answered',
    );
    for (let i = 0; i < lines.length; i++) {
      const res = await get(`/hand-${i}`);
      expect([lines[i], res.status, res.headers.location]).toEqual([lines[i], 404, undefined]);
    }
  });
});
