// Serves the built web app from memory (webApp.ts): built files with their compressed variants, hashed
// assets cached forever, and index.html for every other GET (history-API routing). The fast path
// (fastPath.ts) sends the same answers without Express.
import { Router } from 'express';
import { sendError } from './http.ts';
import { isAssetPath, type WebApp } from './webApp.ts';

export function webAppRoutes(web: WebApp): Router {
  const router = Router();
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath = req.path;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      // Not a file name then; it still gets the page (or the 404 under /assets/).
    }
    const file = web.file(urlPath);
    if (file) return file.send(req, res, false);
    // A missing asset is a 404, not the app's page (an old tab after a new build must fail visibly).
    if (isAssetPath(req.path)) return sendError(res, 404, 'There is no such file in the built web app.');
    web.pageFor(req.path).send(req, res, false);
  });
  return router;
}
