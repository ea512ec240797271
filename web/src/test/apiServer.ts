// A real HTTP server on loopback for component tests: the page (jsdom) is moved to its origin, so the
// admin's own fetch and XMLHttpRequest calls reach it as they reach the CMS in a browser. Each test
// says what the server answers; every request is recorded with its parsed JSON body. Or it passes
// every request on to a running CMS (`forwardTo`), signed in as a member of staff, and records it.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { followAddress } from '../admin/drafts/workingDraft.ts';
import { forgetAnswers } from '../lib/resourceStore.ts';

export interface SeenRequest {
  method: string;
  /** Path and query, e.g. `/api/news.php?id=3&media=url`. */
  url: string;
  body: unknown;
}

export interface Answer {
  status?: number;
  json: unknown;
}

/** The body as it came, for a handler that passes it on (an upload's multipart bytes). */
export interface SentBody {
  contentType: string;
  bytes: Buffer;
}

export type Handler = (req: SeenRequest, sent: SentBody) => Answer | Promise<Answer>;

export interface ApiServer {
  origin: string;
  requests: SeenRequest[];
  /** What the server answers from now on. */
  answer(handler: Handler): void;
  close(): Promise<void>;
}

/** A running CMS to pass requests on to, and the session cookie its staff member signed in with. */
export interface Upstream {
  url: string;
  cookie: string;
}

async function rawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function parsed(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Passes one request on to the CMS as the page's own (same origin, signed in); streams the answer. */
function forward(to: Upstream, req: IncomingMessage, body: Buffer, res: ServerResponse): void {
  const target = new URL(req.url ?? '/', to.url);
  const headers = { ...req.headers, host: target.host, origin: target.origin, cookie: to.cookie };
  delete headers.referer;
  const out = request(target, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, {
      ...answer.headers,
      'access-control-allow-origin': req.headers.origin ?? '*',
    });
    answer.pipe(res);
  });
  out.on('error', () => res.destroy());
  res.on('close', () => out.destroy());
  out.end(body);
}

/** Starts the server and points the page at it (`jsdom` is the environment's JSDOM instance). */
export async function startApiServer(options: { forwardTo?: Upstream } = {}): Promise<ApiServer> {
  let handler: Handler = () => ({ status: 404, json: { error: 'Not found' } });
  const requests: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    // jsdom keeps the page's first origin after `reconfigure`, so its XMLHttpRequest is cross-origin
    // here: allow it as the CMS's own origin would be allowed, preflight included.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
      });
      res.end();
      return;
    }
    void (async () => {
      const raw = await rawBody(req);
      const seen = { method: req.method ?? 'GET', url: req.url ?? '/', body: parsed(raw) };
      requests.push(seen);
      if (options.forwardTo) return forward(options.forwardTo, req, raw, res);
      const sent = { contentType: req.headers['content-type'] ?? '', bytes: raw };
      const { status = 200, json } = await handler(seen, sent);
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(json));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A new server is a new tab: nothing the files before this one read or chose in this worker's
  // window is kept (their answers, the draft they worked in).
  forgetAnswers();
  sessionStorage.clear();
  followAddress('');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (globalThis as unknown as { jsdom: { reconfigure(o: { url: string }): void } }).jsdom.reconfigure({
    url: `${origin}/admin/`,
  });
  return {
    origin,
    requests,
    answer: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
