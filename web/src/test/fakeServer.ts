// A stand-in for the server in component tests that must not start one: XMLHttpRequest (the admin's
// writes and uploads, with upload progress) and fetch (its reads) are answered by the test, request
// by request. `installFakeServer()` in a beforeEach puts both in place and gives back the way to
// take them out again (the window is shared by the files of a worker).

export interface FakeRequest {
  method: string;
  /** Path and query, as the page asked ('/api/media?media=url&shape=typed'). */
  url: string;
  body: unknown;
  /** Reports upload progress (XMLHttpRequest only), 0..1. */
  progress(fraction: number): void;
  /** Answers with a status, a JSON body and headers. */
  respond(status: number, json?: unknown, headers?: Record<string, string>): void;
}

class FakeXhr {
  static server: FakeServer;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string): string | null {
    return this.headers[name.toLowerCase()] ?? null;
  }
  send(body?: unknown) {
    FakeXhr.server.requests.push({
      method: this.method,
      url: this.url,
      body: typeof body === 'string' ? JSON.parse(body) : body,
      progress: (fraction) =>
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: fraction * 100,
          total: 100,
        } as ProgressEvent),
      respond: (status, json, headers = {}) => {
        this.status = status;
        this.responseText = json === undefined ? '' : JSON.stringify(json);
        this.headers = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
        this.upload.onload?.();
        this.onload?.();
      },
    });
  }
}

export class FakeServer {
  readonly requests: FakeRequest[] = [];

  /** The requests not answered yet whose address starts with `prefix` ('/api/media'). */
  to(prefix: string, method?: string): FakeRequest[] {
    return this.requests.filter((r) => r.url.startsWith(prefix) && (!method || r.method === method));
  }
}

/** Answers the page's XMLHttpRequest and fetch from the test; returns the server and the way back. */
export function installFakeServer(): { server: FakeServer; uninstall: () => void } {
  const server = new FakeServer();
  const realXhr = globalThis.XMLHttpRequest;
  const realFetch = globalThis.fetch;
  FakeXhr.server = server;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      server.requests.push({
        method: init?.method ?? 'GET',
        url: url.replace(/^https?:\/\/[^/]+/, ''),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
        progress: () => undefined,
        respond: (status, json) =>
          resolve(new Response(json === undefined ? null : JSON.stringify(json), { status })),
      });
    });
  return {
    server,
    uninstall: () => {
      globalThis.XMLHttpRequest = realXhr;
      globalThis.fetch = realFetch;
    },
  };
}
