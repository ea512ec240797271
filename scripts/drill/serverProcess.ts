// The real server as a child process (from source through tsx, or as built) on a given data directory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { withTimeout } from './time.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN = { username: 'admin', password: 'crash-drill-admin-password' };

const START_TIMEOUT_MS = 60_000;
const EXIT_TIMEOUT_MS = 10_000;
const OUTPUT_KEPT = 16_000;
const READY = /The site is running at (http:\/\/\S+)/;

export interface ServerChild {
  url: string;
  pid: number;
  /** From spawn to the "running at" line. */
  startMs: number;
  /** The last lines the server printed (stdout and stderr), for error reports. */
  output(): string;
  /** SIGKILL, then wait for the process to be gone. */
  kill(): Promise<void>;
  /** SIGTERM (the server closes cleanly), SIGKILL if it does not exit in time. */
  stop(): Promise<void>;
}

/**
 * The arguments `npm start` gives node (package.json: `… && node <flags> dist-server/index.js`), so
 * that a built server here runs with the same flags as a real start.
 */
function startArgs(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const args = /&& node ((?:--\S+ )*dist-server\/index\.js)$/.exec(pkg.scripts.start ?? '')?.[1];
  if (!args)
    throw new Error(`npm start no longer ends in "node … dist-server/index.js": ${pkg.scripts.start}`);
  return args.split(' ');
}

/**
 * `source` runs server/index.ts through tsx; `built` runs dist-server/index.js (npm run build) with
 * npm start's flags, as `npm start` does.
 */
export async function startServer(
  dataDir: string,
  options: { entry?: 'source' | 'built'; env?: NodeJS.ProcessEnv } = {},
): Promise<ServerChild> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CMS_DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    CMS_ADMIN_USERNAME: ADMIN.username,
    CMS_ADMIN_PASSWORD: ADMIN.password,
    // The drill's webhooks call a closed port on loopback (webhookChanges.ts).
    CMS_WEBHOOKS_ALLOW_PRIVATE: '1',
    ...options.env,
  };
  // Settings that would change how the drill's plain-http client is answered.
  delete env.TRUST_PROXY;
  delete env.SESSION_SECRET;
  const started = performance.now();
  // BENCH_NODE_ARGS passes flags to the server's node only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const entry = options.entry === 'built' ? startArgs() : ['--import', 'tsx', 'server/index.ts'];
  const args = [...nodeArgs, ...entry];
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
  };
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;

  const ready = new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      keep(chunk);
      stdout += chunk.toString('utf8');
      const m = READY.exec(stdout);
      if (m) resolve(m[1]!);
    });
    child.once('error', reject);
    void exited.then(() => {
      reject(new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready`));
    });
  });

  const kill = async () => {
    if (alive()) child.kill('SIGKILL');
    await withTimeout(exited, EXIT_TIMEOUT_MS, `exit of server ${child.pid} after SIGKILL`);
  };
  try {
    const url = await withTimeout(ready, START_TIMEOUT_MS, 'server start');
    return {
      url,
      pid: child.pid!,
      startMs: performance.now() - started,
      output: () => output,
      kill,
      async stop() {
        if (alive()) child.kill('SIGTERM');
        await withTimeout(exited, EXIT_TIMEOUT_MS, 'server stop').catch(kill);
      },
    };
  } catch (e) {
    await kill().catch(() => undefined);
    throw new Error(`${(e as Error).message}; it printed:\n${output.slice(-2000)}`);
  }
}
