// /media/…: the site repository's media blobs. Versioned URLs (?v=<blob id prefix>) are immutable.
// The fast path (fastPath.ts) sends the files kept in memory; this route reads the others, and
// answers ?w= (an image's WebP variant of that width, server/http/mediaVariants.ts) and ?share=1 (its
// link-preview picture, cropped around its focal point).
import { Router } from 'express';
import type { MediaVariants } from '../mediaVariants.ts';
import type { MediaFiles } from '../mediaFiles.ts';
import { queryString, sendError } from '../http.ts';

export function mediaRoutes(media: MediaFiles, variants: MediaVariants): Router {
  const router = Router();
  router.get(/^\/(.+)$/, async (req, res) => {
    let rel: string;
    try {
      rel = `media/${decodeURIComponent(req.path.slice(1))}`;
    } catch {
      return sendError(res, 404, 'No such file');
    }
    const w = queryString(req, 'w');
    const v = queryString(req, 'v');
    const answer =
      queryString(req, 'share') === '1'
        ? await variants.shareAnswer(rel, v)
        : w === undefined
          ? await media.answer(rel, v)
          : /^\d{1,5}$/.test(w)
            ? await variants.answer(rel, v, Number(w))
            : null;
    if (!answer) return sendError(res, 404, 'No such file');
    answer.send(req, res, false);
  });
  return router;
}
