// Every method + path the app registers, and which of them are the public surface: what the security
// table tests (writes.security.site.test.ts, roles.site.test.ts) walk, so that a new route cannot escape them.
import type { Express } from 'express';
import type { AppDeps } from '../http/appDeps.ts';
import { siteEntities } from '../schema/registry.ts';

export interface RouteInfo {
  method: string;
  path: string;
}

/** Every method + path registered in the running app, found by walking its router stack. */
export function registeredRoutes(app: Express): RouteInfo[] {
  interface Layer {
    route?: { path: string | RegExp | string[]; methods: Record<string, boolean> };
    handle?: { stack?: Layer[] };
    slash?: boolean;
    rawPath?: string;
  }
  const out: RouteInfo[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (!on || method === '_all') continue;
          // A route of several paths (['/preview/:id', '/preview/:id/*rest']) is each of them.
          const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
          for (const p of paths) out.push({ method: method.toUpperCase(), path: prefix + String(p) });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, prefix + (layer.slash ? '' : (layer.rawPath ?? '')));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}

/** The routes anyone may call, named explicitly: everything else must refuse a signed-out caller. */
export function publicRoute(deps: Pick<AppDeps, 'model'>): (r: RouteInfo) => boolean {
  // The public surface, named explicitly: the documented reads, sign-in/out, the contact form, media.
  const publicReads = new Set([
    ...deps.model.endpoints.map((e) => `/api/${e.path}`),
    ...siteEntities.flatMap((e) =>
      e.legacy.stream && !e.legacy.stream.includes('?') ? [`/api/${e.legacy.stream}`] : [],
    ),
    '/api/stream',
    '/api/download_pdf.php',
    '/api/auth_check.php',
    '/api/health',
    '/.*/', // the web app's history-API routing (public and admin pages; the admin sign-in is in the app)
    '/api/search',
    '/search', // site search: what visitors may see (staff's /api/admin/search is guarded)
    '/:lang/search', // the same in another of the site's languages (issue 36)
    '/preview-live.js', // the previews' live-reload script, the same for everyone
    // A share link's preview: its token is the key (unknown, expired or revoked: 404, drafts.site.test.ts).
    '/share/:token',
    '/share/:token/*rest',
    // Invite and password-reset links: the token is the key (unknown, used or expired: 404,
    // accounts.site.test.ts).
    '/api/invites/:token',
    '/api/resets/:token',
    // A notice email's stop link: its key names the account (a wrong one: 404, notices.site.test.ts).
    '/api/notifications/stop',
  ]);
  // The forge's webhook has no session: its shared-secret signature is checked instead (a wrong one is
  // 401, server/remote/remote.slow.test.ts), and without a remote it answers 404.
  const publicWrites = new Set([
    'POST /api/login.php',
    'POST /api/login/two-factor', // needs the half session a right password starts (401 without)
    'POST /api/invites/:token',
    'POST /api/resets/:token',
    'POST /api/logout.php',
    'POST /api/handle_form.php',
    'POST /api/git/webhook',
    'POST /api/notifications/stop', // the stop link's own key, as for its GET
  ]);
  return (r: RouteInfo) =>
    (r.method === 'GET' && (publicReads.has(r.path) || r.path.startsWith('/media'))) ||
    publicWrites.has(`${r.method} ${r.path}`);
}
