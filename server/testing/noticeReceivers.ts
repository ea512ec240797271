// Real receivers for notices in tests, on loopback: an SMTP server (smtp-server) that keeps what it is
// sent, one that accepts connections and never says a word, and an HTTP webhook receiver whose
// answers a test sets.
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO: who the mail server was asked to deliver to. */
  from: string;
  to: string[];
  /** The authenticated user. */
  user: string | undefined;
  /** The message as sent, headers and body. */
  raw: string;
  /** The header lines, each unfolded onto one line. */
  headers: string[];
  /** The plain-text body, quoted-printable decoded. */
  text: string;
}

/** A plain-text message's header lines (unfolded) and its body (quoted-printable decoded). */
function parseMail(raw: string): { headers: string[]; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n(?=[ \t])/g, '');
  const headers = head.split('\r\n');
  let body = raw.slice(split + 4);
  if (headers.some((h) => /^Content-Transfer-Encoding: quoted-printable$/i.test(h))) {
    const escaped = body.replace(/%/g, '%25').replace(/=\r\n/g, '');
    body = decodeURIComponent(escaped.replace(/=([0-9A-F]{2})/gi, '%$1'));
  }
  return { headers, text: body.replace(/\r\n/g, '\n') };
}

export interface TestSmtp {
  url: (user?: string, password?: string) => string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

const portOf = (server: { address(): AddressInfo | string | null }) => (server.address() as AddressInfo).port;

/** An SMTP server on loopback without TLS that takes user `notices` with `password`. */
export async function startSmtp(password = 'smtp-secret'): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === 'notices' && auth.password === password) done(null, { user: auth.username });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw,
          ...parseMail(raw),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server.server);
  return {
    url: (user = 'notices', pass = password) => `smtp://${user}:${pass}@127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A "mail server" that accepts the connection and never greets: a try waits for its time-out. */
export async function startSilentSmtp(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://notices:x@127.0.0.1:${portOf(server)}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on loopback where nothing listens: connections are refused. */
export async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface WebhookCall {
  at: number;
  contentType: string | undefined;
  body: unknown;
  /** The bytes as received (what a signature covers) and the request's headers. */
  raw: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export interface TestWebhook {
  url: string;
  calls: WebhookCall[];
  /** The status of each answer, in order; once they run out, 204. */
  answers: number[];
  close(): Promise<void>;
}

export async function startWebhook(): Promise<TestWebhook> {
  const hook: Omit<TestWebhook, 'url' | 'close'> = { calls: [], answers: [] };
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = Buffer.concat(chunks).toString('utf8');
      }
      hook.calls.push({
        at: performance.now(),
        contentType: req.headers['content-type'],
        body,
        raw: Buffer.concat(chunks),
        headers: req.headers,
      });
      res.writeHead(hook.answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(hook, {
    url: `http://127.0.0.1:${portOf(server)}/hooks/secret-token`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
