// The audit log for signed-in staff: GET /api/admin/audit (filtered, newest first, a page at a time)
// and GET /api/admin/audit.csv (everything the filter matches, as a file). Checked on the server.
import { Router, type Request } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { requireUser } from '../auth/requireUser.ts';
import { auditCsv, filterAudit, parseAuditFilter } from '../../audit/auditQuery.ts';
import { queryParams, queryString, route } from '../http.ts';

/** Who did it and from where (and with which token for scripts), for an audit entry of a signed-in request. */
export const actor = (req: Request) => ({
  who: req.user?.username,
  address: req.ip,
  ...(req.apiToken ? { detail: `via token "${req.apiToken.name}"` } : {}),
});

const PAGE = 200;

export function auditRoutes(deps: Pick<AppDeps, 'accounts' | 'audit'>): Router {
  const router = Router();
  const auth = requireUser(deps.accounts, 'administer');

  router.get(
    '/admin/audit',
    auth,
    route(async (req, res) => {
      const filter = parseAuditFilter(queryParams(req));
      const { entries, skipped } = await deps.audit.read();
      const matching = filterAudit(entries, filter);
      const offset = Math.max(0, Math.floor(Number(queryString(req, 'offset')) || 0));
      res.setHeader('Cache-Control', 'no-store');
      const page = matching.slice(offset, offset + PAGE);
      res.json({ entries: page, total: matching.length, offset, per: PAGE, skipped });
    }),
  );

  router.get(
    '/admin/audit.csv',
    auth,
    route(async (req, res) => {
      const filter = parseAuditFilter(queryParams(req));
      const { entries } = await deps.audit.read();
      const day = new Date().toISOString().slice(0, 10);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`);
      res.type('text/csv; charset=utf-8').send(auditCsv(filterAudit(entries, filter)));
    }),
  );

  return router;
}
