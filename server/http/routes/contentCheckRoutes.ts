// The content checks (schema/contentChecks.ts) for staff: GET /api/admin/content-checks lists every
// problem of the live site (editors and admins: what is published, never a draft's), and POST
// /api/admin/content-checks checks a form's values before they are saved (any staff; `?draft=ID`
// against the site as that draft would make it, for those who may work in drafts).
import { Router, type Request } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { liveOrDraft, requireUser } from '../auth/requireUser.ts';
import { entityByName } from '../../schema/registry.ts';
import type { ContentView } from '../../content/index/contentIndex.ts';
import { checkItem } from '../../schema/contentChecks.ts';
import { siteFactsOf, siteFindings } from '../../schema/siteAddresses.ts';
import { AppError } from '../../schema/errors.ts';
import { fieldText } from '../../schema/fieldText.ts';
import { queryString, route } from '../http.ts';
import { readBodies, WRITE_LIMIT } from '../bodies.ts';
import { isDraftId } from '../../store/draftRefs.ts';
import type { DraftSites } from '../draftSites.ts';

export const CONTENT_CHECKS_API = '/admin/content-checks';

export function contentCheckRoutes(
  deps: Pick<AppDeps, 'accounts' | 'index' | 'drafts' | 'writer'>,
  sites: DraftSites,
): Router {
  const router = Router();
  // Descriptions kept with pictures count as theirs (those the reader holds: read at start and on save).
  const factsOf = (view: ContentView) =>
    siteFactsOf(
      view,
      (rel) => view.blobOf(rel) !== undefined,
      (rel) => !!deps.writer.abouts.known(view, rel)?.alt,
    );

  router.get(
    CONTENT_CHECKS_API,
    requireUser(deps.accounts, 'publish'),
    route((_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json({ problems: siteFindings(deps.index, factsOf(deps.index)) });
    }),
  );

  /** The view a form's values are checked against: the live site, or the draft it is saved into. */
  const viewFor = async (req: Request): Promise<ContentView> => {
    const draft = queryString(req, 'draft');
    if (draft === undefined) return deps.index;
    if (!isDraftId(draft)) throw new AppError(404, 'There is no such draft.');
    deps.drafts.get(draft); // 404 in plain words for a draft that never was
    return (await sites.site(draft, `/preview/${draft}/`)).view;
  };

  // The body: { entity, values } with stored field names; the answer: the findings, by field.
  router.post(
    CONTENT_CHECKS_API,
    requireUser(deps.accounts, liveOrDraft),
    ...readBodies(WRITE_LIMIT, { signedIn: true }),
    route(async (req, res) => {
      const body = (req.body ?? {}) as { entity?: unknown; values?: unknown };
      const def = entityByName.get(fieldText(body.entity));
      if (!def || def.storage === 'private')
        throw new AppError(400, 'Unknown kind of item.', { entity: 'Unknown' });
      const values =
        body.values && typeof body.values === 'object' ? (body.values as Record<string, unknown>) : {};
      const view = await viewFor(req);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ findings: checkItem(def, values, factsOf(view)) });
    }),
  );
  return router;
}
