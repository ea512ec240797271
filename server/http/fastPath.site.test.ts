// The fast read path: built files with the build's .br/.gz, negotiation, 304, HEAD, 404s, and every
// answer it sends equal (headers and bytes) to what the Express app sends for the same request.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../testing/testSite.ts';
import { acceptedEncodings } from './answer.ts';
import { NOT_FAST, pathServers, raw, withoutPerConnection } from './fastPathTestKit.ts';
import { standInBuild } from './standInBuildTestKit.ts';

let site: TestSite;
let dist: string;
let paths: Awaited<ReturnType<typeof pathServers>>;

beforeAll(async () => {
  dist = await standInBuild();
  site = await startTestSite({ distDir: dist });
  paths = await pathServers(site.deps);
  // Every image's size read, so no page is drawn again (a new ETag) while a test compares answers.
  await site.files.pagesReady();
  await site.files.images.warm();
});
afterAll(async () => {
  await paths?.close();
  await site?.stop();
  await rm(dist, { recursive: true, force: true });
});

const decode = (r: { headers: Record<string, unknown>; body: Buffer }) =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body;

describe('built files', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['BR;Q=0.1', 'br'],
  ])('Accept-Encoding %j gets %s, with the exact bytes of the build', async (accept, encoding) => {
    const file = path.join(dist, 'assets/app-1.js');
    const res = await raw(`${site.url}/assets/app-1.js`, accept ? { 'accept-encoding': accept } : {});
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    const sent = encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file;
    expect(res.body.equals(await readFile(sent))).toBe(true);
    expect(decode(res).equals(await readFile(file))).toBe(true);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const get = await raw(`${site.url}/assets/app-1.js`, { 'accept-encoding': 'gzip' });
    const head = await raw(`${site.url}/assets/app-1.js`, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(withoutPerConnection(head.headers)).toEqual(withoutPerConnection(get.headers));
  });

  it('answers 304 to a matching If-None-Match, for files, the page and API answers', async () => {
    for (const p of [
      '/assets/app-1.js',
      '/hero.svg',
      '/',
      '/about',
      '/api/footer.php',
      '/api/news.php?media=url',
    ]) {
      const first = await raw(site.url + p, { 'accept-encoding': 'br' });
      const etag = String(first.headers.etag);
      expect(etag, p).toMatch(/^".+"$/);
      const again = await raw(site.url + p, { 'accept-encoding': 'br', 'if-none-match': `"other", ${etag}` });
      expect(again.status, p).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect((await raw(site.url + p, { 'if-none-match': '"other"' })).status, p).toBe(200);
    }
  });

  it('sends files without a compressed copy as they are, without Vary', async () => {
    for (const p of ['/assets/tiny-1.js', '/assets/pixel-1.png', '/icons/mark.svg']) {
      const res = await raw(site.url + p, { 'accept-encoding': 'br, gzip' });
      expect(res.status, p).toBe(200);
      expect(res.headers['content-encoding'], p).toBeUndefined();
      expect(res.headers.vary, p).toBeUndefined();
      expect(res.body.equals(await readFile(path.join(dist, p)))).toBe(true);
    }
    expect((await raw(`${site.url}/assets/pixel-1.png`)).headers['content-type']).toBe('image/png');
  });

  it('gives other built files an hour of caching, compressed too', async () => {
    const res = await raw(`${site.url}/hero.svg`, { 'accept-encoding': 'gzip' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decode(res).equals(await readFile(path.join(dist, 'hero.svg')))).toBe(true);
  });

  it('404s an unknown asset, and never sends a .br or .gz under its own name', async () => {
    for (const p of [
      '/assets/app-0.js',
      '/assets/app-1.js.br',
      '/assets/app-1.js.gz',
      '/ASSETS/nothing.js',
    ]) {
      const res = await raw(site.url + p);
      expect(res.status, p).toBe(404);
      expect(res.headers['content-type'], p).toContain('application/json');
    }
    const page = await raw(`${site.url}/hero.svg.gz`);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body.toString()).toContain('<div id="root">');
  });

  it('sends the page compressed, with its CSP, for every route of the web app', async () => {
    const html = await readFile(path.join(dist, 'index.html'));
    // Public pages are rendered on the server into the build's index.html; the admin's is it as built.
    const pages: [string, number, boolean][] = [
      ['/', 200, true],
      ['/about', 200, true],
      ['/no/such/page', 404, true],
      ['/index.html', 200, false],
      ['/admin/news', 200, false],
    ];
    for (const [p, status, rendered] of pages) {
      const res = await raw(site.url + p, { 'accept-encoding': 'br' });
      expect(res.status, p).toBe(status);
      expect(res.headers['content-encoding'], p).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self';");
      if (!rendered) expect(decode(res).equals(html), p).toBe(true);
      else expect(decode(res).toString(), p).toMatch(/<div id="root"><a class="skip-link"[\s\S]*<h1/);
    }
  });

  it('allows the dashboard script on its page only, following the settings at once', async () => {
    const csp = async (p: string) => String((await raw(paths.fast + p)).headers['content-security-policy']);
    const setScript = async (url: string) => {
      await site.signIn();
      const saved = await site.api('/api/globals.php', {
        method: 'PUT',
        json: { dashboard_script_url: url },
      });
      await site.signOut();
      expect(saved.status).toBe(200);
    };
    await setScript('');
    expect(await csp('/TableauDashboardEmbed')).toContain("script-src 'self';");
    await setScript('https://public.tableau.com/javascripts/api/tableau.embedding.3.latest.min.js');
    expect(await csp('/TableauDashboardEmbed')).toContain("script-src 'self' https://public.tableau.com;");
    expect(await csp('/')).toContain("script-src 'self';");
  });

  it('loads a new build when dist/ changes', async () => {
    const file = path.join(dist, 'index.html');
    const before = await readFile(file, 'utf8');
    // Written after its .br/.gz, as a build that has not compressed yet: they are not sent for it.
    // (A marker the server's rendering keeps: it writes each page's own title.)
    await writeFile(file, before.replace('content="padding"', 'content="new build"'));
    await eventually(
      async () => (await raw(`${site.url}/`)).body.toString().includes('new build'),
      3000,
      'the new page',
    );
    const fresh = await raw(`${site.url}/`, { 'accept-encoding': 'br' });
    expect(fresh.headers['content-encoding']).toBe('br');
    expect(decode(fresh).toString()).toContain('new build');
  });
});

