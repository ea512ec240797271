// Security headers, caching of pages and assets, heartbeats, and ETags across a content change.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, type TestSite } from '../testing/testSite.ts';

let site: TestSite;
let dist: string;

beforeAll(async () => {
  // A stand-in build: the web app's real build is covered by the browser suites.
  dist = await mkdtemp(path.join(tmpdir(), 'cms-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><title>site</title><script type="module" src="/assets/app-1.js"></script>',
  );
  await writeFile(path.join(dist, 'assets/app-1.js'), 'console.log(1)');
  site = await startTestSite({ distDir: dist, heartbeatMs: 100, trustProxy: true });
});
afterAll(async () => {
  await site.stop();
  await rm(dist, { recursive: true, force: true });
});

const csp = (res: Response) => res.headers.get('content-security-policy') ?? '';

describe('pages and assets', () => {
  it('every page, /index.html included, has the CSP of DESIGN.md and helmet headers', async () => {
    for (const p of ['/', '/about', '/index.html', '/admin', '/no/such/page']) {
      const res = await fetch(site.url + p);
      expect(res.status, p).toBe(p === '/no/such/page' ? 404 : 200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const policy = csp(res);
      expect(policy, p).toContain("script-src 'self'");
      expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|https:)/);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('allows the external dashboard script on the dashboard page only', async () => {
    const settings = await (await fetch(`${site.url}/api/globals.php`)).json();
    const scriptOrigin = new URL(settings.dashboard_script_url).origin;
    expect(csp(await fetch(`${site.url}/TableauDashboardEmbed`))).toMatch(
      new RegExp(`script-src 'self' ${scriptOrigin.replace(/\./g, '\\.')}`),
    );
    expect(csp(await fetch(`${site.url}/`))).not.toContain(scriptOrigin);
  });

  it('serves hashed assets immutable, and a missing asset as 404 (not the page)', async () => {
    const asset = await fetch(`${site.url}/assets/app-1.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${site.url}/assets/app-0.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type') ?? '').not.toContain('text/html');
  });

  it('API answers forbid everything a page could load', async () => {
    expect(csp(await fetch(`${site.url}/api/news.php`))).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('behind a TLS proxy (TRUST_PROXY) the session cookie is secure, httpOnly, SameSite=Lax', async () => {
    const res = await site.api('/api/login.php', {
      method: 'POST',
      json: { username: 'admin', password: 'correct horse battery staple' },
      headers: { 'x-forwarded-proto': 'https', origin: site.url.replace('http:', 'https:') },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().join('\n').toLowerCase();
    expect(cookie).toContain('secure');
    expect(cookie).toContain('httponly');
    expect(cookie).toContain('samesite=lax');
  });
});

describe('streams and caching over a change', () => {
  it('sends heartbeat comments on idle streams', async () => {
    const res = await fetch(`${site.url}/api/stream`);
    const reader = res.body!.getReader();
    let text = '';
    const until = Date.now() + 2000;
    while (!text.includes(': ping') && Date.now() < until)
      text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(text).toContain(': ping');
  });

  it('an ETag that matched before a change no longer matches after it', async () => {
    const first = await fetch(`${site.url}/api/footer.php`);
    const etag = first.headers.get('etag')!;
    expect((await fetch(`${site.url}/api/footer.php`, { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    const file = path.join(site.siteDir, 'content/site/footer.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nA new line.\n`);
    await eventually(
      async () =>
        (await fetch(`${site.url}/api/footer.php`, { headers: { 'if-none-match': etag } })).status === 200,
      2000,
      'a fresh answer',
    );
  });
});
