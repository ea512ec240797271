// An EventSource for component tests in jsdom (which has none): it reads the server's real
// text/event-stream answer with fetch and hands each named event to its listeners as a browser does.
// Enough of the standard for web/src/lib/liveStream.ts: addEventListener, readyState, close, and a
// `ready` count so a test can wait until the stream is connected. A test file opts in with
// `installEventSource()`; others keep jsdom's no-stream behaviour.

type Listener = (event: MessageEvent<string>) => void;

export class TestEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every stream opened, newest last. */
  static readonly opened: TestEventSource[] = [];

  readyState = TestEventSource.CONNECTING;
  /** Events heard so far, by name. */
  readonly heard = new Map<string, number>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly controller = new AbortController();

  constructor(readonly url: string) {
    TestEventSource.opened.push(this);
    void this.read();
  }

  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = TestEventSource.CLOSED;
    this.controller.abort();
  }

  private dispatch(type: string, data: string): void {
    this.heard.set(type, (this.heard.get(type) ?? 0) + 1);
    for (const l of [...(this.listeners.get(type) ?? [])]) l({ data } as MessageEvent<string>);
  }

  private async read(): Promise<void> {
    try {
      const res = await fetch(this.url, {
        headers: { Accept: 'text/event-stream' },
        signal: this.controller.signal,
      });
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      this.readyState = TestEventSource.OPEN;
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let type = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) type = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length) this.dispatch(type, data.join('\n'));
        }
      }
    } catch {
      // Closed by the test, or the server went away.
    }
    if (this.readyState !== TestEventSource.CLOSED) {
      this.readyState = TestEventSource.CLOSED;
      this.dispatch('error', '');
    }
  }
}

/** Gives the page an EventSource (until the test file ends). */
export function installEventSource(): void {
  (globalThis as unknown as { EventSource: unknown }).EventSource = TestEventSource;
}
