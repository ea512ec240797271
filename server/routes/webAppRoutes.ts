// Serves the built web app: hashed assets cached forever, every other GET gets index.html
// (history-API routing) with the Content-Security-Policy for that page.
import path from 'node:path';
import { readFileSync, statSync } from 'node:fs';
import express, { Router } from 'express';
import type { ContentIndex } from '../content/contentIndex.ts';
import { entities } from '../schema/registry.ts';

const DASHBOARD_ROUTE = '/TableauDashboardEmbed';

const originOf = (url: unknown) => {
  try {
    const u = new URL(String(url));
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
};

export function contentSecurityPolicy(extraScript: string[] = [], extraFrame: string[] = []): string {
  const list = (xs: string[]) => (xs.length ? ` ${xs.join(' ')}` : '');
  return [
    "default-src 'self'",
    `script-src 'self'${list(extraScript)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    `frame-src 'self'${list(extraFrame)}`,
    `connect-src 'self'${list(extraScript)}`,
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
  ].join('; ');
}

export function webAppRoutes(distDir: string, index: ContentIndex): Router {
  const router = Router();
  // Re-read when a new build replaces it, so a running server serves the new asset names.
  const indexFile = path.join(distDir, 'index.html');
  let html = { mtime: 0, bytes: Buffer.alloc(0) };
  const page = () => {
    const mtime = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? html.mtime;
    if (mtime !== html.mtime) html = { mtime, bytes: readFileSync(indexFile) };
    return html.bytes;
  };
  // A missing asset is a 404, not the app's page (an old tab after a new build must fail visibly).
  router.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  // Other built files (icons, robots.txt); index.html only ever goes out through the page handler.
  const files = express.static(distDir, { index: false, maxAge: '1h' });
  router.use((req, res, next) => (req.path === '/index.html' ? next() : files(req, res, next)));
  router.get(/.*/, (req, res) => {
    let csp = contentSecurityPolicy();
    if (req.path === DASHBOARD_ROUTE) {
      // The external dashboard script is allowed on its own page only (DESIGN.md security baseline).
      const settings = index.get(entities.siteSettings)?.data ?? {};
      const script = originOf(settings.dashboard_script_url);
      const frame = originOf(settings.dashboard_url);
      csp = contentSecurityPolicy(script ? [script] : [], [script, frame].filter((x): x is string => !!x));
    }
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(page());
  });
  return router;
}
