// Site search as JSON: GET /api/search?q= (what visitors may see, the results page reads it after
// hydration) and GET /api/admin/search?q= (signed in: every item of every collection, hidden ones too).
import { Router } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { requireUser } from '../auth/requireUser.ts';
import { queryString } from '../http.ts';

export const PUBLIC_LIMIT = 20;
export const STAFF_LIMIT = 50;

export function searchRoutes({ search, accounts }: Pick<AppDeps, 'search' | 'accounts'>): Router {
  const router = Router();
  router.get('/search', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(search.search(queryString(req, 'q') ?? '', 'public', PUBLIC_LIMIT));
  });
  router.get('/admin/search', requireUser(accounts), (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(search.search(queryString(req, 'q') ?? '', 'staff', STAFF_LIMIT));
  });
  return router;
}
