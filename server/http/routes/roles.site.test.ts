// Roles × every route the app registers (issue 21): signed out 401; a role that may not call it 403;
// a role that may, anything but 401/403 (its own 2xx, or 400/404/409 for the placeholder input).
// What each route needs is written out here, apart from the server's code, and a route this table
// does not name fails the test: a new route cannot escape the check. Each role's token for scripts
// (issue 37) gets the same answers as that role's session, but on accounts and tokens (403); a token
// that does not work gets 401 everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, TEST_ADMIN, type TestSite } from '../../testing/testSite.ts';
import { createApp } from '../../app.ts';
import { publicRoute, registeredRoutes, type RouteInfo } from '../../testing/routeList.ts';
import { DRAFT_ACTIONS } from '../../schema/draftStates.ts';
import type { Permission, Role } from '../../schema/roles.ts';
import { rawRequest } from './writesTestKit.ts';

type Who = 'anonymous' | Role;
const WHO: Who[] = ['anonymous', 'contributor', 'editor', 'admin'];
const RANK: Record<Who, number> = { anonymous: -1, contributor: 0, editor: 1, admin: 2 };
const LEAST: Record<Permission, number> = { drafts: 0, publish: 1, administer: 2 };

const PEOPLE = {
  contributor: { username: 'cora', password: 'cora-password-1', role: 'contributor' as const },
  editor: { username: 'eddie', password: 'eddie-password-1', role: 'editor' as const },
};

/** One call of the table: a route with its placeholders filled, and what it needs. */
interface Row {
  route: RouteInfo;
  url: string;
  needs: Permission;
  /** Which draft it names (a contributor may discard their own). */
  note?: string;
}

/**
 * What each route needs, by its method and path as registered: the issue's table, written out.
 * Undefined: the table does not know the route (the test fails and names it).
 */
function needsOf(r: RouteInfo): Permission | 'live-or-draft' | 'by-action' | undefined {
  const key = `${r.method} ${r.path}`;
  const admin = [
    /^(GET|POST|PUT|PATCH|DELETE) \/api\/users/,
    /^GET \/api\/admin\/audit/,
    /^PUT \/api\/drafts\/settings$/,
    /^(GET|POST) \/api\/webhooks$/, // webhooks (issue 37): they send the site's changes elsewhere
    /^DELETE \/api\/webhooks\/:id$/,
  ];
  if (admin.some((re) => re.test(key))) return 'administer';
  // Contact messages (visitors' personal data), their count and notices, and restores (they change the
  // live site): editors.
  const messages = /^((GET|DELETE) \/api\/messages|GET \/api\/messages\/summary|POST \/api\/messages\/seen)$/;
  if (messages.test(key) || key === 'POST /api/history/restore') return 'publish';
  // The Content checks page lists the live site's problems: editors and admins. A form's values are
  // checked like a save of them: the live site's by editors, a draft's by contributors too.
  if (key === 'GET /api/admin/content-checks') return 'publish';
  if (key === 'POST /api/admin/content-checks') return 'live-or-draft';
  // Spreadsheets (issue 37): an import is written as a save is; an export is read as the admin's list.
  if (key === 'POST /api/import') return 'live-or-draft';
  if (key === 'POST /api/drafts/:id/:action') return 'by-action';
  // The documented writes and uploads: the live site needs an editor, `?draft=ID` a contributor.
  if (r.method !== 'GET' && /^\/api\/[a-z_]+\.php$/.test(r.path)) return 'live-or-draft';
  // Staff's pages and the menus (issue 34) are written like them.
  if (r.method !== 'GET' && ['/api/pages', '/api/navigation'].includes(r.path)) return 'live-or-draft';
  // The languages (issue 36): a field only admins change, live or in a draft (the operation's guard).
  if (r.method !== 'GET' && r.path === '/api/languages') return 'live-or-draft';
  // The media library: uploads, descriptions, replacements and deletes as the documented writes;
  // bringing a deleted file back changes the live site (editors), like every restore.
  if (key === 'POST /api/media/restore') return 'publish';
  if (r.method !== 'GET' && r.path === '/api/media') return 'live-or-draft';
  const anyStaff = [
    /^GET \/api\/(admin\/items|admin\/status|admin\/search|history|history\/version|history\/media|deleted)$/,
    /^GET \/api\/media(\/deleted)?$/,
    /^GET \/api\/export$/,
    /^GET \/api\/pages\/links$/, // what leads to a page, before it is deleted (issue 34)
    /^GET \/api\/translations(\/:entity\/:id)?$/, // what is left to translate (issue 36)
    /^(GET|POST) \/api\/drafts$/,
    /^GET \/api\/drafts\/(settings|:id)$/,
    /^POST \/api\/drafts\/:id\/(comments|shares)$/,
    /^DELETE \/api\/drafts\/:id\/shares\/:share$/,
    /^GET \/preview\/:id(\/\*rest)?$/,
    /^GET \/api\/:endpoint$/, // a documented read with ?draft=ID
    /^(GET|PATCH) \/api\/account$/,
    /^GET \/api\/notifications$/, // each person's own notices (issue 35)
    /^POST \/api\/notifications\/read$/,
    /^(POST|DELETE) \/api\/account\//,
    /^(GET|POST) \/api\/tokens$/, // each person's own tokens for scripts (issue 37)
    /^DELETE \/api\/tokens\/:id$/,
  ];
  if (anyStaff.some((re) => re.test(key))) return 'drafts';
  return undefined;
}

