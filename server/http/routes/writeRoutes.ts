// Every documented write call, generated from the registry (method, path, query and field names).
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AppDeps } from '../appDeps.ts';
import type { EntityDef, Fields } from '../../schema/define.ts';
import { storedKeyFor } from '../../schema/codec.ts';
import { fromWire } from '../legacy/wire.ts';
import { itemAnswer } from '../legacy/readAnswers.ts';
import { missingRequired } from '../../schema/validate.ts';
import { siteEntities } from '../../schema/registry.ts';
import { isMediaField } from '../../schema/fields.ts';
import { actorOf, liveOrDraft, requireUser } from '../auth/requireUser.ts';
import { checkUploads } from '../../content/writer/mediaUpload.ts';
import { keepingUploads, type UploadParser } from '../uploadParser.ts';
import { carriedNote, StaleVersionError, type SaveResult } from '../../content/writer/writer.ts';
import { AppError } from '../../schema/errors.ts';
import { queryString, readOptionsOf, route, sendError } from '../http.ts';
import { readBodies, WRITE_LIMIT } from '../bodies.ts';
import { requestedId } from '../ids.ts';
import { shapeOf } from './readRoutes.ts';
import type { DraftSites } from '../draftSites.ts';
import { isDraftId } from '../../store/draftRefs.ts';
import type { LanguageSites } from '../languageSites.ts';
import { SOURCE_LANGUAGE } from '../../schema/site/languages.ts';

