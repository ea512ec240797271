// Webhooks: the admins' list of addresses told of changes, and the outbox that calls them. `announce`
// queues a call for each hook that asked for the event and returns at once (a save never waits for
// a receiver). Calls go out in the background, signed with the hook's secret, each given
// `timeoutMs`; a failed one is tried again after the next wait of `retryDelaysMs` (the last wait
// repeats) until `giveUpAfterMs` after it was queued, then given up. Every try and its answer is kept
// with the hook (the latest MAX_DELIVERIES). The outbox is kept in private/ with the hooks
// (webhookFile.ts): a restart sends what was waiting; a call under way at a crash is sent again.
import { createHmac, randomBytes } from 'node:crypto';
import type { AuditEvent } from '../schema/auditEvent.ts';
import { AppError } from '../schema/errors.ts';
import { SerialQueue } from '../store/queue.ts';
import {
  isWebhookEvent,
  type WebhookAdded,
  type WebhookBody,
  type WebhookDelivery,
  type WebhookList,
} from '../schema/webhooks.ts';
import { checkWebhookAddress, type AddressRules } from './addressCheck.ts';
import { DeliveryFailed, postJson } from './postJson.ts';
import { bodyText } from './webhookEvents.ts';
import { WebhookFile, type PendingCall, type StoredHook, type WebhookState } from './webhookFile.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 1 min, 5 min, 30 min, 2 h, then every 6 h: tries for a day. */
export const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR];
export const GIVE_UP_AFTER_MS = 24 * HOUR;
export const TIMEOUT_MS = 5000;
/** The tries kept with each hook for the admin. */
export const MAX_DELIVERIES = 50;
/** Calls waiting at most (a receiver down for a day during a busy one): newer ones are not queued. */
export const MAX_WAITING = 1000;

/** The HMAC-SHA256 of the exact body under the secret, as sent in X-Signature-256. */
export const signatureOf = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export interface WebhooksOptions {
  rules: AddressRules;
  /** Writes adding and removing a hook to the audit log (never rejects). */
  record: (event: AuditEvent) => Promise<void>;
  log?: (message: string) => void;
  now?: () => Date;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
  giveUpAfterMs?: number;
  maxWaiting?: number;
}

export class Webhooks {
  private state: WebhookState = { hooks: [], outbox: [], nextId: 1 };
  private readonly file: WebhookFile;
  /** Every change of the state and its write, one at a time. */
  private readonly queue = new SerialQueue();
  private readonly inFlight = new Set<PendingCall>();
  private readonly sending = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly now: () => Date;
  private readonly log: (message: string) => void;

  constructor(
    privateDir: string,
    private readonly options: WebhooksOptions,
  ) {
    this.file = new WebhookFile(privateDir);
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? (() => undefined);
  }

  get allowPrivate(): boolean {
    return this.options.rules.allowPrivate;
  }

  /** Reads the hooks and the outbox, and sends what is due (what waited through a restart). */
  async start(): Promise<void> {
    this.state = await this.file.read();
    this.pump();
  }

  list(): WebhookList {
    return {
      allowPrivate: this.allowPrivate,
      hooks: this.state.hooks.map((h) => ({
        id: h.id,
        url: h.url,
        events: [...h.events],
        created: h.created,
        createdBy: h.createdBy,
        waiting: this.state.outbox.filter((c) => c.hookId === h.id).length,
        deliveries: h.deliveries.map((d) => ({ ...d })),
      })),
    };
  }

  /** Adds a hook once its address passes the check; answers its id and secret (shown once). */
  async add(input: { url: unknown; events: unknown }, who: string, address?: string): Promise<WebhookAdded> {
    const events = Array.isArray(input.events) ? [...new Set(input.events)] : [];
    if (!events.length || !events.every(isWebhookEvent))
      throw new AppError(400, 'Choose what the webhook is told of.', {
        events: 'Choose one or more of: published, saved, deleted, message.',
      });
    if (typeof input.url === 'string' && input.url.length > 2000)
      throw new AppError(400, 'This address is too long.', { url: 'At most 2,000 characters.' });
    const { url } = await checkWebhookAddress(
      typeof input.url === 'string' ? input.url : '',
      this.options.rules,
    );
    const secret = randomBytes(32).toString('hex');
    const hook = await this.change((s) => {
      const h: StoredHook = {
        id: String(s.nextId++),
        url: url.href,
        events,
        secret,
        created: this.now().toISOString(),
        createdBy: who,
        deliveries: [],
      };
      s.hooks.push(h);
      return h;
    });
    void this.options.record({
      action: 'webhook-add',
      who,
      ...(address ? { address } : {}),
      id: hook.id,
      detail: `${hook.url} (${events.join(', ')})`,
    });
    return { id: hook.id, secret };
  }

  async remove(id: string, who: string, address?: string): Promise<void> {
    const gone = await this.change((s) => {
      const hook = s.hooks.find((h) => h.id === id);
      if (!hook) return null;
      s.hooks = s.hooks.filter((h) => h !== hook);
      s.outbox = s.outbox.filter((c) => c.hookId !== id);
      return hook;
    });
    if (!gone) throw new AppError(404, 'There is no such webhook (it may have been removed already).');
    void this.options.record({
      action: 'webhook-remove',
      who,
      ...(address ? { address } : {}),
      id,
      detail: gone.url,
    });
  }

