// The search results page (GET /search?q=…): the site's own page, server-rendered for this query with
// its results in the page's data, so it reads without JavaScript and hydrates without a request.
// Made per request, never cached (the fast path leaves /search to Express).
import { Router } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { isSearchEndpoint, SEARCH_PATH } from '../../schema/searchAnswer.ts';
import { PUBLIC_LIMIT } from './searchRoutes.ts';
import type { ServedFiles } from '../servedFiles.ts';
import type { SiteSearch } from '../../search/siteSearch.ts';

export function searchPageRoutes({ search }: Pick<AppDeps, 'search'>, files: ServedFiles): Router {
  const router = Router();
  const readWith = (engine: SiteSearch) => (endpoint: string) => {
    if (!isSearchEndpoint(endpoint)) return undefined;
    const q = new URLSearchParams(endpoint.slice(endpoint.indexOf('?') + 1)).get('q') ?? '';
    return engine.search(q, 'public', PUBLIC_LIMIT);
  };
  router.get(SEARCH_PATH, async (req, res, next) => {
    if (!files.web) return next();
    await files.pagesReady();
    if (!files.pages) return next();
    (await files.pages.pageWith(req, req.originalUrl, readWith(search))).send(req, res, false);
  });
  // The results page in another language (/es/search?q=…): its words searched, its pages drawn.
  router.get(`/:lang${SEARCH_PATH}`, async (req, res, next) => {
    const lang = String(req.params.lang);
    if (!files.web || !files.languages.has(lang)) return next();
    await files.pagesReady();
    const site = files.languages.site(lang);
    if (!site?.pages) return next();
    const engine = search.in(lang, site.view);
    (await site.pages.pageWith(req, req.originalUrl, readWith(engine))).send(req, res, false);
  });
  return router;
}
