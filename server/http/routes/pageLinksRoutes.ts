// GET /api/pages/links?id=ID[&draft=ID] (signed-in staff): what leads to a page (menu items, other
// items' links and markdown, redirects), so the admin can warn before the page is deleted or moved
// (issue 34). Answers {path, links: [{entity, id, title, label, field, words?}]} (pageLinks.ts); with
// `?draft=ID`, as the site would be with the draft published.
import { Router } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { requireUser } from '../auth/requireUser.ts';
import { queryString, route } from '../http.ts';
import { AppError } from '../../schema/errors.ts';
import { entities } from '../../schema/registry.ts';
import { fieldText } from '../../schema/fieldText.ts';
import type { ItemLookup } from '../../schema/define.ts';
import { linksToPage } from '../../schema/pages/pageLinks.ts';
import { isDraftId } from '../../store/draftRefs.ts';
import type { DraftSites } from '../draftSites.ts';

export const PAGE_LINKS_PATH = '/pages/links';

export function pageLinksRoutes(
  deps: Pick<AppDeps, 'accounts' | 'index' | 'drafts'>,
  sites: DraftSites,
): Router {
  const router = Router();
  router.get(
    PAGE_LINKS_PATH,
    requireUser(deps.accounts, 'drafts'),
    route(async (req, res) => {
      const id = queryString(req, 'id') ?? '';
      if (!id) throw new AppError(400, 'Say which page (id).', { id: 'Missing' });
      const draft = queryString(req, 'draft');
      if (draft !== undefined && !isDraftId(draft)) throw new AppError(404, 'There is no such draft.');
      if (draft !== undefined) deps.drafts.get(draft); // 404 when there is none
      const items: Pick<ItemLookup, 'list' | 'get'> = draft
        ? (await sites.site(draft, `/preview/${draft}/`)).view
        : deps.index;
      const page = items.get(entities.page, id);
      if (!page) throw new AppError(404, `There is no page with id ${JSON.stringify(id)}.`);
      const path = fieldText(page.data.path);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ path, links: linksToPage(items, path, { entity: entities.page.name, id }) });
    }),
  );
  return router;
}
