// The Express app assembled from its routes; server/app.ts composes what it is built from.
import express, { type ErrorRequestHandler, type Request } from 'express';
import { currentUser, sessionMiddleware, sessionOf } from './auth/session.ts';
import { sameOriginOnly } from './auth/originCheck.ts';
import { readerOf, tokenGate } from './auth/caller.ts';
import { tokenRoutes } from './routes/tokenRoutes.ts';
import { DeviceCookies } from './auth/deviceCookie.ts';
import { readRoutes } from './routes/readRoutes.ts';
import { streamHandlers } from './routes/streamRoutes.ts';
import { mediaRoutes } from './routes/mediaRoutes.ts';
import { contactRoutes } from './routes/contactRoutes.ts';
import { authRoutes } from './routes/authRoutes.ts';
import { writeRoutes } from './routes/writeRoutes.ts';
import { contentCheckRoutes } from './routes/contentCheckRoutes.ts';
import { adminRoutes } from './routes/adminRoutes.ts';
import { messageRoutes } from './routes/messageRoutes.ts';
import { webAppRoutes } from './routes/webAppRoutes.ts';
import { feedRoutes } from './routes/feedRoutes.ts';
import { webhookRoutes } from './routes/webhookRoutes.ts';
import { auditRoutes } from './routes/auditRoutes.ts';
import { accountRoutes } from './routes/accountRoutes.ts';
import { gitRoutes } from './routes/gitRoutes.ts';
import { searchRoutes } from './routes/searchRoutes.ts';
import { searchPageRoutes } from './routes/searchPageRoutes.ts';
import { replicaRefusesWrites } from './replicaGuard.ts';
import type { ServedFiles } from './servedFiles.ts';
import { API_HEADERS, securityMiddleware } from './securityHeaders.ts';
import { AppError } from '../schema/errors.ts';
import { DiskFullError, isDiskFull, RepositoryBrokenError } from '../store/storeErrors.ts';
import { diskSpace } from '../store/diskSpace.ts';
import { sendError } from './http.ts';
import { adminPageRoutes } from './routes/adminPageRoutes.ts';
import { draftReads, draftRoutes } from './routes/draftRoutes.ts';
import { translationRoutes } from './routes/translationRoutes.ts';
import { spreadsheetRoutes } from './routes/spreadsheetRoutes.ts';
import { previewRoutes } from './routes/previewRoutes.ts';
import type { DraftSites } from './draftSites.ts';
import { can } from '../schema/roles.ts';
import type { AppDeps } from './appDeps.ts';
import { parseQuery } from './query.ts';
import { mediaLibraryRoutes } from './routes/mediaLibraryRoutes.ts';
import { pageLinksRoutes } from './routes/pageLinksRoutes.ts';
import type { MediaLibrary } from '../media/mediaLibrary.ts';
import type { ItemLists } from '../content/index/itemQuery.ts';
import { uploadParser } from './uploadParser.ts';
import { noticeRoutes, noticeStopRoutes } from './routes/noticeRoutes.ts';
import { uploadsDir } from '../content/writer/uploadsDir.ts';

export type ExpressApp = express.Express;

/** What server/app.ts composes for the routes beside AppDeps. */
export interface AppParts {
  /** The built web app and media in memory, shared with the fast path (server/main.ts). */
  files: ServedFiles;
  /** Drafts' sites for staff reads and previews. */
  draftSites: DraftSites;
  /** The media library's lists (every file under media/ and where it is used). */
  library: MediaLibrary;
  /** The live site's lists as the admin pages them (its screens and the pages drawn for them). */
  lists: ItemLists;
}

