// The admins' webhooks (administer): GET /api/webhooks (each hook with its latest tries), POST
// /api/webhooks {url, events} → {id, secret} (the secret is answered this once), DELETE
// /api/webhooks/:id. The address is checked by the service (server/webhooks/addressCheck.ts).
import { Router } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { requireUser } from '../auth/requireUser.ts';
import { AppError } from '../../schema/errors.ts';
import { route } from '../http.ts';
import { readBodies, SIGN_IN_LIMIT } from '../bodies.ts';

export function webhookRoutes(deps: Pick<AppDeps, 'accounts' | 'webhooks'>): Router {
  const router = Router();
  const auth = requireUser(deps.accounts, 'administer');

  router.get(
    '/webhooks',
    auth,
    route((_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(deps.webhooks.list());
    }),
  );

  router.post(
    '/webhooks',
    auth,
    readBodies(SIGN_IN_LIMIT, { signedIn: true }),
    route(async (req, res) => {
      const body: unknown = req.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new AppError(400, 'Send the address and the events.', { url: 'Missing' });
      const { url, events } = body as Record<string, unknown>;
      const added = await deps.webhooks.add({ url, events }, req.user!.username, req.ip);
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json(added);
    }),
  );

  router.delete(
    '/webhooks/:id',
    auth,
    route(async (req, res) => {
      const id = String(req.params.id);
      if (!/^\d{1,9}$/.test(id)) throw new AppError(404, 'There is no such webhook.');
      await deps.webhooks.remove(id, req.user!.username, req.ip);
      res.json({ success: true, id });
    }),
  );

  return router;
}
