// Server-Sent Event subscribers: each gets its current state on connect and again on every change.
import type { Request, Response } from 'express';
import type { SavedItem } from '../schema/streamMessage.ts';

/**
 * What a change by this server wrote, item by item (null: deleted): an admin tab that made the save
 * already holds these versions, and need not fetch anything again.
 */
export interface ChangeDetail {
  saved?: SavedItem[];
}

interface Subscriber {
  res: Response;
  deps: string[] | 'all';
  render: (changed: ReadonlySet<string>, detail: ChangeDetail) => string | null;
  /**
   * Subscribers with the same key get the same message for a change: it is rendered once for them.
   * A function when what the subscriber may hear can change while it is open (a role changed).
   */
  key?: string | (() => string);
  /** The signed-in session that opened it: the stream ends when the session does. */
  session?: string;
  /** The signed-in person who opened it: their notices reach it (`tell`). */
  user?: string;
}

export class SseHub {
  private subscribers = new Set<Subscriber>();
  private heartbeat: NodeJS.Timeout;

  constructor(heartbeatMs = 20_000) {
    // Comments keep proxies from closing idle streams.
    this.heartbeat = setInterval(() => {
      for (const s of this.subscribers) s.res.write(': ping\n\n');
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.subscribers.size;
  }

  open(
    req: Request,
    res: Response,
    opts: {
      deps: string[] | 'all';
      initial: string;
      render: Subscriber['render'];
      key?: Subscriber['key'];
      session?: string;
      user?: string;
    },
  ): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    res.write(opts.initial);
    const sub: Subscriber = {
      res,
      deps: opts.deps,
      render: opts.render,
      key: opts.key,
      session: opts.session,
      user: opts.user?.toLowerCase(),
    };
    this.subscribers.add(sub);
    const drop = () => this.subscribers.delete(sub);
    req.on('close', drop);
    res.on('error', drop);
  }

  notify(changed: ReadonlySet<string>, detail: ChangeDetail = {}): void {
    const rendered = new Map<string, string | null>();
    for (const s of this.subscribers) {
      if (s.deps !== 'all' && !s.deps.some((d) => changed.has(d))) continue;
      let msg: string | null;
      const key = typeof s.key === 'function' ? s.key() : s.key;
      if (key === undefined) msg = s.render(changed, detail);
      else if (rendered.has(key)) msg = rendered.get(key)!;
      else rendered.set(key, (msg = s.render(changed, detail)));
      if (msg) s.res.write(msg);
    }
  }

  /** Sends each of these people's open streams their own message (`message(username)`, once each). */
  async tell(usernames: readonly string[], message: (username: string) => Promise<string>): Promise<void> {
    const wanted = new Set(usernames.map((u) => u.toLowerCase()));
    const made = new Map<string, Promise<string>>();
    for (const s of this.subscribers) {
      if (!s.user || !wanted.has(s.user)) continue;
      if (!made.has(s.user)) made.set(s.user, message(s.user));
      const text = await made.get(s.user)!;
      if (this.subscribers.has(s)) s.res.write(text);
    }
  }

  /** Ends the streams these sessions opened (signed out elsewhere, account disabled). */
  closeSessions(ids: readonly string[]): void {
    const ended = new Set(ids);
    for (const s of this.subscribers) {
      if (s.session === undefined || !ended.has(s.session)) continue;
      this.subscribers.delete(s);
      s.res.end();
    }
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const s of this.subscribers) s.res.end();
    this.subscribers.clear();
  }
}

export const sseData = (value: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(value)}\n\n`;
