// The shared read cache: one request per endpoint, refetch when /api/stream names it, refetch
// everything after a reconnect, keep old data when a refresh fails.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = 0;
  private handlers = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, h: (e: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), h]);
  }
  emit(type: string, data = '') {
    for (const h of this.handlers.get(type) ?? []) h({ data } as MessageEvent);
  }
  close() {
    this.readyState = 2;
  }
}

const calls: string[] = [];
let answers: Record<string, unknown> = {};
let failing = false;

beforeEach(() => {
  vi.resetModules();
  calls.length = 0;
  answers = { 'news.php': [{ id: '1' }], 'footer.php': { legal_notice: 'x' } };
  failing = false;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const endpoint = url.replace('/api/', '').split('?')[0]!;
      calls.push(endpoint);
      if (failing) return Promise.reject(new TypeError('network down'));
      return Promise.resolve(new Response(JSON.stringify(answers[endpoint]), { status: 200 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('resourceStore', () => {
  it('loads once for many readers and refetches only what the stream names', async () => {
    const store = await import('./resourceStore.ts');
    const un1 = store.subscribe('news.php', () => undefined);
    const un2 = store.subscribe('news.php', () => undefined);
    store.subscribe('footer.php', () => undefined);
    await settle();
    expect(calls.sort()).toEqual(['footer.php', 'news.php']);
    expect(store.getSnapshot('news.php').data).toEqual([{ id: '1' }]);
    expect(FakeEventSource.last?.url).toBe('/api/stream');

    calls.length = 0;
    answers['news.php'] = [{ id: '2' }];
    FakeEventSource.last!.emit('ready', '{"endpoints":[]}');
    FakeEventSource.last!.emit('change', '{"endpoints":["news.php"]}');
    await settle();
    expect(calls).toEqual(['news.php']);
    expect(store.getSnapshot('news.php').data).toEqual([{ id: '2' }]);
    un1();
    un2();
  });

  it("refetches a staff page read by its address when the stream names the pages' endpoints", async () => {
    // A change of the entity `pages` names the endpoints `pages` and `page_paths` (the read model's
    // endpointsFor); the page at an address is read as `pages?path=/x`.
    Object.assign(answers, { pages: [], page_paths: [], navigation: { header: [] } });
    const store = await import('./resourceStore.ts');
    for (const e of ['pages?path=/summer-camp', 'page_paths', 'navigation'])
      store.subscribe(e, () => undefined);
    await settle();
    calls.length = 0;
    FakeEventSource.last!.emit('change', '{"endpoints":["pages","page_paths"],"entities":["pages"]}');
    await settle();
    expect(calls.sort()).toEqual(['page_paths', 'pages']);
    calls.length = 0;
    FakeEventSource.last!.emit('change', '{"endpoints":["navigation"],"entities":["navigation"]}');
    await settle();
    expect(calls).toEqual(['navigation']);
  });

  it('refetches everything after the stream reconnects, and keeps old data when a refresh fails', async () => {
    const store = await import('./resourceStore.ts');
    store.subscribe('news.php', () => undefined);
    store.subscribe('footer.php', () => undefined);
    await settle();
    const es = FakeEventSource.last!;
    es.emit('ready');
    calls.length = 0;
    es.emit('error');
    es.emit('ready');
    await settle();
    expect(calls.sort()).toEqual(['footer.php', 'news.php']);

    failing = true;
    es.emit('change', '{"endpoints":["news.php"]}');
    await settle();
    const snap = store.getSnapshot('news.php');
    expect(snap.data).toEqual([{ id: '1' }]);
    expect(snap.error).toBeUndefined();
  });

  it('reports a failed first load so the page can offer a retry', async () => {
    failing = true;
    const store = await import('./resourceStore.ts');
    store.subscribe('news.php', () => undefined);
    await settle();
    expect(store.getSnapshot('news.php').error?.message).toBe('The server could not be reached');
    failing = false;
    store.load('news.php');
    await settle();
    expect(store.getSnapshot('news.php').data).toEqual([{ id: '1' }]);
  });
});
