// Site search as JSON: GET /api/search?q= (what visitors may see, the results page reads it after
// hydration) and GET /api/admin/search?q= (signed in: every item of every collection, hidden ones too).
import { Router } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { requireUser } from '../auth/requireUser.ts';
import { queryString, route } from '../http.ts';
import type { LanguageSites } from '../languageSites.ts';
import type { SiteSearch } from '../../search/siteSearch.ts';
import { SOURCE_LANGUAGE } from '../../schema/site/languages.ts';

export const PUBLIC_LIMIT = 20;
export const STAFF_LIMIT = 50;

export function searchRoutes(
  { search, accounts }: Pick<AppDeps, 'search' | 'accounts'>,
  languages: LanguageSites,
): Router {
  const router = Router();
  router.get(
    '/search',
    route((req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(
        searchIn(search, languages, queryString(req, 'lang')).search(
          queryString(req, 'q') ?? '',
          'public',
          PUBLIC_LIMIT,
        ),
      );
    }),
  );
  router.get('/admin/search', requireUser(accounts), (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(search.search(queryString(req, 'q') ?? '', 'staff', STAFF_LIMIT));
  });
  return router;
}

/** The site search in a language of the site (`?lang=es`): its words, and results leading to its pages. */
export function searchIn(search: SiteSearch, languages: LanguageSites, lang: string | undefined): SiteSearch {
  if (lang === undefined || lang === SOURCE_LANGUAGE) return search;
  const site = languages.required(lang);
  return search.in(lang, site.view);
}
