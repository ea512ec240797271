// Signed-in only: a collection's list page by page (of the live site, or of a draft with `?draft=ID`),
// item history (list, view a version, restore), a collection's deleted items, content status.
// Contact messages are in messageRoutes.ts.
import { Router, type Request } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { actorOf, requireUser } from '../auth/requireUser.ts';
import { entityByName, itemPath, translationPath } from '../../schema/registry.ts';
import { wordsDef } from '../../schema/translations.ts';
import { LANGUAGE_CODE, SOURCE_LANGUAGE } from '../../schema/site/languages.ts';
import type { CollectionDef, EntityDef, Fields } from '../../schema/define.ts';
import { isMediaField } from '../../schema/fields.ts';
import { parseItemFile } from '../../content/index/fileFormat.ts';
import { blobId } from '../../store/blobId.ts';
import { typedItem } from '../legacy/wire.ts';
import { itemAnswer } from '../legacy/readAnswers.ts';
import { sniff, type SniffedType } from '../../content/writer/mediaUpload.ts';
import { carriedNote, type SaveResult } from '../../content/writer/writer.ts';
import { changeNeeds } from '../../schema/roles.ts';
import { AppError } from '../../schema/errors.ts';
import { queryParams, queryString, route } from '../http.ts';
import { readBodies, WRITE_LIMIT } from '../bodies.ts';
import { requestedId } from '../ids.ts';
import { ItemLists, parseItemQuery } from '../../content/index/itemQuery.ts';
import type { DraftView } from '../../content/drafts/draftView.ts';
import { isDraftId } from '../../store/draftRefs.ts';
import type { DraftSites } from '../draftSites.ts';
import { DeletedItems } from '../../content/deletedItems.ts';
import { fieldText } from '../../schema/fieldText.ts';

