// A minimal client for the site's API: the site's own Origin on every call (writes need it) and the
// session cookie from sign-in (or an accepted invite). Every call is bounded by a timeout.
import { ADMIN } from './serverProcess.ts';

export interface Answer {
  status: number;
  body: Record<string, unknown> | unknown[] | null;
  text: string;
}

export interface NewsItem {
  id: string;
  title: string;
}

const TIMEOUT_MS = 15_000;

export class SiteClient {
  private cookie = '';

  constructor(readonly url: string) {}

  /**
   * Rejects only when no complete answer arrived (refused, reset, timed out). A FormData body is sent
   * as multipart (uploads), anything else as JSON.
   */
  async call(method: string, pathname: string, body?: unknown): Promise<Answer> {
    const res = await this.fetch(method, pathname, body);
    const text = await res.text();
    // A session starts at a sign-in and at an accepted invite (the new account is signed in).
    const startsSession = pathname === '/api/login.php' || pathname.startsWith('/api/invites/');
    if (method === 'POST' && startsSession && res.ok) {
      this.cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }
    return { status: res.status, body: parseJson(text), text };
  }

  /** A file as served (GET), its bytes whole; rejects like `call`. */
  async bytes(pathname: string): Promise<{ status: number; bytes: Buffer }> {
    const res = await this.fetch('GET', pathname);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  private fetch(method: string, pathname: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { origin: this.url };
    if (this.cookie) headers.cookie = this.cookie;
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    return fetch(this.url + pathname, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  /** The same browser (its session cookie) talking to the server at another address (a restart). */
  at(url: string): SiteClient {
    const moved = new SiteClient(url);
    moved.cookie = this.cookie;
    return moved;
  }

  async signIn(person: { username: string; password: string } = ADMIN): Promise<void> {
    const res = await this.call('POST', '/api/login.php', person);
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.text.slice(0, 300)}`);
  }

  async news(): Promise<NewsItem[]> {
    const res = await this.call('GET', '/api/news.php');
    if (res.status !== 200 || !Array.isArray(res.body)) {
      throw new Error(`GET /api/news.php answered ${res.status}: ${res.text.slice(0, 300)}`);
    }
    return (res.body as Record<string, unknown>[]).map((n) => ({ id: String(n.id), title: String(n.title) }));
  }
}

function parseJson(text: string): Answer['body'] {
  try {
    return JSON.parse(text) as Answer['body'];
  } catch {
    return null;
  }
}
