// /media/…: the site repository's media blobs. Versioned URLs (?v=<blob id prefix>) are immutable.
import { Router } from 'express';
import { absolutePath } from '../store/paths.ts';
import type { ContentIndex } from '../content/contentIndex.ts';
import type { GitStore } from '../store/gitStore.ts';
import { queryString, route, sendError } from './http.ts';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf',
};

export function mediaRoutes(store: GitStore, index: ContentIndex): Router {
  const router = Router();
  router.get(/^\/(.+)$/, route(async (req, res) => {
    const rel = `media/${decodeURIComponent(req.path.slice(1))}`;
    const ext = rel.split('.').pop()!.toLowerCase();
    let bytes: Buffer | null = null;
    try {
      absolutePath(store.dir, rel);
      bytes = TYPES[ext] ? await store.read(rel) : null;
    } catch {
      bytes = null;
    }
    if (!bytes) return sendError(res, 404, 'No such file');
    const version = index.mediaVersion(rel);
    const v = queryString(req, 'v');
    res.setHeader('Content-Type', TYPES[ext]!);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    if (version) res.setHeader('ETag', `"${version}"`);
    res.setHeader('Cache-Control', v && version?.startsWith(v) ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (version && req.headers['if-none-match'] === `"${version}"`) return res.status(304).end();
    res.end(bytes);
  }));
  return router;
}
