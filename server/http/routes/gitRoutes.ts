// POST /api/git/webhook: a forge says the site's remote moved. Verified with the shared secret
// (CMS_GIT_WEBHOOK_SECRET) before anything else happens; the fetch itself runs in the background.
import express, { type Router } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { webhookSignatureValid } from '../../remote/webhookSignature.ts';
import { sendError } from '../http.ts';

const WEBHOOK_BODY_LIMIT = '5mb';

export function gitRoutes({ remote }: Pick<AppDeps, 'remote'>): Router {
  const router = express.Router();
  router.post(
    '/git/webhook',
    (req, res, next) => {
      if (!remote)
        return sendError(res, 404, 'This site has no git remote (CMS_GIT_REMOTE), so it takes no webhooks.');
      if (!remote.settings.webhookSecret)
        return sendError(res, 403, 'The webhook is turned off: CMS_GIT_WEBHOOK_SECRET is not set.');
      next();
    },
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!webhookSignatureValid(req.headers, body, remote!.settings.webhookSecret!)) {
        return sendError(
          res,
          401,
          'The webhook signature does not match the shared secret, so it was ignored.',
        );
      }
      remote!.sync.pullNow(req.ip);
      res.status(202).json({ ok: true, message: 'Fetching the changes.' });
    },
  );
  return router;
}
