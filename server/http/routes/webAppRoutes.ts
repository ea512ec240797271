// Serves the web app from memory: built files with their compressed variants (webApp.ts), hashed
// assets cached forever, each public page server-rendered (server/http/sitePages.ts) and its data
// under /page-data/<path>, and the admin's page (index.html) at admin addresses. The fast path
// (fastPath.ts) sends the same answers without Express.
import { Router } from 'express';
import { sendError } from '../http.ts';
import { pageAnswer } from '../pageAnswer.ts';
import type { ServedFiles } from '../servedFiles.ts';
import { isAssetPath } from '../webApp.ts';

export function webAppRoutes(files: ServedFiles): Router {
  const router = Router();
  const web = files.web!;
  router.use(async (req, res, next) => {
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
    let page = pageAnswer(files, req, req.path);
    if (!page) {
      await files.pagesReady();
      page = pageAnswer(files, req, req.path)!;
    }
    (await page).send(req, res, false);
  });
  return router;
}