  /** Queues a call to every hook that asked for each body's event; never waits, never throws. */
  announce(bodies: readonly WebhookBody[]): void {
    if (this.closed || !bodies.length) return;
    const wanted = bodies.flatMap((b) =>
      this.state.hooks.filter((h) => h.events.includes(b.event)).map((h) => ({ h, b })),
    );
    if (!wanted.length) return;
    void this.change((s) => {
      const now = this.now().toISOString();
      for (const { h, b } of wanted) {
        if (!s.hooks.includes(h)) continue; // removed meanwhile
        if (s.outbox.length >= (this.options.maxWaiting ?? MAX_WAITING)) {
          this.note(h, {
            event: b.event,
            title: b.title,
            time: now,
            attempt: 0,
            status: null,
            ok: false,
            error: `not sent: more than ${this.options.maxWaiting ?? MAX_WAITING} calls were waiting`,
          });
          continue;
        }
        s.outbox.push({
          hookId: h.id,
          event: b.event,
          title: b.title,
          body: bodyText(b),
          tries: 0,
          queued: now,
          due: now,
        });
      }
    })
      .then(() => this.pump())
      .catch((e: Error) => this.log(`Webhook calls could not be queued: ${e.message}`));
  }

  /** Resolves once nothing is being written or sent (tests, a stop). */
  async idle(): Promise<void> {
    await this.queue.run(() => Promise.resolve());
    await Promise.allSettled([...this.sending]);
    await this.queue.run(() => Promise.resolve());
  }

  /** Stops sending; a call under way is given up to `waitMs` (it stays in the outbox, sent again next start). */
  async close(waitMs = 2000): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.sending]),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
    await this.queue.run(() => Promise.resolve());
  }

  /** Applies `fn` to the state and writes it, in the queue; on a failed write the state is read back. */
  private change<T>(fn: (s: WebhookState) => T): Promise<T> {
    return this.queue.run(async () => {
      const result = fn(this.state);
      try {
        await this.file.write(this.state);
      } catch (e) {
        this.state = await this.file.read().catch(() => this.state);
        throw e;
      }
      return result;
    });
  }

  private note(hook: StoredHook, delivery: WebhookDelivery): void {
    hook.deliveries.unshift(delivery);
    hook.deliveries.length = Math.min(hook.deliveries.length, MAX_DELIVERIES);
  }

  /** Sends every call that is due and not under way; then waits for the next one due. */
  private pump(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = this.now().getTime();
    let next = Infinity;
    for (const call of this.state.outbox) {
      if (this.inFlight.has(call)) continue;
      const due = Date.parse(call.due);
      if (due <= now) this.send(call);
      else next = Math.min(next, due);
    }
    if (next === Infinity) return;
    // setTimeout holds at most ~24.8 days; the waits here are hours.
    this.timer = setTimeout(() => this.pump(), Math.max(0, next - now));
    this.timer.unref();
  }

  private send(call: PendingCall): void {
    const hook = this.state.hooks.find((h) => h.id === call.hookId);
    if (!hook) return;
    this.inFlight.add(call);
    const attempt = call.tries + 1;
    const tried = postJson(hook.url, call.body, {
      headers: { 'x-signature-256': signatureOf(call.body, hook.secret), 'x-webhook-event': call.event },
      timeoutMs: this.options.timeoutMs ?? TIMEOUT_MS,
      rules: this.options.rules,
    }).then(
      (status) => ({ ok: true as const, status }),
      (e: unknown) => ({
        ok: false as const,
        status: e instanceof DeliveryFailed ? e.status : null,
        error: (e as Error).message,
      }),
    );
    const done = tried
      .then((outcome) => (this.closed ? undefined : this.settle(call, hook.id, attempt, outcome)))
      .catch((e: Error) => this.log(`A webhook's try could not be kept: ${e.message}`))
      .finally(() => {
        this.inFlight.delete(call);
        this.sending.delete(done);
        this.pump();
      });
    this.sending.add(done);
  }

  private settle(
    call: PendingCall,
    hookId: string,
    attempt: number,
    outcome: { ok: boolean; status: number | null; error?: string },
  ): Promise<void> {
    return this.change((s) => {
      const hook = s.hooks.find((h) => h.id === hookId);
      if (!hook || !s.outbox.includes(call)) return; // removed while it was being sent
      const now = this.now();
      const delivery: WebhookDelivery = {
        event: call.event,
        title: call.title,
        time: now.toISOString(),
        attempt,
        status: outcome.status,
        ok: outcome.ok,
        ...(outcome.error ? { error: outcome.error } : {}),
      };
      call.tries = attempt;
      const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
      const wait = delays[Math.min(attempt, delays.length) - 1];
      const nextDue = wait === undefined ? Infinity : now.getTime() + wait;
      const deadline = Date.parse(call.queued) + (this.options.giveUpAfterMs ?? GIVE_UP_AFTER_MS);
      if (outcome.ok || nextDue > deadline) {
        s.outbox = s.outbox.filter((c) => c !== call);
        if (!outcome.ok)
          delivery.error = `${outcome.error ?? 'failed'}; given up after ${attempt} ${attempt === 1 ? 'try' : 'tries'}`;
      } else {
        call.due = new Date(nextDue).toISOString();
        delivery.nextTry = call.due;
      }
      this.note(hook, delivery);
    });
  }
}
