// Drafts' own calls (signed-in only): list and make drafts, see one with what it changes, move it
// through review, comment, share, publish. Saves into a draft are the documented write calls with
// `?draft=ID` (writeRoutes.ts); reads with `?draft=ID` are draftReads below.
import { wordsDef } from '../../schema/translations.ts';
import { SOURCE_LANGUAGE } from '../../schema/site/languages.ts';
import { Router, type Request } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { actorOf, requireUser } from '../auth/requireUser.ts';
import { can, type Permission } from '../../schema/roles.ts';
import { DRAFT_ACTION_NEEDS } from '../../schema/draftStates.ts';
import { readBodies } from '../bodies.ts';
import { queryString, route, sendError } from '../http.ts';
import { AppError } from '../../schema/errors.ts';
import { fieldText } from '../../schema/fieldText.ts';
import { entities, entityByName } from '../../schema/registry.ts';
import { pageAtEndpoint } from '../../schema/site/publicPaths.ts';
import { typedItem } from '../legacy/wire.ts';
import { oneItem, readAnswer } from '../legacy/readAnswers.ts';
import { DRAFT_ACTIONS, type DraftAction } from '../../drafts/drafts.ts';
import { draftForAdmin, draftPicks, type Picks } from '../../schema/draftRecord.ts';
import { makeShareLink, revokeShareLink } from '../../drafts/shareLinks.ts';
import type { DraftFile } from '../../content/drafts/draftView.ts';
import { DraftConflictError } from '../../content/writer/draftPublish.ts';
import type { DraftSites } from '../draftSites.ts';
import { isDraftId } from '../../store/draftRefs.ts';
import { readContext } from './readRoutes.ts';
import { jsonAnswer } from '../listAnswers.ts';
import { prepareJson } from '../prepared.ts';

const DRAFT_BODY_LIMIT = 64 * 1024;

const draftIdOf = (req: Request): string => {
  const id = String(req.params.id ?? '');
  if (!isDraftId(id)) throw new AppError(404, 'There is no such draft.');
  return id;
};

export function draftRoutes(deps: Pick<AppDeps, 'drafts' | 'accounts'>): Router {
  const router = Router();
  const { drafts } = deps;
  const withBody = readBodies(DRAFT_BODY_LIMIT, { signedIn: true });
  const auth = [requireUser(deps.accounts, 'drafts'), ...withBody];
  // Approving, sending back, publishing and scheduling change (or decide) the live site: editors.
  // Discarding: the draft's own maker may, editors any draft (checked again once the draft is known).
  const stepNeeds = (req: Request): Permission =>
    (DRAFT_ACTION_NEEDS as Record<string, Permission | undefined>)[String(req.params.action)] ?? 'drafts';
  const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

  router.get(
    '/drafts',
    requireUser(deps.accounts),
    route((_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json({ drafts: drafts.list().map(draftForAdmin), settings: drafts.settings });
    }),
  );

  router.post(
    '/drafts',
    auth,
    route(async (req, res) => {
      const title = body(req).title;
      if (typeof title !== 'string')
        throw new AppError(400, 'Give the draft a title.', { title: 'Required' });
      const made = await drafts.create(title, actorOf(req));
      res.status(201).json(draftForAdmin(made));
    }),
  );

  router.get(
    '/drafts/settings',
    requireUser(deps.accounts),
    route((_req, res) => res.json(drafts.settings)),
  );

  router.put(
    '/drafts/settings',
    requireUser(deps.accounts, 'administer'),
    withBody,
    route(async (req, res) => {
      const needsApproval = body(req).needsApproval;
      if (typeof needsApproval !== 'boolean')
        throw new AppError(400, 'Say whether drafts need approval (true or false).', {
          needsApproval: 'Must be true or false',
        });
      res.json(await drafts.setSettings({ needsApproval }));
    }),
  );

  router.get(
    '/drafts/:id',
    requireUser(deps.accounts),
    route(async (req, res) => {
      const id = draftIdOf(req);
      const record = drafts.get(id);
      res.setHeader('Cache-Control', 'no-store');
      const open = record.state !== 'published' && record.state !== 'discarded';
      const view = open ? await drafts.view(id) : null;
      res.json({
        ...draftForAdmin(record),
        changes: view ? view.files.map((f) => fileJson(f, `/preview/${id}/`)) : [],
        overlapping: open ? await drafts.overlapping(id) : [],
      });
    }),
  );

  router.post(
    '/drafts/:id/comments',
    auth,
    route(async (req, res) => {
      const text = body(req).text;
      const next = await drafts.comment(draftIdOf(req), actorOf(req), typeof text === 'string' ? text : '');
      res.status(201).json(draftForAdmin(next));
    }),
  );

  router.post(
    '/drafts/:id/shares',
    auth,
    route(async (req, res) => {
      const id = draftIdOf(req);
      const days = body(req).days;
      const made = await makeShareLink(
        drafts,
        id,
        actorOf(req),
        days === undefined ? undefined : Number(days),
      );
      res.status(201).json({ id: made.id, expires: made.expires, url: `/share/${made.token}/` });
    }),
  );

  router.delete(
    '/drafts/:id/shares/:share',
    auth,
    route(async (req, res) => {
      await revokeShareLink(drafts, draftIdOf(req), String(req.params.share), actorOf(req));
      res.json({ success: true, message: 'The link no longer works.' });
    }),
  );

  router.post(
    '/drafts/:id/:action',
    requireUser(deps.accounts, stepNeeds),
    withBody,
    route(async (req, res) => {
      const id = draftIdOf(req);
      const action = String(req.params.action) as DraftAction;
      if (!DRAFT_ACTIONS.includes(action)) return sendError(res, 404, 'There is no such API call.');
      if (action === 'discard' && !can(req.user!.role, 'publish')) {
        const maker = drafts.get(id).createdBy.username;
        if (maker.toLowerCase() !== req.user!.username.toLowerCase())
          throw new AppError(403, 'Only the person who started this draft, or an editor, can discard it.');
      }
      const b = body(req);
      try {
        const next = await drafts.act(id, action, actorOf(req), {
          note: typeof b.note === 'string' ? b.note : undefined,
          at: typeof b.at === 'string' ? b.at : undefined,
          picks: picksOf(b.picks),
        });
        res.json({
          ...draftForAdmin(next),
          message: DONE[action],
          // A publish says what the content checks found in what it wrote (none of it refused).
          ...('warnings' in next && next.warnings.length ? { warnings: next.warnings } : {}),
        });
      } catch (e) {
        if (!(e instanceof DraftConflictError)) throw e;
        sendError(res, 409, e.message, e.fields, {
          conflicts: e.files.map((f) => fileJson(f, `/preview/${id}/`)),
        });
      }
    }),
  );
  return router;
}

