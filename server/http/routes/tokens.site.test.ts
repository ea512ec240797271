// Tokens for scripts (issue 37, part 4) on a real server: made on a person's account, shown once and
// kept only hashed, acting as their role (never above their maker's), with no cookie and no origin
// check, named in the audit log, refused at once when revoked, and never managing accounts or tokens.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestSite, TEST_ADMIN, type TestSite } from '../../testing/testSite.ts';
import type { MadeToken, TokenView } from '../../schema/accountViews.ts';

let site: TestSite;
const cookies: Record<string, string> = {};
const PEOPLE = [
  { username: 'cora', password: 'cora-password-1', role: 'contributor' as const },
  { username: 'eddie', password: 'eddie-password-1', role: 'editor' as const },
];

const signIn = async (username: string, password: string) => {
  const res = await site.api('/api/login.php', {
    method: 'POST',
    json: { username, password },
    headers: { cookie: '' },
  });
  expect(res.status, `${username} signs in`).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
};

/** A call as a signed-in person (their cookie, the site's own origin). */
const asPerson = async (who: string, pathname: string, init: { method?: string; json?: unknown } = {}) => {
  const res = await site.api(pathname, { ...init, headers: { cookie: cookies[who]! } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** A script's call: its token, no cookie, no Origin unless given. */
const asScript = async (
  token: string,
  pathname: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) => {
  const res = await fetch(site.url + pathname, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const makeToken = async (who: string, name: string, role: string): Promise<MadeToken> => {
  const res = await asPerson(who, '/api/tokens', { method: 'POST', json: { name, role } });
  expect(res.status, `${who} makes “${name}”`).toBe(201);
  return res.body as unknown as MadeToken;
};

const listed = async (who: string, query = ''): Promise<TokenView[]> =>
  (await asPerson(who, `/api/tokens${query}`)).body.tokens as TokenView[];

const newDraft = async (token: string, title: string) => {
  const res = await asScript(token, '/api/drafts', { method: 'POST', json: { title } });
  expect(res.status).toBe(201);
  return String(res.body.id);
};

beforeAll(async () => {
  site = await startTestSite();
  for (const p of PEOPLE) await site.deps.users.add(p);
  cookies.admin = await signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  for (const p of PEOPLE) cookies[p.username] = await signIn(p.username, p.password);
}, 60_000);

afterAll(async () => {
  await site?.stop();
});

describe('making tokens', () => {
  it('shows the token once: the list never has it, and private/ keeps only its hash', async () => {
    const made = await makeToken('cora', 'newsletter script', 'contributor');
    expect(made.token).toMatch(/^cms_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(made.view).toMatchObject({ id: made.id, name: 'newsletter script', role: 'contributor' });
    const list = await asPerson('cora', '/api/tokens');
    expect(JSON.stringify(list.body)).not.toContain(made.token.slice(17));
    expect(list.body.tokens).toEqual([
      expect.objectContaining({ id: made.id, name: 'newsletter script', username: 'cora', lastUsed: null }),
    ]);
    expect(Object.keys((list.body.tokens as object[])[0]!).sort()).toEqual(
      ['created', 'id', 'lastAddress', 'lastUsed', 'name', 'role', 'username'].sort(),
    );
    const stored = await readFile(path.join(site.dataDir, 'private', 'api-tokens.json'), 'utf8');
    expect(stored).not.toContain(made.token.slice(17));
    expect(stored).toContain(made.id);
  });

  it('never makes a token above its maker’s role, and says why in plain words', async () => {
    const above = await asPerson('cora', '/api/tokens', {
      method: 'POST',
      json: { name: 'x', role: 'editor' },
    });
    expect(above.status).toBe(403);
    expect((above.body.fields as Record<string, string>).role).toMatch(
      /at most what you can do yourself.*contributor/,
    );
    const adminFromEditor = await asPerson('eddie', '/api/tokens', {
      method: 'POST',
      json: { name: 'x', role: 'admin' },
    });
    expect(adminFromEditor.status).toBe(403);
    expect((adminFromEditor.body.fields as Record<string, string>).role).toMatch(/contributor or editor/);
    const noRole = await asPerson('eddie', '/api/tokens', { method: 'POST', json: { name: 'x' } });
    expect(noRole.status).toBe(400);
    expect(noRole.body.fields).toHaveProperty('role');
    const noName = await asPerson('eddie', '/api/tokens', {
      method: 'POST',
      json: { name: ' ', role: 'editor' },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.fields).toHaveProperty('name');
    expect(await listed('eddie')).toEqual([]);
    // Below their own role is fine.
    await makeToken('eddie', 'calendar sync', 'contributor');
  });
});

describe('using a token', () => {
  it('saves a contributor’s work into a draft, is refused the live site, and the audit log names it', async () => {
    const { token } = await makeToken('cora', 'deploy script', 'contributor');
    const draft = await newDraft(token, 'From a script');
    const saved = await asScript(token, `/api/news.php?draft=${draft}&id=1`, {
      method: 'PUT',
      json: { title: 'Changed by a script' },
    });
    expect(saved.status).toBe(200);
    const live = await asScript(token, '/api/news.php?id=1', { method: 'PUT', json: { title: 'Live' } });
    expect(live.status).toBe(403);
    expect(live.body.error).toMatch(/^Only editors and admins can change the live site/);
    // The draft's commit is the person's.
    const ref = site
      .git('for-each-ref', '--format=%(refname)')
      .split('\n')
      .find((r) => r.includes(draft))!;
    expect(site.git('log', '-1', '--format=%an', ref).trim()).toBe('cora');
    const audit = await asPerson('admin', '/api/admin/audit?who=cora');
    const entries = audit.body.entries as { action: string; detail?: string; id?: string }[];
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'draft-create',
        detail: expect.stringContaining('via token "deploy script"'),
      }),
    );
  });

  it('saves an editor’s work on the live site, as the person, named in the audit log', async () => {
    const { token } = await makeToken('eddie', 'site sync', 'editor');
    const saved = await asScript(token, '/api/news.php?id=1', { method: 'PUT', json: { title: 'Synced' } });
    expect(saved.status).toBe(200);
    expect(site.git('log', '-1', '--format=%an').trim()).toBe('eddie');
    // The audit log is written beside the answer, not before it.
    await eventually(async () => {
      const audit = await asPerson('admin', '/api/admin/audit?who=eddie&action=save');
      expect(audit.body.entries).toContainEqual(
        expect.objectContaining({ action: 'save', id: '1', detail: 'updated, via token "site sync"' }),
      );
      return true;
    });
  });

  it('needs no Origin, while a cookie from another origin is still refused', async () => {
    const { token } = await makeToken('eddie', 'cross-origin', 'editor');
    const elsewhere = { origin: 'https://elsewhere.example' };
    const withToken = await asScript(token, '/api/drafts', {
      method: 'POST',
      json: { title: 'From elsewhere' },
      headers: elsewhere,
    });
    expect(withToken.status).toBe(201);
    const withCookie = await site.api('/api/drafts', {
      method: 'POST',
      json: { title: 'Forged' },
      headers: { cookie: cookies.eddie!, ...elsewhere },
    });
    expect(withCookie.status).toBe(403);
  });

  it('gets none of a browser’s powers from a cookie sent with it', async () => {
    const { token } = await makeToken('cora', 'with a cookie', 'contributor');
    const res = await asScript(token, '/api/news.php?id=1', {
      method: 'PUT',
      json: { title: 'Live' },
      headers: { cookie: cookies.admin!, origin: site.url },
    });
    expect(res.status).toBe(403);
    // A made-up token with a good cookie is refused too: the token decides, alone.
    const madeUp = await asScript('cms_000000000000_' + 'a'.repeat(43), '/api/account', {
      headers: { cookie: cookies.admin! },
    });
    expect(madeUp.status).toBe(401);
  });

  it('leaves the cookie in charge beside a proxy’s Basic sign-in, which is no token', async () => {
    const res = await site.api('/api/drafts', {
      method: 'POST',
      json: { title: 'Behind a proxy' },
      headers: { cookie: cookies.eddie!, authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(res.status).toBe(201);
  });

  it('shows when and from where it was last used', async () => {
    const made = await makeToken('eddie', 'last use', 'editor');
    expect((await asScript(made.token, '/api/drafts')).status).toBe(200);
    const view = (await listed('eddie')).find((t) => t.id === made.id)!;
    expect(Date.now() - Date.parse(view.lastUsed!)).toBeLessThan(10_000);
    expect(view.lastAddress).toMatch(/127\.0\.0\.1/);
    // On disk once, not once a call: the next minute's calls leave the file as it is.
    const file = path.join(site.dataDir, 'private', 'api-tokens.json');
    await site.deps.accounts.idle();
    const written = await readFile(file, 'utf8');
    expect(written).toContain(view.lastUsed!);
    const before = (await stat(file)).mtimeMs;
    for (let i = 0; i < 20; i++) expect((await asScript(made.token, '/api/drafts')).status).toBe(200);
    await site.deps.accounts.idle();
    expect((await stat(file)).mtimeMs).toBe(before);
  });

  it('cannot manage tokens or accounts', async () => {
    const { token } = await makeToken('admin', 'admin script', 'admin');
    const refused = [
      await asScript(token, '/api/tokens', { method: 'POST', json: { name: 'more', role: 'admin' } }),
      await asScript(token, '/api/tokens'),
      await asScript(token, '/api/account'),
      await asScript(token, '/api/account/password', {
        method: 'POST',
        json: { current: 'x', password: 'y' },
      }),
      await asScript(token, '/api/account/two-factor', { method: 'POST', json: {} }),
      await asScript(token, '/api/users'),
      await asScript(token, '/api/users/cora', { method: 'PATCH', json: { role: 'admin' } }),
    ];
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 403));
    expect(refused[0]!.body.error).toBe(
      'A token for scripts cannot manage accounts or tokens. Sign in to the admin to do this.',
    );
    // What an admin's session may do besides: the audit log.
    expect((await asScript(token, '/api/admin/audit')).status).toBe(200);
  });
});

describe('ending a token', () => {
  it('refuses a revoked token at once, on every call', async () => {
    const made = await makeToken('cora', 'to revoke', 'contributor');
    expect((await asScript(made.token, '/api/drafts')).status).toBe(200);
    expect((await asPerson('cora', `/api/tokens/${made.id}`, { method: 'DELETE' })).status).toBe(200);
    for (const call of ['/api/drafts', '/api/news.php']) {
      const res = await asScript(made.token, call);
      expect(res.status, call).toBe(401);
      expect(res.body.error).toBe('This token is not valid (it may have been revoked).');
    }
    expect((await listed('cora')).map((t) => t.id)).not.toContain(made.id);
  });

  it('follows its maker: a lower role lowers it, a disabled or removed account stops it', async () => {
    await site.deps.users.add({ username: 'mira', password: 'mira-password-1', role: 'editor' });
    cookies.mira = await signIn('mira', 'mira-password-1');
    const { token } = await makeToken('mira', 'follows mira', 'editor');
    const draft = await newDraft(token, 'Mira’s');
    expect(
      (await asPerson('admin', '/api/users/mira', { method: 'PATCH', json: { role: 'contributor' } })).status,
    ).toBe(200);
    const live = await asScript(token, '/api/news.php?id=1', { method: 'PUT', json: { title: 'Live' } });
    expect(live.status).toBe(403);
    const intoDraft = await asScript(token, `/api/news.php?draft=${draft}&id=1`, {
      method: 'PUT',
      json: { title: 'Still a draft' },
    });
    expect(intoDraft.status).toBe(200);
    expect(
      (await asPerson('admin', '/api/users/mira', { method: 'PATCH', json: { disabled: true } })).status,
    ).toBe(200);
    expect((await asScript(token, '/api/drafts')).status).toBe(401);
    await asPerson('admin', '/api/users/mira', { method: 'PATCH', json: { disabled: false } });
    expect((await asScript(token, '/api/drafts')).status).toBe(200);
    expect((await asPerson('admin', '/api/users/mira', { method: 'DELETE' })).status).toBe(200);
    expect((await asScript(token, '/api/drafts')).status).toBe(401);
  });

  it('lets an admin list and revoke anyone’s, and no one else', async () => {
    const made = await makeToken('eddie', 'eddie’s to end', 'editor');
    expect((await asPerson('cora', '/api/tokens?all=true')).status).toBe(403);
    expect((await asPerson('cora', `/api/tokens/${made.id}`, { method: 'DELETE' })).status).toBe(404);
    const all = await listed('admin', '?all=true');
    expect(all.find((t) => t.id === made.id)?.username).toBe('eddie');
    expect((await asPerson('admin', `/api/tokens/${made.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await asScript(made.token, '/api/drafts')).status).toBe(401);
    const audit = await asPerson('admin', '/api/admin/audit?action=token-revoke');
    expect(audit.body.entries).toContainEqual(
      expect.objectContaining({ who: 'admin', detail: '“eddie’s to end” of eddie' }),
    );
  });
});
