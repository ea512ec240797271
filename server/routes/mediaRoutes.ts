// /media/…: the site repository's media blobs. Versioned URLs (?v=<blob id prefix>) are immutable.
// The fast path (fastPath.ts) sends the files kept in memory; this route reads the others.
import { Router } from 'express';
import type { MediaFiles } from './mediaFiles.ts';
import { queryString, sendError } from './http.ts';

export function mediaRoutes(media: MediaFiles): Router {
  const router = Router();
  router.get(/^\/(.+)$/, async (req, res) => {
    let rel: string;
    try {
      rel = `media/${decodeURIComponent(req.path.slice(1))}`;
    } catch {
      return sendError(res, 404, 'No such file');
    }
    const answer = await media.answer(rel, queryString(req, 'v'));
    if (!answer) return sendError(res, 404, 'No such file');
    answer.send(req, res, false);
  });
  return router;
}
