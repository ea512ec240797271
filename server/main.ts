// Opens the site repository and private data, builds the app and listens.
import './tickShape.ts'; // first: before the start's garbage collections (see the file)
import { chmod, mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer, type RequestListener, type Server } from 'node:http';
import { configFromEnv, PROJECT_ROOT, starterFolders, type Config } from './config.ts';
import { requestsInFlight } from './http/requestsInFlight.ts';
import { GitStore } from './store/gitStore.ts';
import { removeTempFiles } from './store/durable.ts';
import { removeStaleUploads, uploadsDir } from './content/writer/uploadsDir.ts';
import { lockDataDir, type DataDirLock } from './dataDirLock.ts';
import { ContentIndex } from './content/index/contentIndex.ts';
import { SiteWatcher } from './content/watcher/siteWatcher.ts';
import { ParseCache } from './content/index/parseCache.ts';
import { ReadModel } from './content/readModel/readModel.ts';
import { PreparedCache } from './http/prepared.ts';
import { PrivateCollection } from './contact/privateCollection.ts';
import { MessageNotices } from './contact/messageNotices.ts';
import { MessagesSeen } from './contact/messagesSeen.ts';
import { MESSAGE_NOTICES_CHANGED } from './schema/messageNotices.ts';
import { ContentWriter } from './content/writer/writer.ts';
import { UserStore } from './accounts/users.ts';
import { Accounts } from './accounts/accounts.ts';
import { ensureFirstAdmin } from './accounts/firstAdmin.ts';
import { SESSION_LIFETIME_MS } from './http/auth/sessionKeys.ts';
import { loadSessionSecret } from './http/auth/sessionKeys.ts';
import { messagesPageUrl, noticeOf } from './http/contactNotice.ts';
import { SseHub, sseData, type ChangeDetail } from './http/sseHub.ts';
import { siteOriginSetting } from './http/siteOrigin.ts';
import { NOTIFICATIONS_EVENT } from './schema/noticeStream.ts';
import { entities, entityByName } from './schema/registry.ts';
import { isCommitted, type ContentChange } from './content/changes.ts';
import type { AppDeps } from './app.ts';
import { fastPath } from './http/fastPath.ts';
import { servedFiles, type ServedFiles } from './http/servedFiles.ts';
import { FeedAnswers } from './http/feedAnswers.ts';
import { SIGN_IN_LIMITS, SignInThrottle } from './http/auth/throttle.ts';
import { CONNECTION_TIMEOUTS, refusedBySize } from './http/connectionLimits.ts';
import { AuditLog } from './audit/auditLog.ts';
import { auditContentChanges, viaToken } from './audit/contentAudit.ts';
import { RemoteSync } from './remote/remoteSync.ts';
import { cloneIfMissing } from './remote/cloneSite.ts';
import { SiteSearch } from './search/siteSearch.ts';
import { ScheduleClock } from './schedule/scheduleClock.ts';
import { setSiteTimeZone } from './schema/siteTime.ts';
import { PdfTexts } from './search/pdfTexts.ts';
import { FirstPagePictures } from './pdf/firstPagePictures.ts';
import { Drafts } from './drafts/drafts.ts';
import { staffNoticesFor } from './notices/staffNoticesFor.ts';
import { RedirectAnswers } from './http/redirectAnswers.ts';
import { BackgroundWork } from './http/backgroundWork.ts';
import { limitHeapGrowth } from './heapGrowth.ts';
import type { LoadRenderers, Renderers } from './http/renderers.ts';
import { Webhooks } from './webhooks/webhooks.ts';
import { systemResolver } from './webhooks/addressCheck.ts';
import { webhookBodies } from './webhooks/webhookEvents.ts';

let renderers: Promise<Renderers> | undefined;
/**
 * The one import of web/ on the server (docs/architecture.md): the React renderers of the site's and
 * the admin's pages, its single entry module, loaded once when first asked (after the server listens).
 */
const loadRenderers: LoadRenderers = () => (renderers ??= import('../web/src/ssr/renderers.ts'));

export interface RunningServer {
  url: string;
  server: Server;
  deps: AppDeps;
  /** The built web app, media and the pages drawn from them (images' sizes read in the background). */
  files: ServedFiles;
  close(): Promise<void>;
}