/** Accounts and tokens are managed by a signed-in person only: a token is refused (403). */
const refusesTokens = (r: RouteInfo) => /^\/api\/(account|users|tokens)(\/|$)/.test(r.path);

let site: TestSite;
let rows: Row[];
let editorsDraft: string;
let contributorsDraft: string;
const cookies = new Map<Who, string>();
/** Each role's token for scripts, made by that role's session. */
const tokens = new Map<Role, string>();

const signIn = async (who: Who): Promise<string> => {
  if (who === 'anonymous') return '';
  const person = who === 'admin' ? TEST_ADMIN : PEOPLE[who];
  const res = await site.api('/api/login.php', {
    method: 'POST',
    json: { username: person.username, password: person.password },
    headers: { cookie: '' },
  });
  expect(res.status, `${who} signs in`).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
};

/**
 * A session per person, kept from row to row: signing in is a session written to private/ each time.
 * A row of the person's own account (signing out everywhere ends it) is followed by a new one.
 */
const sessions = new Map<Who, string>();
const sessionOf = async (who: Who, row: Row): Promise<string> => {
  let cookie = sessions.get(who);
  if (cookie === undefined) sessions.set(who, (cookie = await signIn(who)));
  if (row.route.path.startsWith('/api/account')) sessions.delete(who);
  return cookie;
};

const call = (row: Row, cookie: string, token?: string) =>
  rawRequest(site.url + row.url, {
    method: row.route.method,
    headers: {
      'content-type': 'application/json',
      // A script sends its token and no Origin; a browser its cookie from the site's own pages.
      ...(token !== undefined ? { authorization: `Bearer ${token}` } : { origin: site.url }),
      ...(cookie ? { cookie } : {}),
    },
    body:
      row.route.method === 'GET'
        ? undefined
        : JSON.stringify({ id: '1', entity: 'news', title: 'Role table', commit: '0'.repeat(40) }),
  });

beforeAll(async () => {
  site = await startTestSite();
  for (const p of Object.values(PEOPLE)) await site.deps.users.add(p);
  for (const who of WHO) cookies.set(who, await signIn(who));
  for (const role of ['contributor', 'editor', 'admin'] as const) {
    const res = await site.api('/api/tokens', {
      method: 'POST',
      json: { name: `${role} script`, role },
      headers: { cookie: cookies.get(role)! },
    });
    expect(res.status, `${role} makes a token`).toBe(201);
    tokens.set(role, ((await res.json()) as { token: string }).token);
  }
  const draft = async (who: Who, title: string) => {
    const res = await site.api('/api/drafts', {
      method: 'POST',
      json: { title },
      headers: { cookie: cookies.get(who)! },
    });
    expect(res.status).toBe(201);
    return String(((await res.json()) as { id: string }).id);
  };
  editorsDraft = await draft('editor', 'The editor’s draft');
  contributorsDraft = await draft('contributor', 'The contributor’s draft');

  const isPublic = publicRoute(site.deps);
  const routes = registeredRoutes(createApp(site.deps)).filter((r) => !isPublic(r));
  const unknown = routes.filter((r) => needsOf(r) === undefined).map((r) => `${r.method} ${r.path}`);
  expect(unknown, 'routes the role table does not name: add each to needsOf').toEqual([]);

  // Removing an account names no one who is there: the admin's row would remove the contributor.
  const fill = (path: string, draftId: string, action = 'submit', method = 'GET') =>
    (method === 'DELETE' ? path.replace(':name', 'no-such-person') : path)
      .replace(':endpoint', 'news.php')
      .replace(':id', draftId)
      .replace(':action', action)
      .replace(':share', 'abc123def456')
      .replace(':name', PEOPLE.contributor.username)
      .replace('*rest', 'news');
  const query = `id=1&entity=news&commit=${'0'.repeat(40)}`;
  rows = routes.flatMap((route): Row[] => {
    const needs = needsOf(route)!;
    if (needs === 'live-or-draft')
      return [
        { route, url: `${route.path}?${query}`, needs: 'publish', note: 'live' },
        { route, url: `${route.path}?${query}&draft=${editorsDraft}`, needs: 'drafts', note: 'into a draft' },
      ];
    if (needs === 'by-action')
      return DRAFT_ACTIONS.flatMap((action): Row[] =>
        action === 'discard'
          ? [
              // Anyone's draft: editors; their own: its maker too (a contributor's, after the rows above).
              {
                route,
                url: fill(route.path, editorsDraft, action),
                needs: 'publish',
                note: 'discard another’s',
              },
            ]
          : [
              {
                route,
                url: fill(route.path, editorsDraft, action),
                needs: action === 'submit' ? 'drafts' : 'publish',
                note: action,
              },
            ],
      );
    // `?draft=` makes a documented read (and the admin's list) staff's; without it they are public.
    const draftQuery =
      route.path === '/api/:endpoint' || route.path === '/api/admin/items' ? `&draft=${editorsDraft}` : '';
    return [
      {
        route,
        url: `${fill(route.path, editorsDraft, undefined, route.method)}?${query}${draftQuery}`,
        needs,
      },
    ];
  });
}, 60_000);

