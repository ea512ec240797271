// A real git smart-HTTP server on loopback for tests: git's own `git http-backend` behind a small
// node:http CGI bridge, with HTTP Basic sign-in, a switch that takes it "down", and a hook that runs
// after each push it accepts (as a forge sends its push webhooks).
import { execFileSync, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const BACKEND = path.join(
  execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim(),
  'git-http-backend',
);

export interface GitHttpServer {
  /** http://127.0.0.1:port/<name>.git, without credentials. */
  url(name: string): string;
  /** Creates an empty bare repository `<name>.git` under the root, on branch main. */
  createBare(name: string): string;
  /** While down, every request is answered 503 (the remote is unreachable for git). */
  down: boolean;
  /** Runs after each push the server accepted, with the repository's name. */
  onPush?: (name: string) => void;
  /** Requests answered, by kind: for tests that count fetches and pushes. */
  counts: { uploadPack: number; receivePack: number; refused: number };
  close(): Promise<void>;
}

export async function startGitHttpServer(
  root: string,
  auth: { username: string; password: string },
): Promise<GitHttpServer> {
  const expected = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  const counts = { uploadPack: 0, receivePack: 0, refused: 0 };
  const self: Partial<GitHttpServer> = { down: false, counts };
  const server: Server = createServer((req, res) => {
    if (self.down) {
      counts.refused++;
      res.writeHead(503).end('down for the test');
      return;
    }
    if (req.headers.authorization !== expected) {
      counts.refused++;
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end('sign in');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const isPush = url.pathname.endsWith('/git-receive-pack');
    if (isPush) counts.receivePack++;
    if (url.pathname.endsWith('/git-upload-pack')) counts.uploadPack++;
    cgi(req, url, root, auth.username).then(
      ({ status, headers, body }) => {
        res.writeHead(status, headers).end(body);
        if (isPush && status === 200 && self.onPush)
          self.onPush(url.pathname.split('/')[1]!.replace(/\.git$/, ''));
      },
      (e: Error) => res.writeHead(500).end(e.message),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(self, {
    url: (name: string) => `http://127.0.0.1:${port}/${name}.git`,
    createBare(name: string) {
      const dir = path.join(root, `${name}.git`);
      execFileSync('git', ['init', '-q', '--bare', '-b', 'main', dir]);
      execFileSync('git', ['config', 'http.receivepack', 'true'], { cwd: dir });
      return dir;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as GitHttpServer;
}

function cgi(
  req: IncomingMessage,
  url: URL,
  root: string,
  user: string,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      REMOTE_USER: user,
      REQUEST_METHOD: req.method,
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_ADDR: '127.0.0.1',
      GIT_CONFIG_NOSYSTEM: '1',
      HOME: root,
    };
    if (req.headers['content-encoding']) env.HTTP_CONTENT_ENCODING = req.headers['content-encoding'];
    if (req.headers['git-protocol']) env.GIT_PROTOCOL = req.headers['git-protocol'] as string;
    const child = spawn(BACKEND, [], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', () => undefined);
    child.on('error', reject);
    req.pipe(child.stdin);
    child.on('close', () => {
      const out = Buffer.concat(chunks);
      const end = out.indexOf('\r\n\r\n');
      const cut = end >= 0 ? end : out.indexOf('\n\n');
      const sep = end >= 0 ? 4 : 2;
      const head = out.subarray(0, cut).toString('latin1');
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.split(/\r?\n/)) {
        const i = line.indexOf(':');
        if (i < 0) continue;
        const name = line.slice(0, i).trim();
        const value = line.slice(i + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else headers[name] = value;
      }
      resolve({ status, headers, body: out.subarray(cut + sep) });
    });
  });
}