export interface StartOptions extends Partial<Config> {
  /**
   * The file watcher: started before the server listens (true, the default: tests edit files right
   * away), after it listens ('after-listen': npm start, so the first answer does not wait for it),
   * or not at all (false: benchmarks of the store alone).
   */
  watch?: boolean | 'after-listen';
  /**
   * The server has its process to itself (npm start): once the start's work is done it may limit how
   * far V8 lets the heap grow (heapGrowth.ts), a setting of the whole process. Tests run many servers
   * in one worker beside everything else, so they leave it alone.
   */
  ownsProcess?: boolean;
}

/** Everything the app needs, opened on a data directory (creating the site repository if needed). */
export async function openSite(config: Config, watch: StartOptions['watch'] = true): Promise<AppDeps> {
  const privateDir = path.join(config.dataDir, 'private');
  await mkdir(privateDir, { recursive: true, mode: 0o700 });
  await chmod(privateDir, 0o700); // also when `npm run user` created it first
  // Before anything is read or repaired: no other server may be writing here.
  const dataDirLock = await lockDataDir(config.dataDir, privateDir);
  try {
    return await openLocked(config, privateDir, dataDirLock, watch);
  } catch (e) {
    await dataDirLock.release();
    throw e;
  }
}

async function openLocked(
  config: Config,
  privateDir: string,
  dataDirLock: DataDirLock,
  watch: StartOptions['watch'],
): Promise<AppDeps> {
  const log = config.quiet ? () => undefined : (m: string) => console.warn(m);
  // With a remote, a first start copies the site from it (a new primary, a replica, a restore).
  if (config.remote) await cloneIfMissing(config.remote, path.join(config.dataDir, 'site'), log);
  const { store, created } = await GitStore.open(path.join(config.dataDir, 'site'), {
    starter: starterFolders(config),
    log,
  });
  await removeTempFiles(privateDir);
  await removeStaleUploads(uploadsDir(config.dataDir));
  if (created) log(`Created the site repository at ${store.dir} from the starter content.`);
  // Before anything is parsed: stored times are read and written in the site's zone.
  setSiteTimeZone(config.timeZone);
  const index = new ContentIndex(store, log);
  const parseCache = new ParseCache(path.join(privateDir, 'parse-cache.json'), PROJECT_ROOT);
  const started = performance.now();
  const loaded = await index.load(parseCache);
  log(
    `Loaded ${loaded.files.toLocaleString('en-US')} content files in ${((performance.now() - started) / 1000).toFixed(2)} s ` +
      `(${loaded.parsed.toLocaleString('en-US')} parsed, the rest from the parse cache).`,
  );
  const watcher = watch ? new SiteWatcher(store, index, log) : null;
  await watcher?.baseline(); // what changes from here on is caught, even before the watcher is up
  if (watch === true) await watcher?.start();
  const model = new ReadModel(index, store);
  const cache = new PreparedCache();
  const hub = new SseHub(config.heartbeatMs);
  index.changes.on(({ entities: changed }) => cache.invalidate(changed));
  index.changes.on((change) => {
    if (!change.entities.size) return;
    const detail = streamDetail(index, change);
    // Open pages hear of it right after the save's own answer is on its way, not before: by then
    // every cache has heard of it too, whichever subscribed first.
    setImmediate(() => hub.notify(change.entities, detail));
  });
  const schedule = new ScheduleClock(index);
  const audit = new AuditLog(privateDir);
  auditContentChanges(index.changes, audit);
  const notices = new MessageNotices(config.notices, { record: (event) => audit.record(event) });
  // A visitor's message kept: a notice by email or webhook, from the outbox (never holding the answer),
  // after open admin pages have heard of the message itself (they hear of the notices' status next).
  index.changes.on((change) => {
    if (change.kind !== 'message') return;
    const notice = noticeOf(change.ids[0]!, change.message);
    setImmediate(() => notices.announce(notice, messagesPageUrl(config)));
  });
  // Admins' webhooks hear of the live site's changes and of messages arriving, from their outbox.
  const webhooks = new Webhooks(privateDir, {
    rules: { allowPrivate: config.webhooksAllowPrivate, resolve: systemResolver },
    record: (event) => audit.record(event),
    log,
    ...(config.webhookRetryDelaysMs ? { retryDelaysMs: config.webhookRetryDelaysMs } : {}),
  });
  await webhooks.start();
  const webhookOrigin = siteOriginSetting(config.publicUrl);
  index.changes.on((change) => {
    const bodies = webhookBodies(change, index, webhookOrigin, new Date());
    if (bodies.length) setImmediate(() => webhooks.announce(bodies));
  });
  // Staff who read messages see a notice fail (or go through after all) as it happens.
  notices.onChange(() => hub.notify(new Set([MESSAGE_NOTICES_CHANGED])));
  if (notices.enabled && !config.publicUrl)
    log(
      'Notices of new messages name the admin’s Messages page without a link: set CMS_PUBLIC_URL (the site’s address) for a link to it.',
    );
  const remote = config.remote
    ? { settings: config.remote, sync: new RemoteSync(store, index, config.remote, audit, log) }
    : null;
  remote?.sync.start();
  const users = await new UserStore(path.join(privateDir, 'users.json'), config.bcryptCost).load();
  await ensureFirstAdmin(users, config, log);
  const accounts = await Accounts.open({
    users,
    privateDir,
    sessionLifetimeMs: SESSION_LIFETIME_MS,
    record: (event) => audit.record(event),
    issuer: `CMS ${URL.canParse(config.publicUrl ?? '') ? new URL(config.publicUrl!).host : 'staff'}`,
  });
  // A session that ends (signed out from elsewhere, account disabled) closes its open streams at once.
  accounts.sessions.onEnded((ids) => hub.closeSessions(ids));
  // `npm run user -- remove|passwd|role` ends the person's sessions and streams while the server runs.
  accounts.watchUsersFile();
  // A paper saved with its PDF and no picture gets one drawn from the PDF's first page, before its save.
  const pictures = new FirstPagePictures(uploadsDir(config.dataDir));
  const writer = new ContentWriter(store, index, {
    prepare: (def, uploads, current) => pictures.add(def, uploads, current),
  });
  // A scheduled publish runs as the person who scheduled it, with the role they have when it fires.
  const accountOf = (username: string) => {
    const user = users.get(username);
    return user && !user.disabled ? { name: user.name, email: user.email, role: user.role } : undefined;
  };
  const drafts = new Drafts(store, index, writer, privateDir, log, accountOf);
  await drafts.start();
  const sessionSecret = await loadSessionSecret(
    path.join(privateDir, 'session-secret'),
    config.sessionSecret,
  );
  const staffNotices = staffNoticesFor(config, {
    privateDir,
    users,
    secret: sessionSecret,
    origin: siteOriginSetting(config.publicUrl),
    tell: (usernames, unreadOf) =>
      hub.tell(usernames, async (u) => sseData({ unread: await unreadOf(u) }, NOTIFICATIONS_EVENT)),
    log,
  });
  // Steps taken on drafts, invites used, visitors' messages: each person they concern is told.
  drafts.onChange((event) => {
    if (event.notices?.length) staffNotices.fromDraft(event, drafts.get(event.id));
  });
  accounts.team.onInviteUsed((joined, maker) => staffNotices.inviteUsed(joined, maker));
  index.changes.on((change) => {
    if (change.kind !== 'message') return;
    const name = change.message.name;
    const from = typeof name === 'string' ? name : '';
    setImmediate(() => staffNotices.message(from, entities.contactMessage.admin.route));
  });
  // Drafts' refs travel to the remote with the branch.
  drafts.onChange(() => remote?.sync.requestPush());
  // Drafts made, reviewed, published, discarded and shared: in the audit log with who and when.
  drafts.onChange(({ id, audit: step }) => {
    if (!step) return;
    const words = `“${step.title}”${step.detail ? `: ${step.detail}` : ''}`;
    const event = { action: step.action, who: step.who, id, detail: words };
    void audit.record(viaToken(step.commit ? { ...event, commit: step.commit } : event, step));
  });
  return {
    config,
    store,
    index,
    parseCache,
    background: new BackgroundWork(log),
    watcher,
    model,
    cache,
    hub,
    users,
    accounts,
    dataDirLock,
    schedule,
    messages: new PrivateCollection(privateDir, entities.contactMessage, config.messagesMaxBytes),
    notices,
    webhooks,
    messagesSeen: new MessagesSeen(privateDir),
    writer,
    drafts,
    feeds: new FeedAnswers(index, {
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
      timeZone: config.timeZone,
    }),
    audit,
    remote,
    pictures,
    search: new SiteSearch(
      index,
      new PdfTexts(path.join(privateDir, 'pdf-text'), (rel) => store.read(rel), log),
    ),
    sessionSecret,
    staffNotices,
    signInThrottle: new SignInThrottle(SIGN_IN_LIMITS, path.join(privateDir, 'sign-in-throttle.json')),
    renderers: loadRenderers,
  };
}