afterAll(async () => {
  await site?.stop();
});

describe('roles × every registered route', () => {
  it('covers every write, draft, account, setting and audit call', () => {
    const names = new Set(rows.map((r) => `${r.route.method} ${r.route.path}`));
    for (const expected of [
      'PUT /api/news.php',
      'POST /api/pdf_upload.php',
      'PUT /api/globals.php',
      'POST /api/drafts/:id/:action',
      'PUT /api/drafts/settings',
      'GET /api/users',
      'POST /api/users/invites',
      'PATCH /api/users/:name',
      'GET /api/admin/audit',
      'POST /api/history/restore',
      'POST /api/media',
      'DELETE /api/media',
      'GET /api/media',
      'GET /api/account',
      'POST /api/account/sign-out-everywhere',
      'POST /api/pages',
      'PUT /api/pages',
      'DELETE /api/pages',
      'PUT /api/navigation',
      'GET /api/pages/links',
      'GET /api/tokens',
      'POST /api/tokens',
      'DELETE /api/tokens/:id',
      'GET /api/webhooks',
      'POST /api/webhooks',
      'DELETE /api/webhooks/:id',
      'GET /api/export',
      'POST /api/import',
    ])
      expect(names).toContain(expected);
  });

  it.each(WHO)(
    'answers %s as the table says (401 signed out, 403 where the role may not)',
    async (who) => {
      const got: string[] = [];
      const want: string[] = [];
      for (const row of rows) {
        const cookie = await sessionOf(who, row);
        const res = await call(row, cookie);
        const label = `${row.route.method} ${row.url}${row.note ? ` (${row.note})` : ''}`;
        const allowed = RANK[who] >= LEAST[row.needs];
        const outcome = res.status === 401 ? '401' : res.status === 403 ? '403' : 'allowed';
        got.push(`${label} → ${outcome}`);
        want.push(`${label} → ${who === 'anonymous' ? '401' : allowed ? 'allowed' : '403'}`);
      }
      expect(got).toEqual(want);
    },
    120_000,
  );

  it.each(['contributor', 'editor', 'admin'] as const)(
    'answers the %s’s token as their session, but refuses it accounts and tokens',
    async (role) => {
      const got: string[] = [];
      const want: string[] = [];
      for (const row of rows) {
        const res = await call(row, '', tokens.get(role));
        const label = `${row.route.method} ${row.url}${row.note ? ` (${row.note})` : ''}`;
        const allowed = !refusesTokens(row.route) && RANK[role] >= LEAST[row.needs];
        const outcome = res.status === 401 ? '401' : res.status === 403 ? '403' : 'allowed';
        got.push(`${label} → ${outcome}`);
        want.push(`${label} → ${allowed ? 'allowed' : '403'}`);
      }
      expect(got).toEqual(want);
    },
    120_000,
  );

  it('answers 401 to a token that does not work on every route, even with a good cookie', async () => {
    const got: string[] = [];
    const made = tokens.get('admin')!;
    const wrong = `${made.slice(0, -4)}AAAA`;
    for (const row of rows) {
      const res = await call(row, await sessionOf('admin', row), wrong);
      got.push(`${row.route.method} ${row.url} → ${res.status}`);
    }
    expect(got).toEqual(rows.map((row) => `${row.route.method} ${row.url} → 401`));
  }, 120_000);

  it('lets a contributor discard their own draft but not someone else’s', async () => {
    const cookie = await signIn('contributor');
    const other = await site.api(`/api/drafts/${editorsDraft}/discard`, {
      method: 'POST',
      json: {},
      headers: { cookie },
    });
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: string }).error).toBe(
      'Only the person who started this draft, or an editor, can discard it.',
    );
    const own = await site.api(`/api/drafts/${contributorsDraft}/discard`, {
      method: 'POST',
      json: {},
      headers: { cookie },
    });
    expect(own.status).toBe(200);
  });

  it('refuses a contributor’s live save in plain words, and the pipeline refuses it too', async () => {
    const cookie = await signIn('contributor');
    const res = await site.api('/api/news.php', {
      method: 'POST',
      json: { title: 'Straight to the site' },
      headers: { cookie },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^Only editors and admins can change the live site/,
    );
    // Below the routes: the change pipeline checks the role again.
    const before = site.git('rev-parse', 'HEAD').trim();
    await expect(
      site.deps.writer.save({
        def: (await import('../../schema/registry.ts')).entities.news,
        input: { title: 'Around the routes' },
        uploads: [],
        author: { name: 'Cora', email: 'cora@example.org', username: 'cora', role: 'contributor' },
      }),
    ).rejects.toThrow(/Only editors and admins can change the live site/);
    expect(site.git('rev-parse', 'HEAD').trim()).toBe(before);
  });
});
