// Tokens for scripts over HTTP (docs/accounts.md): a signed-in person makes, lists and revokes their
// own; an admin may also list (`?all=true`) and revoke anyone's. Never with a token: a script cannot
// make itself more tokens or keep its own alive once revoked.
import { Router, type Request } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { requireUser } from '../auth/requireUser.ts';
import { tokenView } from '../../accounts/apiTokens.ts';
import type { Asker } from '../../accounts/asker.ts';
import { AppError } from '../../schema/errors.ts';
import { can } from '../../schema/roles.ts';
import { queryString, route } from '../http.ts';
import { readBodies, SIGN_IN_LIMIT } from '../bodies.ts';
import type { MadeToken } from '../../schema/accountViews.ts';

const asker = (req: Request): Asker => ({ username: req.user!.username, address: req.ip });

export function tokenRoutes(deps: Pick<AppDeps, 'accounts'>): Router {
  const { accounts } = deps;
  const router = Router();
  const signedIn = [
    requireUser(accounts, 'drafts', { tokens: false }),
    ...readBodies(SIGN_IN_LIMIT, { signedIn: true }),
  ];

  router.get(
    '/tokens',
    signedIn,
    route((req, res) => {
      const all = queryString(req, 'all') === 'true';
      if (all && !can(req.user!.role, 'administer'))
        throw new AppError(403, 'Only an admin can see everyone’s tokens.');
      res.setHeader('Cache-Control', 'no-store');
      res.json({ tokens: accounts.tokens.list(all ? undefined : req.user!.id).map(tokenView) });
    }),
  );

  router.post(
    '/tokens',
    signedIn,
    route(async (req, res) => {
      const input = (req.body ?? {}) as { name?: unknown; role?: unknown };
      const { record, token } = await accounts.makeToken(req.user!, input, asker(req));
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json({ id: record.id, token, view: tokenView(record) } satisfies MadeToken);
    }),
  );

  router.delete(
    '/tokens/:id',
    signedIn,
    route(async (req, res) => {
      await accounts.revokeToken(req.user!, String(req.params.id), asker(req));
      res.json({ ok: true });
    }),
  );

  return router;
}
