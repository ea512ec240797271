// Shared by the benchmarks that run the real server in a child process on a generated site: the
// starter site with N news items, the child's start (with extra staff accounts when asked), its stop,
// and the server as npm start runs it taking over the site the child made.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config.ts';
import { newsFile } from './fixtures.ts';
import { startServer } from '../drill/serverProcess.ts';

export const BENCH_PASSWORD = 'benchmark password 123';

/** The starter site with `items` generated news items in place of its own. */
export async function newsStarter(dir: string, items: number): Promise<void> {
  await cp(path.join(PROJECT_ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  await cp(path.join(PROJECT_ROOT, 'media'), path.join(dir, 'media'), { recursive: true });
  await rm(path.join(dir, 'content', 'news'), { recursive: true, force: true });
  await mkdir(path.join(dir, 'content', 'news'));
  for (let id = 1; id <= items; id++)
    await writeFile(path.join(dir, 'content', 'news', `${id}.md`), newsFile(id));
}

/** In the child: starts the server; BENCH_USERS=n adds staff accounts user1…usern. */
export async function runCmsChild(host: string): Promise<void> {
  const { startServer } = await import('../../server/main.ts');
  const running = await startServer({
    dataDir: process.env.BENCH_DATA_DIR!,
    starterDir: process.env.BENCH_STARTER_DIR!,
    host,
    port: 0,
    quiet: true,
    watch: false,
    adminPassword: BENCH_PASSWORD,
    bcryptCost: 4,
  });
  for (let i = 1; i <= Number(process.env.BENCH_USERS ?? 0); i++)
    await running.deps.users.add({ username: `user${i}`, password: BENCH_PASSWORD, name: `User ${i}` });
  process.send!({ ready: running.url });
  process.on('message', (m: { stop?: boolean }) => {
    if (m.stop) void running.close().then(() => process.exit(0));
  });
}

/** Forks this benchmark's own file in a role; `ready` resolves with what the child sends first. */
export function startChild(file: string, role: string, env: Record<string, string> = {}) {
  const child = fork(file, [`--child=${role}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<string>((resolve, reject) => {
    child.once('message', (m: { ready: string }) => resolve(m.ready));
    child.once('exit', (code) => reject(new Error(`${role} exited early (${code})`)));
  });
  return { child, ready };
}

export const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.send({ stop: true });
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });

/** The CMS a benchmark measures, in a process of its own. */
export interface BenchCms {
  url: string;
  pid: number;
  /** From the start of its process until it answers, in ms. */
  startMs: number;
  stop(): Promise<void>;
}

/**
 * The CMS on a new data folder: the TypeScript server, in a child process forked from `file` in the
 * role 'cms' (which calls runCmsChild), makes the site from `starter` and adds BENCH_USERS accounts.
 * With `built`, that child then stops and the server as `npm start` runs it takes the folder over:
 * dist-server/index.js (the server's bundle is built again here, so it is the source as it is now)
 * with npm start's settings, the file watcher included.
 */
export async function startCms(
  file: string,
  options: { dataDir: string; starter: string; built: boolean; env?: Record<string, string> },
): Promise<BenchCms> {
  const started = performance.now();
  const cms = startChild(file, 'cms', {
    BENCH_DATA_DIR: options.dataDir,
    BENCH_STARTER_DIR: options.starter,
    ...options.env,
  });
  const url = await cms.ready;
  if (!options.built)
    return {
      url,
      pid: cms.child.pid!,
      startMs: performance.now() - started,
      stop: () => stopChild(cms.child),
    };
  await stopChild(cms.child);
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/server.ts'], {
    cwd: PROJECT_ROOT,
    stdio: 'ignore',
  });
  const built = await startServer(options.dataDir, { entry: 'built' });
  return { url: built.url, pid: built.pid, startMs: built.startMs, stop: () => built.stop() };
}
