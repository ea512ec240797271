// The outbox of notices of new contact messages. `announce` queues a notice for each channel that is
// set up and returns at once: the visitor's answer never waits for a mail server or a webhook. Each
// channel sends one notice at a time in the background; a failed try is tried again after the next
// wait of `retryDelaysMs`, and after the last one the notice is given up and written to the audit log.
// The status (where notices go, the last sent and the last failure) is what the admin home shows.
// Kept in memory: a restart forgets notices still waiting (the messages themselves are already kept).
// `alerts`: the notices about the form itself (refusing messages), shown on the admin home beside these.
import type { AuditEvent } from '../schema/auditEvent.ts';
import type { ChannelStatus, NoticeChannel, NoticeStatus } from '../schema/messageNotices.ts';
import { postWebhook, sendMail } from './noticeSenders.ts';
import { smtpServerName, type NoticeSettings } from './noticeSettings.ts';
import { ContactAlerts } from './contactAlerts.ts';
import type { NoticeMessage } from './noticeText.ts';

/** More notices than this waiting on one channel (a flood while it is down): newer ones are dropped. */
export const MAX_WAITING = 100;

interface Notice {
  message: NoticeMessage;
  adminUrl: string | null;
  /** Tries made so far. */
  tries: number;
}

interface Channel {
  name: NoticeChannel;
  send: (notice: Notice) => Promise<void>;
  status: ChannelStatus;
  /** Notices waiting for their (next) try, oldest first. */
  queue: Notice[];
  sending: boolean;
  /** The wait before the next retry, while one is pending. */
  timer: NodeJS.Timeout | null;
}

export interface MessageNoticesOptions {
  /** Writes a given-up notice to the audit log (never rejects). */
  record: (event: AuditEvent) => Promise<void>;
  now?: () => Date;
}

export class MessageNotices {
  private readonly channels: Channel[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly record: MessageNoticesOptions['record'];
  private readonly now: () => Date;
  private closed = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** The form refusing messages (too many this hour, no room left): one notice each, in the admin. */
  readonly alerts: ContactAlerts;

  constructor(
    private readonly settings: NoticeSettings,
    options: MessageNoticesOptions,
  ) {
    this.record = options.record;
    this.now = options.now ?? (() => new Date());
    this.alerts = new ContactAlerts({ record: this.record, changed: () => this.changed(), now: this.now });
    const { email, webhook, timeoutMs } = settings;
    if (email)
      this.channels.push(
        this.channel('email', `${email.to.join(', ')} (through ${smtpServerName(email.url)})`, (n) =>
          sendMail(email, timeoutMs, n.message, n.adminUrl),
        ),
      );
    if (webhook)
      this.channels.push(
        this.channel('webhook', new URL(webhook).origin, (n) =>
          postWebhook(webhook, timeoutMs, n.message, n.adminUrl),
        ),
      );
  }

  private channel(name: NoticeChannel, to: string, send: Channel['send']): Channel {
    return {
      name,
      send,
      status: { to, lastSent: null, lastFailure: null },
      queue: [],
      sending: false,
      timer: null,
    };
  }

  /** Whether any notice is sent at all. */
  get enabled(): boolean {
    return this.channels.length > 0;
  }

  /** Queues a notice of a kept message on every channel; never waits, never throws. */
  announce(message: NoticeMessage, adminUrl: string | null): void {
    if (this.closed) return;
    for (const c of this.channels) {
      if (c.queue.length >= MAX_WAITING) {
        this.failed(
          c,
          { message, adminUrl, tries: 0 },
          `more than ${MAX_WAITING} notices were waiting`,
          false,
        );
        continue;
      }
      c.queue.push({ message, adminUrl, tries: 0 });
      this.pump(c);
    }
    this.changed();
  }

  status(): NoticeStatus {
    const of = (name: NoticeChannel) => {
      const c = this.channels.find((x) => x.name === name);
      return c ? { ...c.status } : null;
    };
    return {
      email: of('email'),
      webhook: of('webhook'),
      waiting: this.channels.reduce((n, c) => n + c.queue.length, 0),
    };
  }

  /** Calls `listener` whenever the status changes (a notice queued, sent, failed). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Stops: no more tries. A try under way is given up to `waitMs` to end (a silent mail server would
   * hold a stop for the whole time-out); its outcome is not recorded either way.
   */
  async close(waitMs = 2000): Promise<void> {
    this.closed = true;
    this.alerts.close();
    for (const c of this.channels) if (c.timer) clearTimeout(c.timer);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
  }

  private changed(): void {
    for (const l of [...this.listeners]) l();
  }

  /** Sends the channel's oldest notice, unless one is being sent or waits for its retry. */
  private pump(c: Channel): void {
    if (this.closed || c.sending || c.timer || !c.queue.length) return;
    const notice = c.queue[0]!;
    c.sending = true;
    notice.tries++;
    const attempt = c.send(notice).then(
      () => {
        if (this.closed) return;
        c.queue.shift();
        c.status.lastSent = this.now().toISOString();
      },
      (e: Error) => {
        if (this.closed) return;
        const wait = this.settings.retryDelaysMs[notice.tries - 1];
        if (wait === undefined) {
          c.queue.shift();
          this.failed(c, notice, e.message, false);
        } else {
          this.failed(c, notice, e.message, true);
          c.timer = setTimeout(() => {
            c.timer = null;
            this.pump(c);
          }, wait);
          c.timer.unref();
        }
      },
    );
    const done = attempt.finally(() => {
      c.sending = false;
      this.inFlight.delete(done);
      if (this.closed) return;
      this.changed();
      this.pump(c);
    });
    this.inFlight.add(done);
  }

  private failed(c: Channel, notice: Notice, reason: string, retrying: boolean): void {
    c.status.lastFailure = { time: this.now().toISOString(), reason, retrying };
    if (retrying) return;
    const tries =
      notice.tries === 1 ? 'after one try' : notice.tries ? `after ${notice.tries} tries` : 'not tried';
    void this.record({
      action: 'notice-failed',
      entity: 'messages',
      id: notice.message.id,
      detail: `${c.name === 'email' ? `email to ${c.status.to}` : `webhook ${c.status.to}`}: ${reason} (${tries})`,
    });
  }
}
