// The feeds through Express: what the fast path passed on (a card not in the calendar, a request
// without a usable Host) or did not see (the fast path failed and Express answers again).
import { Router } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { Answer } from '../answer.ts';
import { sendError } from '../http.ts';

export function feedRoutes({ feeds, renderers }: Pick<AppDeps, 'feeds' | 'renderers'>): Router {
  // The markdown renderer loads with the app; from then on the feeds that show markdown are made.
  const ready = renderers().then((r) => feeds.useRenderer(r.renderMarkdownHtml));
  const router = Router();
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let answer = feeds.answer(req, req.path);
    if (answer === 'loading') {
      await ready.catch(() => undefined); // still 'loading' then: a 503, as before it loaded
      answer = feeds.answer(req, req.path);
    }
    if (answer === undefined) return next();
    if (answer instanceof Answer) return answer.send(req, res, false);
    if (answer === 'loading') return sendError(res, 503, 'The server is starting: try again in a moment.');
    if (answer === 'no-host') {
      return sendError(res, 400, 'The request names no valid host for the addresses in this file.');
    }
    sendError(res, 404, 'This event is not in the calendar: it has no start date or is not public.');
  });
  return router;
}