describe('the fast path and the Express app', () => {
  it('send the same headers and bytes for every answer the fast path gives', async () => {
    const photo = (
      (await (await fetch(`${site.url}/api/about_us.php?media=url`)).json()) as { headshot: string }[]
    ).find((p) => p.headshot)!.headshot;
    const footer = await raw(`${site.url}/api/footer.php`);
    // Media are kept in memory after the first read, which goes through Express.
    await raw(paths.express + photo);
    const requests: [string, Record<string, string>, string?][] = [
      ['/api/footer.php', {}],
      ['/api/footer.php', { 'if-none-match': String(footer.headers.etag) }],
      ['/api/footer.php?timestamp=5', {}, 'HEAD'],
      ['/api/news.php?media=url', { 'accept-encoding': 'br' }],
      ['/api/news.php', { 'accept-encoding': 'gzip' }],
      ['/api/events.php?media=url', {}],
      // One reading of a query for both (query.ts): encoded names and values, '+' and empty values.
      ['/api/news.php?shape=typ%65d&m%65dia=url', {}],
      ['/api/news.php?media=url&shape=+typed', {}],
      ['/api/news.php?timestamp&shape=typed', {}],
      ['/api/majorevents.php', { 'accept-encoding': 'gzip, br' }],
      ['/api/get_data.php', { cookie: 'other=1' }],
      ['/', {}],
      ['/', { 'accept-encoding': 'br' }],
      ['/about', { 'accept-encoding': 'gzip' }, 'HEAD'],
      ['/TableauDashboardEmbed', {}],
      ['/index.html', {}],
      ['/assets/app-1.js', { 'accept-encoding': 'br, gzip' }],
      ['/assets/app-1.js', {}],
      ['/assets/style-1.css', { 'accept-encoding': 'gzip' }],
      ['/hero.svg', {}],
      ['/assets/pixel-1.png', {}],
      [photo, {}],
      [photo.split('?')[0]!, {}],
      [photo, {}, 'HEAD'],
    ];
    for (const [p, headers, method] of requests) {
      const fast = await raw(paths.fast + p, headers, method);
      const slow = await raw(paths.express + p, headers, method);
      const what = `${method ?? 'GET'} ${p} ${JSON.stringify(headers)}`;
      expect(fast.status, what).not.toBe(NOT_FAST);
      expect(fast.status, what).toBe(slow.status);
      expect(withoutPerConnection(fast.headers), what).toEqual(withoutPerConnection(slow.headers));
      expect(fast.body.equals(slow.body), what).toBe(true);
    }
  });

  it('passes on what needs Express: ids, streams, sessions, unknown calls, missing files, writes', async () => {
    const requests: [string, Record<string, string>, string?][] = [
      ['/api/news.php?id=1', {}],
      ['/api/events.php', { cookie: 'cms_session=x' }],
      ['/api/footer.php?x=1', {}],
      ['/api/health', {}],
      ['/api/nothing.php', {}],
      ['/API/footer.php', {}],
      ['/media/nothing.png', {}],
      ['/Media/x', {}],
      ['/assets/app-0.js', {}],
      ['/assets/app%2D1.js', {}],
      ['/api/footer.php', {}, 'POST'],
    ];
    for (const [p, headers, method] of requests) {
      expect((await raw(paths.fast + p, headers, method)).status, p).toBe(NOT_FAST);
    }
    // What the fast path passes on gets the same answer as before from Express.
    expect((await raw(`${site.url}/assets/app%2D1.js`)).status).toBe(200);
    expect((await raw(`${site.url}/API/footer.php`)).headers['content-type']).toContain('application/json');
  });

  it('the helmet headers it sends are those helmet sets in Express', async () => {
    const health = await raw(`${paths.express}/api/health`);
    const fast = await raw(`${paths.fast}/api/footer.php`);
    for (const name of [
      'strict-transport-security',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'x-xss-protection',
    ]) {
      expect(health.headers[name], name).toBeDefined();
      expect(fast.headers[name], name).toBe(health.headers[name]);
    }
    expect(fast.headers['x-powered-by']).toBeUndefined();
  });
});

it('acceptedEncodings reads q-values, wildcards and x-gzip', () => {
  expect(acceptedEncodings(undefined)).toEqual([]);
  expect(acceptedEncodings('gzip;q=0.8, br;q=0.9')).toEqual(['br', 'gzip']);
  expect(acceptedEncodings('x-gzip')).toEqual(['gzip']);
  expect(acceptedEncodings('*;q=0')).toEqual([]);
  expect(acceptedEncodings('br; q=0 , *')).toEqual(['gzip']);
});