const MEDIA_TYPES: Record<SniffedType, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export function adminRoutes(
  deps: Pick<AppDeps, 'accounts' | 'writer' | 'index' | 'store' | 'model' | 'drafts'>,
  sites: DraftSites,
  /** The live site's lists (shared with the admin pages drawn on the server). */
  lists: ItemLists,
): Router {
  const router = Router();
  const auth = requireUser(deps.accounts);
  const { writer } = deps;
  const deleted = new DeletedItems(deps.store, deps.index);
  // A draft's lists, kept with its view: a saved draft or a live change makes a new view.
  const draftLists = new WeakMap<DraftView, ItemLists>();

  const target = (req: Request): { def: EntityDef; id: string } => {
    const src = { ...queryParams(req), ...(req.body as object | undefined) } as Record<string, unknown>;
    const def = entityByName.get(fieldText(src.entity));
    if (!def || def.storage === 'private')
      throw new AppError(400, 'Unknown kind of item.', { entity: 'Unknown' });
    const id = def.type === 'singleton' ? '1' : requestedId(src.id);
    if (!id) throw new AppError(400, 'Say which item (id).', { id: 'Missing' });
    return { def, id };
  };

  // Staff see every item, hidden ones too, as stored values with media as URLs: what the forms read.
  // With `?draft=ID`, the list as the site would be with the draft published (the admin working in it).
  router.get(
    '/admin/items',
    auth,
    route(async (req, res) => {
      const { draft, ...rest } = queryParams(req);
      const query = parseItemQuery(rest);
      let from = lists;
      let model = deps.model;
      if (draft !== undefined) {
        if (!isDraftId(draft)) throw new AppError(404, 'There is no such draft.');
        deps.drafts.get(draft); // 404 in plain words for a draft that never was
        const site = await sites.site(draft, `/preview/${draft}/`);
        from = draftLists.get(site.view) ?? new ItemLists(site.view);
        draftLists.set(site.view, from);
        model = site.model;
      }
      const { items, ...page } = from.page(query);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ items: items.map((item) => itemAnswer(model, query.def, item, 'url', 'typed')), ...page });
    }),
  );

  router.get(
    '/history',
    auth,
    route(async (req, res) => {
      const { def, id } = target(req);
      // `&lang=es`: the history of the item's translation, its own file (issue 36).
      const words = translationOf(def, id, req);
      if (words) {
        res.json({
          entity: def.name,
          id,
          lang: words.lang,
          path: words.path,
          commits: await deps.store.log(words.path),
        });
        return;
      }
      // The item's file and the media it refers to now: replacing only a picture is a change too.
      const current = deps.index.get(def, id);
      const media = Object.entries(def.fields as Fields)
        .filter(([k, f]) => isMediaField(f) && typeof current?.data[k] === 'string' && current.data[k])
        .map(([k]) => String(current!.data[k]));
      res.json({
        entity: def.name,
        id,
        path: itemPath(def, id),
        commits: await deps.store.log([itemPath(def, id), ...media]),
      });
    }),
  );

  /** `&lang=es` on a history call: the translation's file and its words' declaration; else null. */
  const translationOf = (def: EntityDef, id: string, req: Request) => {
    const lang = queryString(req, 'lang');
    if (lang === undefined || lang === SOURCE_LANGUAGE) return null;
    const words = LANGUAGE_CODE.test(lang) ? wordsDef(def) : null;
    if (!words)
      throw new AppError(400, 'This item has no translation in that language.', { lang: 'Unknown' });
    return { lang, path: translationPath(def, lang, id), def: words };
  };

  /** The item's file (or its translation's) as it was in a commit, parsed. */
  const readVersion = async (def: EntityDef, id: string, req: Request) => {
    const commit = queryString(req, 'commit') ?? '';
    if (!/^[0-9a-f]{40}$/.test(commit))
      throw new AppError(400, 'Say which version (commit).', { commit: 'Missing' });
    const words = translationOf(def, id, req);
    const bytes = await deps.store.readAt(commit, words?.path ?? itemPath(def, id));
    if (!bytes) throw new AppError(404, 'This item did not exist in that version.');
    const parsed = parseItemFile(words?.def ?? def, bytes.toString('utf8'));
    if (!parsed.ok) throw new AppError(422, `That version cannot be read: ${parsed.error}`);
    return { commit, bytes, data: parsed.data, itemDef: words?.def ?? def };
  };

  router.get(
    '/history/version',
    auth,
    route(async (req, res) => {
      const { def, id } = target(req);
      const { commit, bytes, data, itemDef } = await readVersion(def, id, req);
      // Pictures and files as that version had them: a replaced one keeps its path, so only git has it.
      const query = (key: string) =>
        new URLSearchParams({ entity: def.name, id, commit, field: key }).toString();
      const keyOf = new Map<unknown, string>();
      for (const [key, f] of Object.entries(def.fields as Fields))
        if (isMediaField(f)) keyOf.set(data[key], key);
      const media = (value: string) =>
        keyOf.has(value) ? `/api/history/media?${query(keyOf.get(value)!)}` : '';
      const item = typedItem(itemDef, { id, version: blobId(bytes), data }, media);
      res.json({ commit, item, text: bytes.toString('utf8') });
    }),
  );

  router.get(
    '/history/media',
    auth,
    route(async (req, res) => {
      const { def, id } = target(req);
      const key = queryString(req, 'field') ?? '';
      const fields = def.fields as Fields;
      const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
      if (!field || !isMediaField(field))
        throw new AppError(400, 'Say which picture or file (field).', { field: 'Unknown' });
      const { commit, data } = await readVersion(def, id, req);
      const at = typeof data[key] === 'string' ? data[key] : '';
      const bytes = at ? await deps.store.readAt(commit, at) : null;
      const type = bytes && sniff(bytes);
      if (!bytes || !type) throw new AppError(404, 'That version had no picture or file here.');
      res.setHeader('Content-Type', MEDIA_TYPES[type]);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // A commit never changes: the browser may keep it, but only for this signed-in user.
      res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
      res.send(bytes);
    }),
  );

  router.post(
    '/history/restore',
    requireUser(deps.accounts, changeNeeds('restore', false)),
    readBodies(WRITE_LIMIT, { signedIn: true }),
    route(async (req, res) => {
      const { def, id } = target(req);
      const commit = fieldText((req.body as Record<string, unknown> | undefined)?.commit);
      if (!/^[0-9a-f]{40}$/.test(commit))
        throw new AppError(400, 'Say which version (commit).', { commit: 'Missing' });
      // `?lang=es`: the translation's words as they were, saved as its translation (issue 36).
      const words = translationOf(def, id, req);
      if (words) {
        const bytes = await deps.store.readAt(commit, words.path);
        if (!bytes)
          throw new AppError(
            400,
            'This translation did not exist in that version, so it cannot be restored from it.',
          );
        const parsed = parseItemFile(words.def, bytes.toString('utf8'));
        if (!parsed.ok) throw new AppError(400, `That version cannot be restored: ${parsed.error}`);
        const input = parsed.data;
        await writer.run(actorOf(req), { kind: 'translate', def, id, lang: words.lang, input });
        res.json({ lang: words.lang, words: input, message: 'Restored.' });
        return;
      }
      const restored = (await writer.run(actorOf(req), { kind: 'restore', def, id, commit })) as SaveResult;
      const note = restored.carried ? ` ${carriedNote(restored.carried)}` : '';
      res.json({
        ...itemAnswer(deps.model, def, restored.item, 'url', 'typed'),
        message: `Restored.${note}`,
      });
    }),
  );

  // Items of a collection that are gone from the branch, newest delete first; each one is restored with
  // POST /history/restore from its `restoreFrom` commit.
  router.get(
    '/deleted',
    auth,
    route(async (req, res) => {
      const def = entityByName.get(queryString(req, 'entity') ?? '');
      if (!def || def.storage === 'private')
        throw new AppError(400, 'Unknown kind of item.', { entity: 'Unknown' });
      if (def.type !== 'collection')
        throw new AppError(400, `${def.label} is a single page, not a list, so it has no deleted items.`, {
          entity: 'Not a list',
        });
      res.setHeader('Cache-Control', 'no-store');
      res.json({ entity: def.name, items: await deleted.list(def as CollectionDef) });
    }),
  );

  router.get(
    '/admin/status',
    auth,
    route(async (_req, res) => {
      res.json({ head: await deps.store.head(), errors: deps.index.contentErrors() });
    }),
  );

  return router;
}
