// Admin addresses asked for by a signed-in user get the page drawn for them (the first page of each
// list in #root, and the answers it showed); everyone else gets the admin's empty page, never data.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../testing/testSite.ts';
import { standInBuild } from '../standInBuildTestKit.ts';

const ADMIN_HTML =
  '<!doctype html><html><head><title>Admin</title>' +
  '<link rel="stylesheet" href="/assets/style-1.css"></head><body><div id="root"></div></body></html>';

let site: TestSite;
let dist = '';
let firstTitle = '';

beforeAll(async () => {
  dist = await standInBuild();
  await writeFile(path.join(dist, 'admin.html'), ADMIN_HTML);
  site = await startTestSite({ distDir: dist });
  await site.signIn();
  const page = (await (await site.api('/api/admin/items?entity=news&per=25')).json()) as {
    items: { title: string }[];
  };
  firstTitle = page.items[0]!.title;
}, 60_000);
afterAll(async () => {
  await site?.stop();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const get = (pathname: string, cookie = '') =>
  fetch(site.url + pathname, { headers: cookie ? { cookie } : {} });

describe('an admin page of lists', () => {
  it('comes drawn for a signed-in user, with its first list page and what it showed', async () => {
    const res = await get('/NewsAdminPage', site.cookie);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<li class="admin-row">');
    expect(html).toContain(firstTitle);
    expect(html).toContain('<script type="application/json" id="admin-page-data">');
    expect(html).toContain('"admin/items?entity=news&per=25"');
    expect(html).toContain('<title>Admin: News |');
    expect(html).not.toContain('<link rel="stylesheet"'); // written into the page instead
  });

  it('is the empty admin page for anyone not signed in, whatever cookie they send', async () => {
    const outside = await site.api('/api/login.php', {
      method: 'POST',
      json: { username: 'admin', password: 'wrong password here' },
    });
    expect(outside.status).toBe(401);
    for (const cookie of ['', 'cms_session=eyJ1IjoiYWRtaW4ifQ==; cms_session.sig=forged', 'other=1']) {
      const html = await (await get('/NewsAdminPage', cookie)).text();
      expect(html).toBe(ADMIN_HTML);
    }
  });

  it('is the empty admin page once the session has ended', async () => {
    const cookie = site.cookie;
    await site.signOut();
    try {
      expect(await (await get('/NewsAdminPage', cookie)).text()).toBe(ADMIN_HTML);
    } finally {
      await site.signIn();
    }
  });

  it('is the empty page with an item open, and for pages that are not only lists', async () => {
    expect(await (await get('/NewsAdminPage?news=1', site.cookie)).text()).toBe(ADMIN_HTML);
    expect(await (await get('/FooterAdminPage', site.cookie)).text()).toBe(ADMIN_HTML);
    expect(await (await get('/admin', site.cookie)).text()).toBe(ADMIN_HTML);
    for (const page of ['/admin/account', '/admin/accounts', '/admin/invite/abc', '/admin/reset/abc'])
      expect(await (await get(page, site.cookie)).text(), page).toBe(ADMIN_HTML);
  });
});

describe('an admin page for a role', () => {
  const person = (username: string) => ({
    username,
    password: `${username}-long-password-1`,
    name: username,
    email: `${username}@example.org`,
    role: 'contributor' as const,
  });
  const signedIn = async (user: { username: string; password: string }) => {
    const res = await site.api('/api/login.php', { method: 'POST', json: user, headers: { cookie: '' } });
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };

  it('comes drawn read-only for a contributor, with the way into a draft (as the browser draws it)', async () => {
    const cora = person('cora');
    await site.deps.users.add(cora);
    const html = await (await get('/NewsAdminPage', await signedIn(cora))).text();
    expect(html).toContain(firstTitle);
    expect(html).toContain('As a contributor you work in drafts: make or open a draft to change the site.');
    expect(html).not.toContain('Add a news item');
    expect(html).toContain('"role":"contributor"');
  });

  it('is the empty page for someone who owes two-step set-up (the browser takes them to their account)', async () => {
    const rosa = person('rosa');
    await site.deps.users.add(rosa);
    const cookie = await signedIn(rosa);
    await site.api('/api/users/settings', {
      method: 'PUT',
      json: { requireTwoFactor: { contributor: true, editor: false, admin: false } },
    });
    try {
      expect(await (await get('/NewsAdminPage', cookie)).text()).toBe(ADMIN_HTML);
    } finally {
      await site.api('/api/users/settings', {
        method: 'PUT',
        json: { requireTwoFactor: { contributor: false, editor: false, admin: false } },
      });
    }
  });
});
