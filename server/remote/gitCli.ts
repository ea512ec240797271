// Runs the git CLI against the site's remote: clone, fetch and push. isomorphic-git's push walks every
// object of the site for each push (10,000 items: seconds); git negotiates with the server and sends
// only what is new. Credentials reach git through its credential protocol, answered from this
// process's environment of the child only: never on a command line (visible in `ps`), never in
// .git/config, never in a message. The user's own git configuration is left out so that what runs
// here does not depend on the machine's settings.
import { spawn } from 'node:child_process';
import type { RemoteSettings } from './remoteSettings.ts';

const TIMEOUT_MS = 120_000;

export class GitCommandError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly code: number | null,
  ) {
    super(message);
  }
}

/** The credential helper: prints the pair git asks for, from variables only the child can see. */
const HELPER =
  '!f() { test "$1" = get && printf "username=%s\\npassword=%s\\n" "$CMS_REMOTE_USER" "$CMS_REMOTE_PASS"; }; f';

function environment(remote: RemoteSettings): NodeJS.ProcessEnv {
  const config: [string, string][] = [
    ['credential.helper', ''], // clears helpers from anywhere else
    ...(remote.credentials ? [['credential.helper', HELPER] as [string, string]] : []),
    ['gc.auto', '0'], // the server never stops for a repack mid-pull; maintainers run gc
    ['protocol.version', '2'],
    // A clone of an empty remote that names no branch starts on main, as a new site repository does.
    ['init.defaultBranch', 'main'],
  ];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C',
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'true',
    SSH_ASKPASS: 'true',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    // A connection that stalls (under 1 KB/s for 30 s) is given up rather than hanging a sync.
    GIT_HTTP_LOW_SPEED_LIMIT: '1000',
    GIT_HTTP_LOW_SPEED_TIME: '30',
    GIT_CONFIG_COUNT: String(config.length),
    ...Object.fromEntries(
      config.flatMap(([k, v], i) => [
        [`GIT_CONFIG_KEY_${i}`, k],
        [`GIT_CONFIG_VALUE_${i}`, v],
      ]),
    ),
  };
  for (const name of [
    'HTTPS_PROXY',
    'https_proxy',
    'HTTP_PROXY',
    'http_proxy',
    'NO_PROXY',
    'no_proxy',
    'GIT_SSL_CAINFO',
    'SSL_CERT_FILE',
  ]) {
    if (process.env[name]) env[name] = process.env[name];
  }
  if (remote.credentials) {
    env.CMS_REMOTE_USER = remote.credentials.username;
    env.CMS_REMOTE_PASS = remote.credentials.password;
  }
  return env;
}

/** Takes anything secret out of git's words before they are kept or shown. */
export function redact(text: string, remote: RemoteSettings): string {
  let out = text.replace(/(https?:\/\/)[^/@\s]*@/g, '$1');
  const secret = remote.credentials?.password;
  if (secret) out = out.split(secret).join('***');
  return out;
}

export interface GitRun {
  stdout: string;
  stderr: string;
}

/** Runs `git <args>` in `cwd`; rejects with GitCommandError (redacted stderr) on a non-zero exit. */
export function runGit(
  remote: RemoteSettings,
  cwd: string,
  args: string[],
  timeoutMs = TIMEOUT_MS,
): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, env: environment(remote), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-20_000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const why =
        e.code === 'ENOENT'
          ? 'git is not installed on this server (it is needed for CMS_GIT_REMOTE)'
          : e.message;
      reject(new GitCommandError(why, '', null));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve({ stdout, stderr });
      const clean = redact(stderr, remote).trim();
      const why = signal
        ? `git ${args[0]} took longer than ${timeoutMs / 1000} s and was stopped`
        : clean || `git ${args[0]} failed`;
      reject(new GitCommandError(why, clean, code));
    });
  });
}

/** git's failure in plain words for staff (the details stay in the server log). */
export function plainReason(e: unknown): string {
  const text = e instanceof GitCommandError ? e.stderr || e.message : String((e as Error)?.message ?? e);
  const rules: [RegExp, string][] = [
    [/returned error: 5\d\d/i, 'the backup server is not working right now'],
    [
      /could not resolve host|name or service not known|temporary failure in name resolution/i,
      "the backup's address could not be found",
    ],
    [/connection refused|failed to connect|couldn't connect/i, 'the backup server did not answer'],
    [/timed out|took longer than|operation too slow/i, 'the backup server took too long to answer'],
    [
      /authentication failed|401|403|could not read username|invalid username or password|permission denied/i,
      'the backup refused the sign-in (check CMS_GIT_TOKEN)',
    ],
    [/repository not found|not found|404/i, 'the backup repository was not found at that address'],
    [/ssl|certificate/i, "the backup server's certificate could not be checked"],
    [/not installed/i, 'git is not installed on this server'],
  ];
  for (const [pattern, words] of rules) if (pattern.test(text)) return words;
  const first = text.split('\n').find((l) => l.trim()) ?? 'unknown problem';
  return first.replace(/^(fatal|error):\s*/i, '').slice(0, 200);
}
