// The webhooks' one file in private/ (webhooks.json): the hooks with their secrets and latest tries,
// and the outbox of calls waiting for their (next) try. Written whole under its lock file, flushed and
// renamed (store/lockedRewrite.ts), so a kill -9 mid-write leaves the old file or the new one, never
// half of one; a restart finds the outbox and carries on.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { rewriteLocked } from '../store/lockedRewrite.ts';
import { isWebhookEvent, type WebhookDelivery, type WebhookEvent } from '../schema/webhooks.ts';

export interface StoredHook {
  id: string;
  url: string;
  events: WebhookEvent[];
  /** Signs each body; shown to the admin once, when the hook is added. */
  secret: string;
  created: string;
  createdBy: string;
  /** The latest tries, newest first. */
  deliveries: WebhookDelivery[];
}

/** One call waiting to be sent to one hook. */
export interface PendingCall {
  hookId: string;
  event: WebhookEvent;
  title: string;
  /** The exact body to send and sign. */
  body: string;
  /** Tries made so far. */
  tries: number;
  /** When the call was queued, and when its next try is due (ISO 8601). */
  queued: string;
  due: string;
}

export interface WebhookState {
  hooks: StoredHook[];
  outbox: PendingCall[];
  /** The id the next hook takes (ids are never used twice). */
  nextId: number;
}

export const WEBHOOKS_FILE = 'webhooks.json';

export const emptyState = (): WebhookState => ({ hooks: [], outbox: [], nextId: 1 });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The state in the file's text; what is not a hook or a call is left out (a hand edit gone wrong). */
export function parseState(text: string | undefined): WebhookState {
  if (!text) return emptyState();
  const raw: unknown = JSON.parse(text);
  if (!isObject(raw)) return emptyState();
  const hooks = (Array.isArray(raw.hooks) ? raw.hooks : []).filter(
    (h): h is StoredHook =>
      isObject(h) &&
      typeof h.id === 'string' &&
      typeof h.url === 'string' &&
      typeof h.secret === 'string' &&
      Array.isArray(h.events) &&
      h.events.every(isWebhookEvent),
  );
  for (const h of hooks) if (!Array.isArray(h.deliveries)) h.deliveries = [];
  const outbox = (Array.isArray(raw.outbox) ? raw.outbox : []).filter(
    (c): c is PendingCall =>
      isObject(c) &&
      typeof c.hookId === 'string' &&
      typeof c.body === 'string' &&
      typeof c.due === 'string' &&
      typeof c.tries === 'number',
  );
  const maxId = Math.max(0, ...hooks.map((h) => Number(h.id) || 0));
  const nextId = typeof raw.nextId === 'number' ? Math.max(raw.nextId, maxId + 1) : maxId + 1;
  return { hooks, outbox, nextId };
}

export class WebhookFile {
  readonly file: string;

  constructor(privateDir: string) {
    this.file = path.join(privateDir, WEBHOOKS_FILE);
  }

  async read(): Promise<WebhookState> {
    const text = await readFile(this.file, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return undefined;
      throw e;
    });
    try {
      return parseState(text);
    } catch (e) {
      // Written whole by the server, so only a hand edit gets here: say where, and keep the file.
      throw new Error(`${this.file} cannot be read (${(e as Error).message}); mend or remove it.`);
    }
  }

  /** Writes the state whole, under the file's lock. */
  async write(state: WebhookState): Promise<void> {
    await rewriteLocked(this.file, () => `${JSON.stringify(state, null, 2)}\n`);
  }
}
