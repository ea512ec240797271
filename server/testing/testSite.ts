// Test harness: the real server on a fresh temporary data directory, seeded from the starter site.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startServer, type RunningServer, type StartOptions } from '../main.ts';
import { keepStarterPdfTexts } from './starterPdfTexts.ts';

// Suites that start a site wait with it; those that start none import it from eventually.ts.
export { eventually } from './eventually.ts';

export const TEST_ADMIN = { username: 'admin', password: 'correct horse battery staple' };

export interface TestSite extends RunningServer {
  dataDir: string;
  siteDir: string;
  /** fetch against the server with the site's own Origin (writes need it) and the session cookie. */
  api(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  signIn(username?: string, password?: string): Promise<string>;
  signOut(): Promise<void>;
  cookie: string;
  /** Runs the git CLI in the site repository. */
  git(...args: string[]): string;
  stop(): Promise<void>;
}

export interface TestSiteOptions extends StartOptions {
  /** An existing data directory (a restart, a prepared site); by default a new one. */
  dataDir?: string;
  /** The server reads the starter's PDFs itself, as on a first start, instead of finding their
   *  text kept (server/testing/starterPdfTexts.ts): for suites about searching inside them. */
  readStarterPdfs?: boolean;
}

export async function startTestSite(options: TestSiteOptions = {}): Promise<TestSite> {
  const { readStarterPdfs = false, ...serverOptions } = options;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'cms-test-')));
  if (!readStarterPdfs) await keepStarterPdfTexts(dataDir);
  const running = await startServer({
    port: 0,
    host: '127.0.0.1',
    quiet: true,
    bcryptCost: 4,
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    ...serverOptions,
    dataDir,
  }).catch(async (e: unknown) => {
    // A server refused at start (a bad setting, on purpose) leaves no folder behind either.
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    throw e;
  });
  const site: TestSite = {
    ...running,
    dataDir,
    siteDir: path.join(dataDir, 'site'),
    cookie: '',
    async api(pathname, init = {}) {
      const headers = new Headers(init.headers);
      // The site's own origin: CMS_PUBLIC_URL's when set, as the origin check has it.
      const own = options.publicUrl ? new URL(options.publicUrl).origin : running.url;
      if (!headers.has('origin')) headers.set('origin', own);
      if (site.cookie && !headers.has('cookie')) headers.set('cookie', site.cookie);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return fetch(running.url + pathname, { ...init, headers, body, redirect: 'manual' });
    },
    async signIn(username = TEST_ADMIN.username, password = TEST_ADMIN.password) {
      const res = await site.api('/api/login.php', { method: 'POST', json: { username, password } });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      site.cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      return site.cookie;
    },
    async signOut() {
      await site.api('/api/logout.php', { method: 'POST' });
      site.cookie = '';
    },
    git(...args) {
      return execFileSync('git', args, { cwd: path.join(dataDir, 'site'), encoding: 'utf8' });
    },
    async stop() {
      await running.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return site;
}

/** Reads Server-Sent Events from a URL; `next()` resolves with the next data payload. */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: { event: string; data: string }[] = [];
  const waiters: ((m: { event: string; data: string }) => void)[] = [];
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let i: number;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const lines = block.split('\n');
          const data = lines
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (!data) continue;
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
          const msg = { event, data };
          const w = waiters.shift();
          if (w) w(msg);
          else queue.push(msg);
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    next(ms = 3000): Promise<{ event: string; data: string }> {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error('No event within the time allowed')), ms);
        waiters.push((m) => {
          clearTimeout(t);
          resolve(m);
        });
      });
    },
    close: () => controller.abort(),
  };
}
