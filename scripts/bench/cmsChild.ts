// Shared by the benchmarks that run the real server in a child process on a generated site: the
// starter site with N news items, the child's start (with extra staff accounts when asked), and its
// stop.
import { fork, type ChildProcess } from 'node:child_process';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config.ts';
import { newsFile } from './fixtures.ts';

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
