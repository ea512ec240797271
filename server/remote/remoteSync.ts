// Keeps the site repository and its git remote together, in the background:
// - a primary pushes each new commit (a save never waits for the network), never forcing; when the
//   remote moved meanwhile, it fetches, merges (server/store: GitStore.integrate) and pushes again;
// - both roles fetch on a webhook and every CMS_GIT_PULL_INTERVAL; a primary merges what arrived, a
//   replica follows the remote exactly. Pulled files reach the index (and open pages) at once.
// Failures are retried with backoff (1 s, 2 s, 4 s … 5 min) and shown in plain words on /api/health
// and in the admin area. One sync runs at a time; requests made meanwhile fold into one more run.
import type { GitStore } from '../store/gitStore.ts';
import type { IntegrateResult } from '../store/integrateRemote.ts';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import type { AuditLog } from '../audit/auditLog.ts';
import { currentBranch } from '../store/refs.ts';
import { GitCommandError, plainReason, runGit } from './gitCli.ts';
import type { RemoteSettings, Role } from './remoteSettings.ts';
import { isCommitted } from '../content/changes.ts';

const MAX_BACKOFF_MS = 5 * 60_000;
export const TRACKING_PREFIX = 'refs/remotes/cms-remote/';

export interface RemoteStatus {
  role: Role;
  ok: boolean;
  /** Last time the remote was known to hold everything this server has (primary) or was followed (replica). */
  syncedAt: string | null;
  failingSince: string | null;
  /** Why the last attempt failed, in plain words. */
  problem: string | null;
  /** Commits here the remote does not have yet (primary). */
  waiting: boolean;
  /** The last merge in which both sides had changed the same files: the remote's versions were kept. */
  lastMerge: { at: string; commit: string; bothChanged: string[] } | null;
  /** One sentence for staff, e.g. "Backed up 2 minutes ago." */
  message: string;
}

type Reason = 'start' | 'interval' | 'push' | 'webhook';

class PushRejected extends Error {}

export class RemoteSync {
  private running: Promise<void> | null = null;
  private again: Reason | null = null;
  private failures = 0;
  private retryTimer?: NodeJS.Timeout;
  private intervalTimer?: NodeJS.Timeout;
  private closed = false;
  private syncedAt: Date | null = null;
  private failingSince: Date | null = null;
  private problem: string | null = null;
  private waiting = false;
  private lastMerge: RemoteStatus['lastMerge'] = null;
  private webhookCaller: string | undefined;
  /** Completed syncs, for tests that wait for one. */
  syncs = 0;

  constructor(
    private readonly store: GitStore,
    private readonly index: ContentIndex,
    private readonly remote: RemoteSettings,
    private readonly audit: AuditLog | null,
    private readonly log: (m: string) => void,
  ) {}