/** The versions a change of this server wrote, read from the index as it holds them now. */
function streamDetail(index: ContentIndex, change: ContentChange): ChangeDetail {
  if (!isCommitted(change) || change.kind === 'media') return {};
  const items =
    change.kind === 'published' || change.kind === 'imported'
      ? change.items.map(({ entity, id }) => ({ entity, ids: [id] }))
      : [{ entity: change.entity, ids: change.ids }, ...(change.carried ?? [])];
  return {
    saved: items.flatMap(({ entity, ids }) => {
      const def = entityByName.get(entity)!;
      return ids.map((id) => ({ entity, id, version: index.get(def, id)?.version ?? null }));
    }),
  };
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const { watch = true, ownsProcess = false, ...overrides } = options;
  const config: Config = {
    ...configFromEnv(),
    ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)),
  };
  const deps = await openSite(config, watch);
  const { background } = deps;
  const files = servedFiles(config.distDir, deps.store, deps.index, deps.renderers, {
    background,
    model: deps.model,
    cache: deps.cache,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    abouts: deps.writer.abouts,
  });
  // Public reads with a prepared answer skip Express entirely (server/http/fastPath.ts), so the
  // server answers them while Express and the other routes are still loading (about 0.4 s).
  const fast = fastPath({
    model: deps.model,
    cache: deps.cache,
    files,
    feeds: deps.feeds,
    redirects: new RedirectAnswers(deps.index),
  });
  let app: RequestListener | null = null;
  let loadingApp: Promise<RequestListener> | null = null;
  // In the background after listening, or at once when a request needs it first.
  const appReady = () =>
    (loadingApp ??= import('./app.ts').then(({ createApp }) => {
      app = createApp(deps, files);
      return app;
    }));
  const server = createServer(CONNECTION_TIMEOUTS, (req, res) => {
    background.sawRequest();
    if (refusedBySize(req, res)) return;
    if (fast(req, res)) return;
    if (app) return app(req, res);
    appReady().then(
      (ready) => ready(req, res),
      (e: Error) => {
        console.error(e);
        res
          .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end('The server could not start its routes.');
      },
    );
  });
  const inFlight = requestsInFlight(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  // After listening, one task at a time and a slice at a time: the first answers wait for none of them.
  void background.add('the admin’s routes', () => appReady().then(() => undefined));
  void background.add('the parse cache', (turn) => deps.parseCache.save(turn));
  if (watch === 'after-listen')
    void background.add('the file watcher', async () => {
      await deps.watcher
        ?.start()
        .catch((e: Error) => console.error(`The file watcher did not start: ${e.message}`));
    });
  void background.add('the search index', (turn) => deps.search.start(turn));
  void background.add('the history of every file', (turn) => deps.store.warmHistory(turn));
  if (ownsProcess) void background.add('the memory’s growth limit', () => Promise.resolve(limitHeapGrowth()));
  return {
    url,
    server,
    deps,
    files,
    async close() {
      const backgroundStopped = background.close(); // no task starts now; the one running ends below
      deps.schedule.close();
      deps.drafts.stop();
      deps.hub.close();
      await inFlight.finish(); // the requests being answered end before what they write to closes
      await deps.notices.close(); // a notice being sent gets a moment to finish
      await deps.webhooks.close(); // so does a webhook's call (it stays in the outbox either way)
      await deps.staffNotices.close();
      await deps.search.close(); // a PDF's text being kept in private/ is finished first
      await deps.pictures.close();
      await backgroundStopped;
      // So that the next start finds it, even after a stop before its turn came (nothing to do if kept).
      await deps.parseCache.save().catch(() => undefined);
      await deps.remote?.sync.close();
      await deps.watcher?.close();
      await deps.store.idle();
      // What the last requests and the start left to write in private/: failed sign-in counts, audit
      // records (both written after the answer).
      await Promise.all([deps.signInThrottle.flushed(), deps.accounts.close(), deps.audit.idle()]);
      await deps.dataDirLock.release();
    },
  };
}
