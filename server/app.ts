// createApp builds the Express app from its parts; only server/main.ts listens.
import express, { type ErrorRequestHandler, type Request } from 'express';
import type { Config } from './config.ts';
import type { DataDirLock } from './dataDirLock.ts';
import type { GitStore } from './store/gitStore.ts';
import type { ContentIndex } from './content/contentIndex.ts';
import type { SiteWatcher } from './content/siteWatcher.ts';
import type { ReadModel } from './content/readModel.ts';
import type { PreparedCache } from './content/prepared.ts';
import type { UserStore } from './auth/users.ts';
import type { PrivateCollection } from './content/privateCollection.ts';
import type { ContentWriter } from './content/writer.ts';
import { currentUser, sessionMiddleware } from './auth/session.ts';
import { sameOriginOnly } from './auth/originCheck.ts';
import type { SseHub } from './routes/sseHub.ts';
import { readRoutes } from './routes/readRoutes.ts';
import { streamHandlers } from './routes/streamRoutes.ts';
import { mediaRoutes } from './routes/mediaRoutes.ts';
import { contactRoutes } from './routes/contactRoutes.ts';
import { authRoutes } from './routes/authRoutes.ts';
import { writeRoutes } from './routes/writeRoutes.ts';
import { adminRoutes } from './routes/adminRoutes.ts';
import { webAppRoutes } from './routes/webAppRoutes.ts';
import { adminPageRoutes } from './routes/adminPageRoutes.ts';
import { feedRoutes } from './routes/feedRoutes.ts';
import type { FeedAnswers } from './routes/feedAnswers.ts';
import { auditRoutes } from './routes/auditRoutes.ts';
import type { AuditLog } from './audit/auditLog.ts';
import type { RemoteSync } from './remote/remoteSync.ts';
import type { RemoteSettings } from './remote/remoteSettings.ts';
import { gitRoutes } from './routes/gitRoutes.ts';
import { searchRoutes } from './routes/searchRoutes.ts';
import { searchPageRoutes } from './routes/searchPageRoutes.ts';
import type { SiteSearch } from './search/siteSearch.ts';
import type { ScheduleClock } from './content/scheduleClock.ts';
import { replicaRefusesWrites } from './routes/replicaGuard.ts';
import { servedFiles, type ServedFiles } from './routes/servedFiles.ts';
import { API_HEADERS, securityMiddleware } from './routes/securityHeaders.ts';
import { AppError } from './errors.ts';
import { RepositoryBrokenError } from './store/storeErrors.ts';
import { sendError } from './routes/http.ts';
import { entities } from './schema/registry.ts';

export interface AppDeps {
  config: Config;
  store: GitStore;
  index: ContentIndex;
  /** Null when started without watching (benchmarks of the store alone). */
  watcher: SiteWatcher | null;
  model: ReadModel;
  cache: PreparedCache;
  users: UserStore;
  messages: PrivateCollection;
  hub: SseHub;
  writer: ContentWriter;
  /** sitemap.xml, robots.txt, the news feed and the events calendar, prepared per content change. */
  feeds: FeedAnswers;
  /** Append-only record of sign-ins, saves, user changes and pulls in private/ (server/audit/). */
  audit: AuditLog;
  sessionSecret: string;
  /** The git remote and its background sync (server/remote/); null without CMS_GIT_REMOTE. */
  remote: { settings: RemoteSettings; sync: RemoteSync } | null;
  /** Site search (server/search/), built in the background once the server listens. */
  search: SiteSearch;
  /** The timer that opens and closes "Show from" / "Show until" windows on time. */
  schedule: ScheduleClock;
  /** Held while the app runs: one server per data folder. */
  dataDirLock: DataDirLock;
}

/** `files`: the built web app and media in memory, shared with the fast path (server/main.ts). */
export function createApp(
  deps: AppDeps,
  files: ServedFiles = servedFiles(deps.config.distDir, deps.store, deps.index),
): express.Express {
  const { config, users } = deps;
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', 1);
  app.use(securityMiddleware());
  app.use(sessionMiddleware(deps.sessionSecret, config.trustProxy));

  const isSignedIn = (req: Request) => currentUser(req, users) !== null;
  const api = express.Router();
  api.use((_req, res, next) => {
    for (const [name, value] of API_HEADERS) res.setHeader(name, value);
    next();
  });
  // Before the same-origin check: forges post webhooks from elsewhere, signed with the shared secret.
  api.use(gitRoutes(deps.remote));
  api.use(sameOriginOnly);
  if (deps.remote?.settings.role === 'replica') api.use(replicaRefusesWrites(deps.remote.settings));
  // Public reads first: they are the hot path and need no body parsing.
  api.use(
    readRoutes({
      model: deps.model,
      cache: deps.cache,
      store: deps.store,
      isSignedIn,
      streams: streamHandlers(deps.hub, deps.model, deps.cache, isSignedIn),
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
    res.json({ ok: errors.length === 0 && !problem, repository, remote, errors, subscribers: deps.hub.size });
  });
  // No body parsing here: each route reads its body itself, after the checks that say it is wanted
  // (sign-in: a small one; writes: only once the session is checked), so strangers cannot make the
  // server read and parse megabytes.
  api.use(searchRoutes(deps.search, users));
  api.use(
    contactRoutes(
      deps.messages,
      () => deps.hub.notify(new Set([entities.contactMessage.name])),
      () => files.pages,
    ),
  );
  api.use(authRoutes(users, deps.audit));
  api.use(writeRoutes(deps));
  api.use(adminRoutes(deps));
  api.use(auditRoutes(deps));
  api.use((_req, res) => sendError(res, 404, 'There is no such API call.'));
  app.use('/api', api);
  app.use('/media', mediaRoutes(files.media, files.variants));
  app.use(feedRoutes(deps.feeds));
  app.use(searchPageRoutes(files, deps.search));
  if (files.web) app.use(adminPageRoutes(deps, files.web), webAppRoutes(files));
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
