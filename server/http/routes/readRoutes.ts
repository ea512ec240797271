// GET routes for every documented read call, answered from prepared buffers. The public list answers
// are also sent by the fast path (fastPath.ts) with the same prepared answers.
import { Router, type Request, type RequestHandler } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { oneItem, type ReadContext } from '../legacy/readAnswers.ts';
import type { Shape } from '../legacy/wire.ts';
import { prepareJson } from '../prepared.ts';
import { entities } from '../../schema/registry.ts';
import { queryString, readOptionsOf, route, sendError } from '../http.ts';
import { endpointDiffersForStaff, jsonAnswer, listAnswer } from '../listAnswers.ts';
import { fieldText } from '../../schema/fieldText.ts';
import { readNamedFile } from '../mediaFiles.ts';
import { pageAtEndpoint } from '../../schema/site/publicPaths.ts';
import { pagedPath } from '../query.ts';
import { SOURCE_LANGUAGE } from '../../schema/site/languages.ts';
import type { LanguageSites } from '../languageSites.ts';

export function readContext(req: Request, signedIn: boolean): ReadContext {
  return { signedIn, ...readOptionsOf(req) };
}

/** The project's own web app asks for stored values (`?shape=typed`); anyone else gets the documented wire. */
export const shapeOf = (req: Request): Shape => readOptionsOf(req).shape;

/** What the app adds beside AppDeps for the reads. */
export interface ReadParts {
  isSignedIn: (req: Request) => boolean;
  /** The documented SSE streams, by endpoint (streamRoutes.ts). */
  streams: Record<string, RequestHandler>;
  /** The site in its other languages: reads with `?lang=es` answer from them (issue 36). */
  languages: LanguageSites;
}

export function readRoutes(
  deps: Pick<AppDeps, 'model' | 'cache' | 'store'>,
  { isSignedIn, streams, languages }: ReadParts,
): Router {
  const router = Router();
  const { model: sourceModel, cache: sourceCache } = deps;
  /** The read model and answers of the language a read asks for (`?lang=`); a language the site
   *  does not have is refused. */
  const inLanguage = (req: Request) => {
    const lang = queryString(req, 'lang');
    if (lang === undefined || lang === SOURCE_LANGUAGE) return { model: sourceModel, cache: sourceCache };
    const site = languages.required(lang);
    return { model: site.model, cache: site.cache };
  };
  const model = sourceModel;

  router.get(
    '/download_pdf.php',
    route(async (req, res) => {
      const id = queryString(req, 'id') ?? '';
      const stored = model.storedItem(entities.paper, id, isSignedIn(req));
      if (!stored) return sendError(res, 404, 'There is no paper with that id.');
      const pdf = fieldText(stored.data.pdf);
      const bytes = await readNamedFile(deps.store, pdf);
      if (!bytes) return sendError(res, 404, 'The PDF file of this paper is missing');
      const name = `${
        fieldText(stored.data.file_name)
          .replace(/[^\w .()-]+/g, '_')
          .trim() || 'paper'
      }.pdf`;
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('ETag', `"${pdf}-${stored.version.slice(0, 12)}"`);
      res.end(bytes);
    }),
  );

  // Streams documented under their own names (and /api/stream); majorevents.php streams with ?sse=true.
  for (const [name, handler] of Object.entries(streams)) {
    if (!model.endpoint(name)) router.get(`/${name}`, handler);
  }

  for (const sourceEndpoint of model.endpoints) {
    const stream = streams[sourceEndpoint.path];
    // Only answers that differ for staff read the session.
    const staff = endpointDiffersForStaff(sourceEndpoint);
    router.get(
      `/${sourceEndpoint.path}`,
      route((req, res) => {
        if (stream && queryString(req, 'sse') === 'true') return stream(req, res, () => undefined);
        const { model, cache } = inLanguage(req);
        const endpoint = model.endpoint(sourceEndpoint.path)!;
        const ctx = readContext(req, staff && isSignedIn(req));
        const id = queryString(req, 'id');
        if (id !== undefined && endpoint.entity) {
          const one = oneItem(model, endpoint.entity, id, ctx);
          if (!one)
            return sendError(
              res,
              404,
              `There is no ${endpoint.entity.itemNoun.replace(/^this /, '')} with id ${JSON.stringify(id)}.`,
            );
          return jsonAnswer(prepareJson(one), staff).send(req, res, false);
        }
        // GET /api/pages?path=/summer-camp: the page at that address (a list of it, or empty).
        const at = endpoint.entity === entities.page ? queryString(req, 'path') : undefined;
        if (at !== undefined) {
          const one = model.endpoint(pageAtEndpoint(at));
          if (!one)
            return sendError(res, 400, 'An address is lower case letters, digits, hyphens and /.', {
              path: 'Not an address',
            });
          return listAnswer(cache, model, one, ctx).send(req, res, false);
        }
        // `?page=2&size=25`: one page of the list, as the public site reads it.
        const paged = pagedPath(endpoint.path, (name) => queryString(req, name));
        if ('refused' in paged)
          return sendError(
            res,
            400,
            'Ask for a page of a list as ?page=<number>&size=<number>.',
            paged.refused,
          );
        const list = paged.path === endpoint.path ? endpoint : model.endpoint(paged.path);
        if (!list) return sendError(res, 400, 'This list is not read in pages.', { page: 'Not paged' });
        listAnswer(cache, model, list, ctx).send(req, res, false);
      }),
    );
  }
  return router;
}
