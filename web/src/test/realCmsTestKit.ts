// Component tests against the real CMS: a real server on a fresh site (server/testing/testSite.ts),
// reached through the loopback server the page (jsdom) talks to (apiServer.ts), which hands every
// request on with the signed-in staff member's session and the site's own origin, and records it.
// So the admin's screens read real answers, and their saves, steps and errors are the server's.
import { startTestSite, type TestSite } from '../../../server/testing/testSite.ts';
import { startApiServer, type ApiServer } from './apiServer.ts';

export interface RealCms {
  site: TestSite;
  /** The page's server: its `requests` are what the screens sent. */
  api: ApiServer;
  /** Signs a second staff member in (for steps taken by someone else); returns their cookie. */
  colleague(user: { username: string; password: string; name: string; email: string }): Promise<string>;
  stop(): Promise<void>;
}

export async function startRealCms(): Promise<RealCms> {
  const site = await startTestSite();
  await site.signIn();
  const api = await startApiServer();
  api.answer(async (req) => {
    let res: Response;
    try {
      res = await site.api(req.url, {
        method: req.method,
        ...(req.body !== undefined ? { json: req.body } : {}),
      });
    } catch {
      // The site stopped with a request on its way (the end of a file): as a browser would see it.
      return { status: 502, json: { error: 'The server could not be reached.' } };
    }
    const text = await res.text().catch(() => '');
    let json: unknown = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { error: text };
    }
    return { status: res.status, json };
  });
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
    async stop() {
      await api.close();
      await site.stop();
    },
  };
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