  start(): void {
    if (this.remote.role === 'primary')
      this.index.changes.on((change) => {
        if (isCommitted(change)) this.request('push');
      });
    if (this.remote.pullIntervalMs > 0) {
      this.intervalTimer = setInterval(() => this.request('interval'), this.remote.pullIntervalMs);
      this.intervalTimer.unref();
    }
    this.request('start');
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.intervalTimer);
    clearTimeout(this.retryTimer);
    await this.running?.catch(() => undefined);
  }

  /** A webhook said the remote moved: fetch now (the caller's address goes to the audit log). */
  pullNow(address?: string): void {
    this.webhookCaller = address;
    this.request('webhook');
  }

  /** Resolves when no sync is running or asked for (tests). */
  async settled(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  private request(reason: Reason): void {
    if (this.closed) return;
    if (this.running) {
      this.again = this.again === 'webhook' ? 'webhook' : reason;
      return;
    }
    // While failing, saves wait for the retry instead of hammering a remote that is down.
    if (this.retryTimer && reason === 'push') return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.running = this.run(reason).finally(() => {
      this.running = null;
      const next = this.again;
      this.again = null;
      if (next) this.request(next);
    });
  }

  private async run(reason: Reason): Promise<void> {
    try {
      await this.syncOnce(reason);
      this.failures = 0;
      this.failingSince = null;
      this.problem = null;
      this.syncedAt = new Date();
    } catch (e) {
      this.failures++;
      this.failingSince ??= new Date();
      this.problem = plainReason(e);
      const wait = Math.min(1000 * 2 ** (this.failures - 1), MAX_BACKOFF_MS);
      this.log(
        `Git remote: ${reason} failed (${this.failures} in a row), next try in ${Math.round(wait / 1000)} s: ` +
          `${e instanceof GitCommandError ? e.message : (e as Error).message}`,
      );
      if (!this.closed) {
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          this.request(reason === 'webhook' ? 'webhook' : 'interval');
        }, wait);
        this.retryTimer.unref();
      }
    } finally {
      this.syncs++;
    }
  }

  private async branch(): Promise<string> {
    const name = await currentBranch(this.store.gitdir);
    if (!name) throw new Error('the site repository is not on a branch (HEAD is detached)');
    return name;
  }

  private async syncOnce(reason: Reason): Promise<void> {
    const branch = await this.branch();
    for (let attempt = 1; ; attempt++) {
      const theirs = await this.fetch(branch);
      if (theirs) {
        const result = await this.store.integrate(theirs, (both) => this.mergeMessage(both), {
          follow: this.remote.role === 'replica',
        });
        await this.applied(result, reason);
      }
      if (this.remote.role === 'replica') return;
      const ours = await this.store.head();
      this.waiting = ours !== theirs;
      if (!ours || ours === theirs) return this.pushDrafts();
      try {
        await this.push(branch, ours);
        this.waiting = (await this.store.head()) !== ours;
        return await this.pushDrafts();
      } catch (e) {
        // The remote moved between our fetch and push: fetch, merge and push again.
        if (!(e instanceof PushRejected) || attempt === 3) throw e;
      }
    }
  }

  /** The remote branch's commit after a fetch, or null when the remote has no such branch yet. */
  private async fetch(branch: string): Promise<string | null> {
    const tracking = `${TRACKING_PREFIX}${branch}`;
    try {
      await runGit(this.remote, this.store.dir, [
        'fetch',
        '--no-tags',
        '--no-write-fetch-head',
        '--quiet',
        this.remote.url,
        `+refs/heads/${branch}:${tracking}`,
      ]);
    } catch (e) {
      if (e instanceof GitCommandError && /couldn't find remote ref/i.test(e.stderr)) return null;
      throw e;
    }
    const { stdout } = await runGit(this.remote, this.store.dir, [
      'rev-parse',
      '--verify',
      '--quiet',
      tracking,
    ]);
    return stdout.trim();
  }

  private async push(branch: string, oid: string): Promise<void> {
    try {
      await runGit(this.remote, this.store.dir, [
        'push',
        '--porcelain',
        '--quiet',
        this.remote.url,
        `${oid}:refs/heads/${branch}`,
      ]);
    } catch (e) {
      const text = e instanceof GitCommandError ? e.stderr : '';
      if (/\[rejected\]|non-fast-forward|fetch first|\(stale info\)/i.test(text))
        throw new PushRejected('the backup has changes this site has not seen');
      throw e;
    }
    await runGit(this.remote, this.store.dir, ['update-ref', `${TRACKING_PREFIX}${branch}`, oid]);
  }

  /**
   * Drafts' refs go to the remote as they are here (this server is the only one writing them): made,
   * moved or, once published or discarded, removed there too. A maintainer fetches them with
   * `git fetch origin 'refs/drafts/*:refs/drafts/*'`.
   */
  private async pushDrafts(): Promise<void> {
    if (!this.draftsChanged) return;
    this.draftsChanged = false;
    await runGit(this.remote, this.store.dir, [
      'push',
      '--porcelain',
      '--quiet',
      '--force',
      '--prune',
      this.remote.url,
      'refs/drafts/*:refs/drafts/*',
    ]).catch((e: unknown) => {
      this.draftsChanged = true; // tried again with the next sync
      throw e;
    });
  }

  /** Whether drafts changed since their refs were last pushed (true at start: pushed once). */
  private draftsChanged = true;

  /** Asks for a push soon (a draft saved, reviewed, published or discarded). */
  requestPush(): void {
    if (this.remote.role !== 'primary') return;
    this.draftsChanged = true;
    this.request('push');
  }

  private mergeMessage(bothChanged: string[]): string {
    const head = `Merge changes from ${this.remote.url}`;
    if (!bothChanged.length) return head;
    return (
      `${head}\n\nChanged both here and on the remote; the remote's version was kept, and this site's ` +
      `version stays in the history (the merge's first parent):\n${bothChanged.map((p) => `- ${p}`).join('\n')}\n`
    );
  }

  private async applied(result: IntegrateResult, reason: Reason): Promise<void> {
    if (result.kind === 'fast-forward' || result.kind === 'merge') {
      const site = result.paths.filter((p) => p.startsWith('content/') || p.startsWith('media/'));
      await this.index.refreshPaths(site);
      if (result.kind === 'merge' && result.bothChanged.length) {
        this.lastMerge = {
          at: new Date().toISOString(),
          commit: result.head,
          bothChanged: result.bothChanged,
        };
        this.log(
          `Git remote: merged ${result.head.slice(0, 7)}; both sides had changed ${result.bothChanged.join(', ')} ` +
            "(the remote's version was kept).",
        );
      }
    }
    if (reason === 'webhook') {
      const detail =
        result.kind === 'up-to-date' || result.kind === 'ahead'
          ? 'nothing new'
          : `${result.kind === 'merge' ? 'merged' : 'fast-forward'}: ${result.paths.length} file(s)` +
            (result.bothChanged.length ? `, remote version kept for ${result.bothChanged.join(', ')}` : '');
      await this.audit
        ?.record({
          action: 'webhook-pull',
          who: 'webhook',
          address: this.webhookCaller,
          commit: result.head,
          detail,
        })
        .catch((e: Error) => this.log(`Could not write the audit log: ${e.message}`));
    }
  }

  status(now = new Date()): RemoteStatus {
    const replica = this.remote.role === 'replica';
    const ok = this.problem === null;
    const ago = (d: Date) => {
      const s = Math.max(0, Math.round((now.getTime() - d.getTime()) / 1000));
      if (s < 60) return 'just now';
      const m = Math.round(s / 60);
      if (m < 60) return `${m} minute${m === 1 ? '' : 's'} ago`;
      const h = Math.round(m / 60);
      return h < 48 ? `${h} hour${h === 1 ? '' : 's'} ago` : `${Math.round(h / 24)} days ago`;
    };
    const at = (d: Date) =>
      d.toLocaleString('en-US', { hour: 'numeric', minute: '2-digit', month: 'short', day: 'numeric' });
    let message: string;
    if (!ok) {
      message =
        `${replica ? 'Could not follow the main site' : 'Could not reach the backup'} since ${at(this.failingSince!)}: ` +
        `${this.problem}. ${replica ? 'This copy keeps showing what it has.' : 'Saving still works; changes are sent when it is back.'}`;
    } else if (!this.syncedAt) {
      message = replica ? 'Following the main site…' : 'Backing up…';
    } else {
      message = replica
        ? `Up to date with the main site (checked ${ago(this.syncedAt)}).`
        : `Backed up ${ago(this.syncedAt)}.`;
    }
    return {
      role: this.remote.role,
      ok,
      syncedAt: this.syncedAt?.toISOString() ?? null,
      failingSince: this.failingSince?.toISOString() ?? null,
      problem: this.problem,
      waiting: this.waiting,
      lastMerge: this.lastMerge,
      message,
    };
  }
}
