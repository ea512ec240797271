// Component tests against the real CMS: a real server on a fresh site (server/testing/testSite.ts),
// reached through the loopback server the page (jsdom) talks to (apiServer.ts), which hands every
// request on (JSON as JSON, an upload's multipart form as the bytes the page sent) with the signed-in
// staff member's session and the site's own origin, and records it.
// So the admin's screens read real answers, and their saves, steps and errors are the server's.
// The session is the page's, as a browser keeps it: `site.cookie` takes every Set-Cookie the page's
// requests are answered with (its sign-in, sign-out, a second sign-in step), and a test switches the
// page to someone else by setting `site.cookie`.
import { startTestSite, type TestSite } from '../../../server/testing/testSite.ts';
import { startApiServer, type ApiServer, type SeenRequest } from './apiServer.ts';
import { checkAuth, forgetSession } from '../admin/auth.ts';

export interface RealCms {
  site: TestSite;
  /** The page's server: its `requests` are what the screens sent. */
  api: ApiServer;
  /** Signs a second staff member in (for steps taken by someone else); returns their cookie. */
  colleague(user: {
    username: string;
    password: string;
    name: string;
    email: string;
    role?: 'contributor' | 'editor' | 'admin';
  }): Promise<string>;
  /** The page signed in as whoever `cookie` is ('' for no one), and the admin told so. */
  showAs(cookie: string): Promise<void>;
  /**
   * Keeps the page's requests that `match` from the server until `release()`: the screen as it is
   * while they are on their way (an upload's bar, the text's stand-in), then the server's answers.
   */
  hold(match: (req: SeenRequest) => boolean): Held;
  stop(): Promise<void>;
}

/** Requests held on their way to the server (RealCms.hold). */
export interface Held {
  /** How many are waiting now. */
  count(): number;
  /** Lets them (and every later one) go on to the server. */
  release(): void;
}

export async function startRealCms(): Promise<RealCms> {
  const site = await startTestSite();
  const adminCookie = await site.signIn();
  const api = await startApiServer();
  const holds = new Set<{ match: (req: SeenRequest) => boolean; waiting: number; gate: Promise<void> }>();
  api.answer(async (req, sent) => {
    for (const h of holds) {
      if (!h.match(req)) continue;
      h.waiting++;
      await h.gate;
      h.waiting--;
    }
    let res: Response;
    // JSON goes on as JSON; anything else (an upload's multipart form) as the bytes the page sent.
    const asJson = !sent.contentType || sent.contentType.startsWith('application/json');
    try {
      res = await site.api(req.url, {
        method: req.method,
        ...(req.body === undefined
          ? {}
          : asJson
            ? { json: req.body }
            : { body: new Uint8Array(sent.bytes), headers: { 'content-type': sent.contentType } }),
      });
    } catch {
      // The site stopped with a request on its way (the end of a file): as a browser would see it.
      return { status: 502, json: { error: 'The server could not be reached.' } };
    }
    site.cookie = keptCookies(site.cookie, res.headers.getSetCookie());
    const text = await res.text().catch(() => '');
    let json: unknown = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { error: text };
    }
    return { status: res.status, json };
  });
  // The new tab asks who is signed in (the site's admin), whatever the file before it left the
  // admin's sign-in state as (a check cut short when its server stopped says "signed out").
  await checkAuth();
  return {
    site,
    api,
    async colleague(user) {
      if (!site.deps.users.get(user.username)) await site.deps.users.add(user);
      const res = await site.api('/api/login.php', {
        method: 'POST',
        json: { username: user.username, password: user.password },
        headers: { cookie: '' },
      });
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    },
    hold(match) {
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const h = { match, waiting: 0, gate };
      holds.add(h);
      return {
        count: () => h.waiting,
        release: () => {
          holds.delete(h);
          release();
        },
      };
    },
    async showAs(cookie) {
      site.cookie = cookie;
      // No one: signed out (a check would take it for a session that ended while the page was open).
      if (!cookie) forgetSession();
      else await checkAuth();
    },
    async stop() {
      try {
        // The admin's sign-in state is a module's, shared with the files that run after this one in
        // the worker: a file that showed the page as someone else leaves it as the site's admin again.
        if (site.cookie !== adminCookie) {
          site.cookie = adminCookie;
          await checkAuth();
        }
      } finally {
        await api.close();
        await site.stop(); // and its data folder goes, whatever happened above
      }
    },
  };
}

/** A cookie header after an answer's Set-Cookie lines: each sets its cookie, or removes it when expired or empty. */
export function keptCookies(header: string, setCookies: string[]): string {
  const jar = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => {
      const [key = '', v = ''] = a.split('=').map((x) => x.trim());
      if (key.toLowerCase() === 'max-age') return Number(v) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
      return false;
    });
    if (expired || !value) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A JSON call to the real CMS as someone (their cookie; the signed-in admin by default). */
export async function call(
  cms: RealCms,
  path: string,
  init: { method?: string; json?: unknown; cookie?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await cms.site.api(path, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    ...(init.json !== undefined ? { json: init.json } : {}),
    ...(init.cookie ? { headers: { cookie: init.cookie } } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