/**
 * The documented read calls with `?draft=ID`, for signed-in staff: answered as the site would look
 * with the draft published (from the draft's view; never cached with the live answers).
 */
export function draftReads(deps: Pick<AppDeps, 'accounts'>, sites: DraftSites): Router {
  const router = Router();
  router.get(
    '/:endpoint',
    route((req, _res, next) => (queryString(req, 'draft') === undefined ? next('router') : next())),
    requireUser(deps.accounts),
    route(async (req, res, next) => {
      const id = queryString(req, 'draft') ?? '';
      if (!isDraftId(id)) throw new AppError(404, 'There is no such draft.');
      const draftSite = await sites.site(id, `/preview/${id}/`);
      // `&lang=es`: the draft as it reads in that language (issue 36).
      const lang = queryString(req, 'lang');
      const site = lang === undefined || lang === SOURCE_LANGUAGE ? draftSite : draftSite.inLanguage(lang);
      const page = queryString(req, 'page');
      const size = queryString(req, 'size');
      const name = `${String(req.params.endpoint)}${page && size ? `?page=${page}&size=${size}` : ''}`;
      let endpoint = site.model.endpoint(name);
      // Not a documented read: the staff's own calls further on take `?draft=` too (/api/media).
      if (!endpoint) return next('router');
      // GET /api/pages?path=/summer-camp&draft=ID: the page at that address in the draft, as live.
      const at = endpoint.entity === entities.page ? queryString(req, 'path') : undefined;
      if (at !== undefined) {
        endpoint = site.model.endpoint(pageAtEndpoint(at));
        if (!endpoint)
          throw new AppError(400, 'An address is lower case letters, digits, hyphens and /.', {
            path: 'Not an address',
          });
      }
      const ctx = readContext(req, true);
      const itemId = queryString(req, 'id');
      res.setHeader('Cache-Control', 'no-store');
      if (itemId !== undefined && endpoint.entity) {
        const one = oneItem(site.model, endpoint.entity, itemId, ctx);
        if (!one)
          return sendError(res, 404, `There is no item with id ${JSON.stringify(itemId)} in this draft.`);
        return jsonAnswer(prepareJson(one), true).send(req, res, false);
      }
      jsonAnswer(prepareJson(readAnswer(site.model, endpoint, ctx)), true).send(req, res, false);
    }),
  );
  return router;
}

const DONE: Record<DraftAction, string> = {
  submit: 'Sent for review.',
  approve: 'Approved.',
  'request-changes': 'Sent back to its authors for changes.',
  publish: 'Published: the changes are on the live site now.',
  discard: 'The draft was discarded.',
  schedule: 'Scheduled.',
};

/** `{ "<path>": { "<field>|*": "draft"|"live"|{ value } } }` as sent (draftPicks); anything else is refused. */
function picksOf(value: unknown): Picks | undefined {
  if (value === undefined) return undefined;
  const picks = draftPicks.safeParse(value);
  if (picks.success) return picks.data;
  throw new AppError(400, 'The choices sent are not understood.', {
    picks: 'Expected { path: { field: "draft" | "live" | { value: text } } }',
  });
}

/** One changed file for the admin: what it is, what changes, and the three versions to compare. */
function fileJson(f: DraftFile, root: string) {
  const change = f.base === null ? 'added' : f.draft === null ? 'removed' : 'changed';
  if (!f.entity) return { path: f.path, kind: 'media', change, conflicts: f.conflicts };
  const entity = entityByName.get(f.entity)!;
  // A translation shows its words (its declaration's words form), named with its language.
  const def = f.lang ? wordsDef(entity)! : entity;
  const shaped = (data: Record<string, unknown> | null | undefined) =>
    data ? typedItem(def, { id: f.id!, version: '', data }, (p) => (p ? `${root}${p}` : '')) : null;
  const titleKey = def.admin.titleField;
  const title = titleKey ? fieldText((f.merged ?? f.theirs ?? f.before)?.[titleKey]) : def.label;
  return {
    path: f.path,
    kind: 'item',
    entity: f.entity,
    ...(f.lang ? { lang: f.lang } : {}),
    label: f.lang ? `${entity.label} (${f.lang})` : def.label,
    id: f.id,
    title,
    change,
    conflicts: f.conflicts,
    before: shaped(f.before),
    live: shaped(f.theirs),
    draft: shaped(f.merged),
  };
}
