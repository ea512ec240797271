// Public reads answered before Express: the documented list answers, the web app's page and built
// files, and media kept in memory, each written as a prepared answer with one writeHead. They need no
// body, no session (an answer that differs for staff goes to Express when a session cookie is sent)
// and no routing beyond a map look-up. Anything else returns false and goes to the Express app.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PreparedCache } from './prepared.ts';
import type { ReadModel } from '../content/readModel/readModel.ts';
import type { ReadContext } from './legacy/readAnswers.ts';
import { SESSION_COOKIE } from './auth/sessionKeys.ts';
import { bearerIn } from './auth/bearer.ts';
import { Answer, requestHeader } from './answer.ts';
import { endpointDiffersForStaff, listAnswer } from './listAnswers.ts';
import type { ServedFiles } from './servedFiles.ts';
import { FeedAnswers } from './feedAnswers.ts';
import { isAssetPath } from './webApp.ts';
import { pageAnswer } from './pageAnswer.ts';
import type { RedirectAnswers } from './redirectAnswers.ts';
import { isAdminPath } from '../schema/site/adminPaths.ts';
import { pagedPath, parseQuery, readOptions } from './query.ts';
import { SOURCE_LANGUAGE } from '../schema/site/languages.ts';

/** Answers the request and returns true, or returns false without touching it. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

export function fastPath(deps: {
  model: ReadModel;
  cache: PreparedCache;
  files: ServedFiles;
  feeds: FeedAnswers;
  redirects: RedirectAnswers;
}): FastPath {
  const { model, cache, files, feeds, redirects } = deps;
  const cookie = `${SESSION_COOKIE}=`;

  const api = (req: IncomingMessage, res: ServerResponse, name: string, query: string) => {
    const visitor = listQuery(query);
    if (!visitor) return false;
    // `?lang=es`: the site in that language (issue 36); one it does not have is Express's to refuse.
    const site = visitor.lang === undefined ? null : files.languages.site(visitor.lang);
    if (visitor.lang !== undefined && !site) return false;
    const read = site ?? { model, cache };
    // A page of a list (`?page=2&size=25`); one the list does not have is Express's to refuse.
    const endpoint = read.model.endpoint(visitor.page ? `${name}${visitor.page}` : name);
    if (!endpoint) return false;
    // Whether the session is valid is for Express to find out; visitors send no cookie. A token for
    // scripts is Express's too: one that does not work is refused even on a public read (tokenGate).
    if (endpointDiffersForStaff(endpoint) && requestHeader(req, 'cookie')?.includes(cookie)) return false;
    if (bearerIn(requestHeader(req, 'authorization')) !== undefined) return false;
    listAnswer(read.cache, read.model, endpoint, visitor.ctx).send(req, res, true);
    return true;
  };

  const mediaFile = (req: IncomingMessage, res: ServerResponse, pathname: string, query: string) => {
    let rel: string;
    try {
      rel = `media/${decodeURIComponent(pathname.slice('/media/'.length))}`;
    } catch {
      return false;
    }
    const params = parseQuery(query);
    // An image's variant or link-preview picture: read from its cache by mediaRoutes.
    if (params.w !== undefined || params.share !== undefined) return false;
    const v = params.v;
    if (Array.isArray(v)) return false; // refused by Express, as every repeated parameter is (queryString)
    const answer = files.media.cached(rel, v);
    if (!answer) return false;
    answer.send(req, res, true);
    return true;
  };

  // sitemap.xml, robots.txt, the Atom feed and calendars; Express says why when there is no answer.
  const feed = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    const answer = feeds.answer(req, pathname);
    if (!(answer instanceof Answer)) return false;
    answer.send(req, res, true);
    return true;
  };

  const web = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    // Express decodes what it looks up (an address with a '%'), and answers EXPRESS_ONLY's itself.
    if (!files.web || pathname.includes('%') || EXPRESS_ONLY.test(pathname)) return false;
    const file = files.web.file(pathname);
    if (file) file.send(req, res, true);
    else if (isAssetPath(pathname)) return false;
    else {
      // A signed-in user's admin page is drawn for them (adminPageRoutes.ts), once Express checked the session.
      if (requestHeader(req, 'cookie')?.includes(cookie) && isAdminPath(pathname)) return false;
      const page = pageAnswer(files, req, pathname);
      if (!page) return false; // Express waits for the page renderer
      if (page instanceof Answer) page.send(req, res, true);
      else
        page.then(
          (drawn) => drawn.send(req, res, true),
          (e: unknown) => {
            // A page's data that could not be drawn (a page itself falls back to the built page).
            console.error(`Could not answer ${pathname}:`, e);
            if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
            res.end('The server could not draw this page.');
          },
        );
    }
    return true;
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    if (!url.startsWith('/')) return false;
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    try {
      if (redirects.answer(req, res, pathname, query)) return true;
      if (pathname.startsWith('/api/')) return api(req, res, pathname.slice('/api/'.length), query);
      if (pathname.startsWith('/media/')) return mediaFile(req, res, pathname, query);
      if (FeedAnswers.handles(pathname)) return feed(req, res, pathname);
      return web(req, res, pathname);
    } catch (e) {
      if (!res.headersSent) return false; // Express answers it again, and reports the error its way.
      res.destroy(e as Error);
      return true;
    }
  };
}

/**
 * Addresses that are no built file or page for the fast path, in any case (one test, asked of every
 * page request): /api and /media (Express mounts them without regard to case), search results made
 * per query (searchPageRoutes.ts), drafts' pages and their live-reload script (previewRoutes.ts).
 */
const EXPRESS_ONLY =
  /^\/(?:(?:api|media|preview|share)(?:\/|$)|(?:[a-z]{2}\/)?search\/*$|preview-live\.js$)/i;

const LIST_PARAMS = new Set(['media', 'shape', 'timestamp', 'lang', 'page', 'size']);
/** What a visitor's list query asks: how the answer is encoded, and in which language (none: English). */
interface ListQuery {
  ctx: Readonly<ReadContext>;
  lang?: string;
  /** `?page=<n>&size=<m>`, as the paged endpoint's name ends. */
  page?: string;
}
/** Queries read so far and what they ask; they come from clients, so a few hundred at most. */
const listQueries = new Map<string, ListQuery | null>();

/**
 * A visitor's list answer as the query asks for it (media mode and shape), or null when the query asks
 * for something else: `?id=`, `?sse=` or any parameter besides `media`, `shape` and the ignored
 * `timestamp` goes to Express. The same few queries come again and again: each is read once.
 */
function listQuery(query: string): ListQuery | null {
  let hit = listQueries.get(query);
  if (hit !== undefined) return hit;
  const params = parseQuery(query);
  // A repeated parameter goes to Express, which refuses it (queryString): one reading of a query.
  const refused = Object.entries(params).some(
    ([key, value]) => !LIST_PARAMS.has(key) || Array.isArray(value),
  );
  const lang = params.lang as string | undefined;
  const get = (name: string) => params[name] as string | undefined;
  const paged = pagedPath('', get);
  hit =
    refused || 'refused' in paged
      ? null
      : {
          ctx: Object.freeze({ signedIn: false, ...readOptions(get) }),
          ...(lang !== undefined && lang !== SOURCE_LANGUAGE ? { lang } : {}),
          ...(paged.path ? { page: paged.path } : {}),
        };
  if (listQueries.size >= 256) listQueries.clear();
  listQueries.set(query, hit);
  return hit;
}