/** The Express app: middleware, the API's routes in their order, pages, media and errors. */
export function expressApp(deps: AppDeps, { files, draftSites, library, lists }: AppParts): ExpressApp {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  // The fast path's reading of a query (query.ts), so the two cannot take different values from one.
  app.set('query parser', parseQuery);
  if (config.trustProxy) app.set('trust proxy', 1);
  app.use(securityMiddleware());
  app.use(sessionMiddleware(deps.sessionSecret, config.trustProxy));

  const { accounts } = deps;
  // Reads differ for staff: signed in, or with a token for scripts.
  const isSignedIn = (req: Request) => readerOf(req, accounts) !== null;
  /** The full session a request came with, for streams that end with it. */
  const sessionIdOf = (req: Request) => {
    const found = sessionOf(req, accounts);
    return found && !found.session.pendingTwoFactor ? found.session.id : undefined;
  };
  /** Contact messages are for editors and admins, as their routes say (messageRoutes.ts). */
  const readsMessages = (req: Request) => {
    const user = currentUser(req, accounts);
    return !!user && can(user.role, 'publish');
  };
  const usernameOf = (req: Request) => currentUser(req, accounts)?.username;
  const api = express.Router();
  api.use((_req, res, next) => {
    for (const [name, value] of API_HEADERS) res.setHeader(name, value);
    next();
  });
  // Before the same-origin check: forges post webhooks from elsewhere, signed with the shared secret.
  api.use(gitRoutes(deps));
  // Before it too: a mail app's one-click stop is posted by the mail provider (the link's key is the check).
  api.use(noticeStopRoutes(deps));
  // A token for scripts that does not work is refused on every call, before the same-origin check
  // (which a working token is not held to: caller.ts).
  api.use(tokenGate(accounts));
  api.use(sameOriginOnly(config.publicUrl));
  if (deps.remote?.settings.role === 'replica') api.use(replicaRefusesWrites(deps.remote.settings));
  // Staff's reads of a draft (`?draft=ID`) before the public reads, which never see a draft.
  api.use(draftReads(deps, draftSites));
  // Public reads first: they are the hot path and need no body parsing.
  api.use(
    readRoutes(deps, {
      isSignedIn,
      streams: streamHandlers(deps, sessionIdOf, readsMessages, usernameOf),
      languages: files.languages,
    }),
  );
  api.get('/health', async (_req, res) => {
    const errors = deps.index.contentErrors();
    const problem = await deps.store.problem();
    const repository = problem
      ? { ok: false, problem, message: new RepositoryBrokenError(problem).message }
      : { ok: true };
    res.setHeader('Cache-Control', 'no-store');
    const remote = deps.remote
      ? { ...deps.remote.sync.status(), primaryUrl: deps.remote.settings.primaryUrl }
      : null;
    const disk = await diskSpace(deps.store.dir, config.diskWarnMb);
    // Contact messages kept in private/ and the room set aside for them (CMS_MESSAGES_MAX_MB).
    const messages = await deps.messages.used();
    res.json({
      ok: errors.length === 0 && !problem,
      repository,
      remote,
      disk,
      messages,
      errors,
      // How hand edits and commits on the server are seen: folder watches, or polling alone.
      watcher: deps.watcher?.state() ?? null,
      // What the server still prepares after its start (search index, history…), and when it was done.
      background: deps.background.state(),
      subscribers: deps.hub.size,
    });
  });
  // No body parsing here: each route reads its body itself, after the checks that say it is wanted
  // (sign-in: a small one; writes: only once the session is checked), so strangers cannot make the
  // server read and parse megabytes.
  api.use(searchRoutes(deps, files.languages));
  api.use(contactRoutes(deps, () => files.pages));
  api.use(
    authRoutes(deps, {
      throttle: deps.signInThrottle,
      devices: new DeviceCookies(deps.sessionSecret),
      secure: config.trustProxy,
    }),
  );
  // Files stream to private/ (never to memory); a few uploads per person and in all at once.
  const uploads = uploadParser(uploadsDir(config.dataDir), (req) => req.user!.username);
  api.use(writeRoutes(deps, draftSites, uploads, files.languages));
  api.use(mediaLibraryRoutes(deps, draftSites, library, uploads));
  api.use(pageLinksRoutes(deps, draftSites));
  api.use(draftRoutes(deps));
  api.use(adminRoutes(deps, draftSites, lists));
  api.use(messageRoutes(deps));
  api.use(contentCheckRoutes(deps, draftSites));
  api.use(auditRoutes(deps));
  api.use(webhookRoutes(deps));
  api.use(accountRoutes(deps));
  api.use(tokenRoutes(deps));
  api.use(noticeRoutes(deps));
  api.use(translationRoutes(deps, files.languages, draftSites));
  api.use(spreadsheetRoutes(deps));
  api.use((_req, res) => sendError(res, 404, 'There is no such API call.'));
  app.use('/api', api);
  app.use('/media', mediaRoutes(files.media, files.variants));
  app.use(feedRoutes(deps));
  app.use(searchPageRoutes(deps, files));
  app.use(previewRoutes(deps, draftSites));
  if (files.web) app.use(adminPageRoutes(deps, files.web, lists), webAppRoutes(files));
  else
    app.use((_req, res) =>
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.'),
    );
  app.use(errorHandler(config.quiet));
  return app;
}

function errorHandler(quiet: boolean): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    if (res.headersSent) return res.end();
    // Our own errors carry plain words and their status, 5xx included (503 busy, 409 detached HEAD).
    if (err instanceof AppError) return sendError(res, err.status, err.message, err.fields, err.extra);
    // A full disk anywhere (private data, uploads' temporary files) is said plainly: nothing was kept.
    if (isDiskFull(err)) return sendError(res, 507, new DiskFullError().message);
    // Errors from the body parsers and multer: a status, and a message not meant for the site's users.
    const e = err as { status?: number; statusCode?: number; type?: string };
    const status = e.status ?? e.statusCode ?? 500;
    if (e.type === 'entity.too.large') return sendError(res, 413, 'What you sent is too large.');
    if (e.type === 'entity.parse.failed') return sendError(res, 400, 'The request body is not valid JSON.');
    if (status >= 400 && status < 500) {
      const message =
        status === 415
          ? 'This kind of request body cannot be read.'
          : 'The request could not be understood. Nothing was changed.';
      return sendError(res, status, message);
    }
    if (!quiet) console.error(err);
    sendError(res, 500, 'Something went wrong on the server. Nothing was changed; please try again.');
  };
}
