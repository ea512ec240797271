// What createApp (server/app.ts) is built from. A module of its own so route files can name it
// without importing app.ts, which imports them.
import type { Config } from '../config.ts';
import type { DataDirLock } from '../dataDirLock.ts';
import type { GitStore } from '../store/gitStore.ts';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import type { ParseCache } from '../content/index/parseCache.ts';
import type { SiteWatcher } from '../content/watcher/siteWatcher.ts';
import type { ReadModel } from '../content/readModel/readModel.ts';
import type { PreparedCache } from './prepared.ts';
import type { BackgroundWork } from './backgroundWork.ts';
import type { UserStore } from '../accounts/users.ts';
import type { Accounts } from '../accounts/accounts.ts';
import type { PrivateCollection } from '../contact/privateCollection.ts';
import type { MessageNotices } from '../contact/messageNotices.ts';
import type { MessagesSeen } from '../contact/messagesSeen.ts';
import type { Webhooks } from '../webhooks/webhooks.ts';
import type { StaffNotices } from '../notices/staffNotices.ts';
import type { ContentWriter } from '../content/writer/writer.ts';
import type { SseHub } from './sseHub.ts';
import type { SignInThrottle } from './auth/throttle.ts';
import type { FeedAnswers } from './feedAnswers.ts';
import type { AuditLog } from '../audit/auditLog.ts';
import type { RemoteSync } from '../remote/remoteSync.ts';
import type { RemoteSettings } from '../remote/remoteSettings.ts';
import type { SiteSearch } from '../search/siteSearch.ts';
import type { ScheduleClock } from '../schedule/scheduleClock.ts';
import type { Drafts } from '../drafts/drafts.ts';
import type { FirstPagePictures } from '../pdf/firstPagePictures.ts';
import type { LoadRenderers } from './renderers.ts';

export interface AppDeps {
  config: Config;
  store: GitStore;
  index: ContentIndex;
  /** What the start parsed, kept in private/ for the next start; written once the server listens. */
  parseCache: ParseCache;
  /** What the server does after it listens, a slice at a time (search index, history, caches). */
  background: BackgroundWork;
  /** Null when started without watching (benchmarks of the store alone). */
  watcher: SiteWatcher | null;
  model: ReadModel;
  cache: PreparedCache;
  users: UserStore;
  /** Roles, sessions, invites, resets and two-step sign-in over `users`. */
  accounts: Accounts;
  messages: PrivateCollection;
  /** Notices of new messages by email and webhook, sent in the background (server/contact/). */
  notices: MessageNotices;
  /** The admins' webhooks and their outbox (server/webhooks/). */
  webhooks: Webhooks;
  /** Each person's notices (the admin's bell) and the ones they chose by email (server/notices/). */
  staffNotices: StaffNotices;
  /** How far each person has read the messages (the admin's count of new ones). */
  messagesSeen: MessagesSeen;
  hub: SseHub;
  writer: ContentWriter;
  /** Drafts, their review and publishing (server/drafts/); never seen by the public answers. */
  drafts: Drafts;
  /** sitemap.xml, robots.txt, the news feed and the events calendar, prepared per content change. */
  feeds: FeedAnswers;
  /** Append-only record of sign-ins, saves, user changes and pulls in private/ (server/audit/). */
  audit: AuditLog;
  sessionSecret: string;
  /** Failed sign-ins, counted per address, account and known browser; kept in private/. */
  signInThrottle: SignInThrottle;
  /** The git remote and its background sync (server/remote/); null without CMS_GIT_REMOTE. */
  remote: { settings: RemoteSettings; sync: RemoteSync } | null;
  /** Site search (server/search/), built in the background once the server listens. */
  search: SiteSearch;
  /** The timer that opens and closes "Show from" / "Show until" windows on time. */
  schedule: ScheduleClock;
  /** Pictures of a PDF's first page for saves that bring a paper's PDF alone (server/pdf/). */
  pictures: FirstPagePictures;
  /** The React renderers of the site's and the admin's pages (web/src/ssr/renderers.ts), loaded when first asked. */
  renderers: LoadRenderers;
  /** Held while the app runs: one server per data folder. */
  dataDirLock: DataDirLock;
}