export function writeRoutes(
  deps: Pick<AppDeps, 'writer' | 'accounts' | 'drafts' | 'model'>,
  sites: DraftSites,
  uploads: UploadParser,
  languages: LanguageSites,
): Router {
  const router = Router();
  const { writer } = deps;
  // The session first, then the body: a signed-out caller's body is never read.
  // A live change needs an editor; the same call into a draft (`?draft=ID`) a contributor.
  const auth = [requireUser(deps.accounts, liveOrDraft), ...readBodies(WRITE_LIMIT, { signedIn: true })];
  const mediaMode = (req: Request) => readOptionsOf(req).media;
  /** `?draft=ID`: the change goes into that draft instead of the live site. */
  const draftOf = (req: Request): string | undefined => {
    const id = queryString(req, 'draft');
    if (id === undefined) return undefined;
    if (!isDraftId(id)) throw new AppError(404, 'There is no such draft.');
    return id;
  };
  /** The model an answer is written with: the live site's, or the draft's (its media under its preview). */
  const modelFor = async (draft: string | undefined) =>
    draft ? (await sites.site(draft, `/preview/${draft}/`)).model : deps.model;
  const multipart = uploads();
  // A new item's required fields are checked before its files are kept (they come first in a form).
  const creating = (def: EntityDef) =>
    uploads((sent) => {
      if (sent.id !== undefined || (def.legacy.writes && sent[def.legacy.writes.idField] !== undefined))
        return null;
      const missing = missingRequired(def, fromWire(def, sent));
      return missing ? new AppError(400, missing.error, withFormNames(def, missing.fields)) : null;
    });

  const body = (req: Request, def: EntityDef): Record<string, unknown> => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    // The documented `{ id, field, value }` form (mission and values, educator texts) updates one field.
    // The field must be one the form may set (else the save would silently change nothing), and the
    // version still travels with it so a stale edit is refused like any other.
    if (typeof b.field === 'string' && 'value' in b) {
      const key = storedKeyFor(def, b.field);
      const f = key ? (def.fields as Fields)[key] : undefined;
      if (!f || isMediaField(f))
        throw new AppError(400, `There is no field "${b.field}" to update.`, {
          field: `Unknown field "${b.field}"`,
        });
      return { [b.field]: b.value, ...(b.version !== undefined ? { version: b.version } : {}) };
    }
    return b;
  };

  const save = (def: EntityDef, idFrom: (req: Request) => string | undefined) =>
    // The upload files are committed from disk: they stay until this is done, even if the client goes.
    route((req, res) => keepingUploads(req, () => saveNow(def, idFrom, req, res)));

  const saveNow = async (
    def: EntityDef,
    idFrom: (req: Request) => string | undefined,
    req: Request,
    res: Response,
  ) => {
    const input = body(req, def);
    const fields = def.fields as Fields;
    const uploads = await checkUploads(req.files as Express.Multer.File[] | undefined, (field) => {
      const key = storedKeyFor(def, field);
      const f = key ? fields[key] : undefined;
      return f && isMediaField(f) ? f.kind : undefined;
    });
    const id = idFrom(req);
    const version = versionOf(req, input.version);
    const draft = draftOf(req);
    const lang = queryString(req, 'lang');
    if (lang !== undefined && lang !== SOURCE_LANGUAGE)
      return translateNow({ def, id, lang, input, uploads: uploads.length, draft }, req, res);
    try {
      const { item, created, carried, warnings } = (await writer.run(actorOf(req), {
        kind: 'save',
        into: draft ? deps.drafts.target(draft, actorOf(req)) : undefined,
        def,
        id,
        // Wire spellings are decoded here, at the edge: the writer sees stored names and values.
        input: fromWire(def, input),
        uploads,
        version,
      })) as SaveResult;
      const said = created ? 'Submitted successfully!' : 'Updated successfully!';
      // The saved item's own, beside its fields (the form shows them there).
      const fieldWarnings = warnings
        .filter((w) => w.entity === def.name && w.id === item.id)
        .map(({ field, message }) => ({ field, message }));
      const model = await modelFor(draft);
      res.status(created ? 201 : 200).json({
        ...itemAnswer(model, def, item, mediaMode(req), shapeOf(req)),
        message: carried ? `${said} ${carriedNote(carried)}` : said,
        // Other items changed in the same commit, by entity: { eventCards: ['4', '9'] }.
        ...(carried ? { carried: Object.fromEntries(carried.map((c) => [c.def.name, c.ids])) } : {}),
        // What the content checks found that did not stop the save, field by field (stored names).
        ...(fieldWarnings.length ? { warnings: fieldWarnings } : {}),
      });
    } catch (e) {
      await conflictOrThrow(e, def, req, res);
    }
  };

  /** `?lang=es`: the item's words in that language, saved in its translation file (issue 36). */
  const translateNow = async (
    sent: {
      def: EntityDef;
      id?: string;
      lang: string;
      input: Record<string, unknown>;
      uploads: number;
      draft?: string;
    },
    req: Request,
    res: Response,
  ) => {
    const { def, lang } = sent;
    const site = languages.required(lang);
    if (def.type === 'collection' && sent.id === undefined)
      throw new AppError(400, 'Write the item in English first, then translate it.', { id: 'Missing' });
    if (sent.uploads)
      throw new AppError(400, 'A translation takes words only: pictures and files are the English item’s.');
    const { input } = sent;
    const version = typeof input.version === 'string' ? input.version : undefined;
    const { draft } = sent;
    const { warnings } = await writer.run(actorOf(req), {
      kind: 'translate',
      def,
      id: sent.id,
      lang,
      input: fromWire(def, input),
      version,
      into: draft ? deps.drafts.target(draft, actorOf(req)) : undefined,
    });
    const id = def.type === 'singleton' ? '1' : sent.id!;
    // The item as the live site or the draft now has it, in the language.
    const seen = draft ? (await sites.site(draft, `/preview/${draft}/`)).inLanguage(lang) : site;
    const item = seen.view.get(def, id)!;
    res.json({
      ...itemAnswer(seen.model, def, item, mediaMode(req), shapeOf(req)),
      // The version a next save of this translation sends back.
      translationVersion: seen.view.translation(def, lang, id)?.version ?? '',
      message: 'Translation saved.',
      ...(warnings.length ? { warnings: warnings.map(({ field, message }) => ({ field, message })) } : {}),
    });
  };

  const conflictOrThrow = async (e: unknown, def: EntityDef, req: Request, res: Response) => {
    if (e instanceof StaleVersionError) {
      const model = await modelFor(draftOf(req));
      return sendError(res, 409, e.message, undefined, {
        current: itemAnswer(model, def, e.current, mediaMode(req), shapeOf(req)),
      });
    }
    if (e instanceof AppError && e.fields && def.legacy.writes?.aliases)
      return sendError(res, e.status, e.message, withFormNames(def, e.fields));
    throw e;
  };

  const remove = (def: EntityDef) =>
    route(async (req, res) => {
      const id = requestedId(queryString(req, 'id') ?? (req.body as Record<string, unknown> | undefined)?.id);
      if (!id) throw new AppError(400, 'Say which item to delete (id).', { id: 'Missing' });
      const version = versionOf(req, queryString(req, 'version'));
      const draft = draftOf(req);
      const into = draft ? deps.drafts.target(draft, actorOf(req)) : undefined;
      // `?lang=es`: only the item's translation goes; the item stays, shown in English there.
      const lang = queryString(req, 'lang');
      if (lang !== undefined && lang !== SOURCE_LANGUAGE) {
        languages.required(lang);
        await writer.run(actorOf(req), { kind: 'translate', def, id, lang, input: {}, remove: true, into });
        res.json({ success: true, id, lang, message: 'The translation was removed.' });
        return;
      }
      try {
        await writer.run(actorOf(req), { kind: 'delete', def, id, version, into });
        res.json({ success: true, id, message: 'Deleted.' });
      } catch (e) {
        await conflictOrThrow(e, def, req, res);
      }
    });

  const idOf =
    (name: string) =>
    (req: Request): string | undefined => {
      const sent = req.body as Record<string, unknown> | undefined;
      return requestedId(queryString(req, 'id') ?? sent?.[name], name);
    };

  for (const def of siteEntities) {
    const E = `/${def.legacy.endpoint}`;
    if (def.type === 'singleton') {
      router.put(
        E,
        auth,
        multipart,
        save(def, () => undefined),
      );
      router.post(
        E,
        auth,
        multipart,
        save(def, () => undefined),
      );
      continue;
    }
    const newItem = creating(def);
    // POST with ?id= updates (fields may come partly); without it, a new item is being made.
    const chooseParser: RequestHandler = (req, res, next) =>
      (queryString(req, 'id') ? multipart : newItem)(req, res, next);
    const w = def.legacy.writes;
    if (w) {
      // Papers: documented as pdf_upload.php (create, delete) and pdf_update.php (fileId + changed fields).
      router.post(
        `/${w.create}`,
        auth,
        newItem,
        save(def, () => undefined),
      );
      router.post(
        `/${w.update}`,
        auth,
        multipart,
        route((req, res, next) => {
          if (!idOf(w.idField)(req))
            throw new AppError(400, 'Say which paper to update (fileId).', { [w.idField]: 'Missing' });
          return save(def, idOf(w.idField))(req, res, next);
        }),
      );
      router.delete(`/${w.remove}`, auth, remove(def));
    }
    router.post(E, auth, chooseParser, save(def, idOf('id')));
    router.put(
      E,
      auth,
      multipart,
      route((req, res, next) => {
        if (!idOf('id')(req)) throw new AppError(400, 'Say which item to update (id).', { id: 'Missing' });
        return save(def, idOf('id'))(req, res, next);
      }),
    );
    router.delete(E, auth, remove(def));
  }
  return router;
}

/** The version the editor started from: sent in the body or query, or as an If-Match header. */
function versionOf(req: Request, sent: unknown): string | undefined {
  if (typeof sent === 'string' && sent) return sent;
  return req.get('if-match')?.replace(/^W\//, '').replace(/"/g, '') || undefined;
}

/** Field messages also under the documented form names (papers: fileName, pdfFile, firstPage…). */
function withFormNames(def: EntityDef, fields: Record<string, string>): Record<string, string> {
  const out = { ...fields };
  for (const [form, stored] of Object.entries(def.legacy.writes?.aliases ?? {}))
    if (fields[stored] && !out[form]) out[form] = fields[stored];
  return out;
}
