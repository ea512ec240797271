// Previews of drafts: /preview/<id>/<any public path> for signed-in staff, /share/<token>/<path> for
// a reviewer holding a share link. Each is the site's real page, rendered by the site's own server
// rendering from the draft's view (lists, navigation, home cards included), with its media, and a
// stream that tells the open page to reload when the draft or the live site changes. Never cached,
// never indexed; a share link reaches nothing but its draft's preview.
import { entities } from '../../schema/registry.ts';
import { languageCodes } from '../../schema/entities/languages.ts';
import { SOURCE_LANGUAGE, splitLanguagePath } from '../../schema/site/languages.ts';
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../appDeps.ts';
import { requireUser } from '../auth/requireUser.ts';
import { route, sendError } from '../http.ts';
import type { DraftSites } from '../draftSites.ts';
import { isDraftId } from '../../store/draftRefs.ts';
import { draftOfShare } from '../../drafts/shareLinks.ts';
import { PREVIEW_LIVE_JS, previewHtml } from '../../site/previewHtml.ts';
import { pageHeaders } from '../webApp.ts';
import { securityHeaders } from '../securityHeaders.ts';
import { readNamedFile } from '../mediaFiles.ts';

const MEDIA_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
const HEARTBEAT_MS = 25_000;
/** Own scripts only (the live-reload script): a preview loads no embeds from elsewhere. */
const PREVIEW_POLICY =
  "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
  "frame-ancestors 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; " +
  "connect-src 'self'";

const noStore = (res: Response) => {
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
};

/** Where in the preview a request asks for: its page path, or its media file, or its stream. */
function partOf(
  rest: string,
): { kind: 'stream' } | { kind: 'media'; rel: string } | { kind: 'page'; path: string } {
  if (rest === 'stream') return { kind: 'stream' };
  if (rest.startsWith('media/')) return { kind: 'media', rel: rest };
  return { kind: 'page', path: `/${rest}` };
}

export function previewRoutes(
  deps: Pick<AppDeps, 'drafts' | 'store' | 'accounts' | 'index'>,
  sites: DraftSites,
): Router {
  const router = Router();
  const { drafts } = deps;

  router.get('/preview-live.js', (_req, res) => {
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.send(PREVIEW_LIVE_JS);
  });

  const answer = async (req: Request, res: Response, id: string, root: string, staff: boolean) => {
    noStore(res);
    // Express gives a wildcard's segments as a list.
    const given = (req.params as Record<string, string | string[] | undefined>).rest ?? '';
    const rest = (Array.isArray(given) ? given.join('/') : given).replace(/^\/+/, '');
    const part = partOf(rest);
    if (part.kind === 'stream') return stream(req, res, id);
    const site = await sites.site(id, root);
    if (part.kind === 'media') {
      const noFile = () => sendError(res, 404, 'There is no such file.');
      let rel: string;
      try {
        rel = decodeURIComponent(part.rel);
      } catch {
        return noFile();
      }
      // A name of a kind never served (a folder's, say) is not looked for.
      const type = MEDIA_TYPES[rel.slice(rel.lastIndexOf('.') + 1).toLowerCase()];
      if (!type) return noFile();
      const inDraft = site.view.files.find((f) => f.path === rel && !f.entity);
      const own = inDraft
        ? inDraft.mergedBlob == null
          ? null
          : (inDraft.bytes ?? (await deps.store.drafts.bytes(inDraft.mergedBlob)))
        : await readNamedFile(deps.store, rel);
      if (!own) return noFile();
      res.setHeader('Content-Type', type);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      return res.end(own);
    }
    // A page under another language's folder (/es/news) is drawn in that language, with the draft's words.
    const { lang } = splitLanguagePath(part.path, languageCodes(deps.index.get(entities.languages)?.data));
    const pages = lang === SOURCE_LANGUAGE ? site.pages : site.inLanguage(lang).pages;
    if (!pages) return sendError(res, 503, 'The web app is not built yet: run `npm run build`.');
    const { page, status } = await pages.prepared(req, part.path);
    const record = drafts.get(id);
    const html = previewHtml(page.body.toString('utf8'), {
      root,
      title: record.title,
      stream: `${root}stream`,
      ...(staff ? { adminUrl: `/admin/drafts/${id}` } : {}),
    });
    for (const [name, value] of securityHeaders()) res.setHeader(name, value);
    for (const [name, value] of pageHeaders(PREVIEW_POLICY)) res.setHeader(name, value);
    noStore(res);
    res.status(status).type('html').send(html);
  };

  /** Tells the open preview to reload when its draft or the live site changes (one event, then it reloads). */
  const stream = (req: Request, res: Response, id: string) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    res.write(': preview\n\n');
    const stop = drafts.onChange((event) => {
      if (event.id === id && event.kind !== 'comment') res.write('event: change\ndata: {}\n\n');
    });
    const beat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    beat.unref();
    // A staff preview's stream ends with its session (signed out elsewhere, account disabled).
    const session = req.signedInSession?.id;
    const unwatch = session
      ? deps.accounts.sessions.onEnded((ids) => {
          if (ids.includes(session)) res.end();
        })
      : undefined;
    req.on('close', () => {
      stop();
      unwatch?.();
      clearInterval(beat);
    });
  };

  router.get(
    ['/preview/:id', '/preview/:id/*rest'],
    requireUser(deps.accounts),
    route(async (req, res) => {
      const id = String(req.params.id);
      if (!isDraftId(id) || !openDraft(id)) return sendError(res, 404, 'There is no such draft to preview.');
      await answer(req, res, id, `/preview/${id}/`, true);
    }),
  );

  router.get(
    ['/share/:token', '/share/:token/*rest'],
    route(async (req, res) => {
      const token = String(req.params.token);
      const id = draftOfShare(drafts, token);
      if (!id) {
        noStore(res);
        return res
          .status(404)
          .type('text/plain')
          .send('This preview link does not work any more: it has expired or was withdrawn.');
      }
      await answer(req, res, id, `/share/${token}/`, false);
    }),
  );

  const openDraft = (id: string) => {
    try {
      const r = drafts.get(id);
      return r.state !== 'published' && r.state !== 'discarded';
    } catch {
      return false;
    }
  };
  return router;
}
