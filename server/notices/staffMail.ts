// Notices by email, for the kinds each person chose: queued and returned from at once (a save never
// waits for a mail server), gathered per person for `batchMs` from the first one (many notices within
// a minute make one email), then sent through the mail server the message notices use. Every email
// links to the admin and carries a one-click way to stop them (a link, and List-Unsubscribe for mail
// apps). A failed send is tried again once after a wait, then given up and logged.
import { oneLine } from '../contact/noticeText.ts';
import { sendThroughSmtp } from '../contact/noticeSenders.ts';
import type { NoticeSettings } from '../contact/noticeSettings.ts';

/** A minute: notices arriving together make one email. */
export const MAIL_BATCH_MS = 60_000;
/** A person's notices waiting for their email: past this, newer ones are left to the admin's bell. */
const MAX_WAITING = 50;

export interface MailedNotice {
  text: string;
  /** The admin address it leads to (made absolute with the site's address when known). */
  link: string;
}

export interface Recipient {
  username: string;
  email: string;
  /** The address of the one-click stop, or null when the site's address is not known. */
  stopUrl: string | null;
}

export interface StaffMailOptions {
  mail: NonNullable<NoticeSettings['email']>;
  timeoutMs: number;
  /** The site's address (CMS_PUBLIC_URL's origin), for absolute links; null: pages named in words. */
  origin: string | null;
  batchMs?: number;
  retryMs?: number;
  log?: (message: string) => void;
}

interface Batch {
  to: Recipient;
  notices: MailedNotice[];
  timer: NodeJS.Timeout;
}

export class StaffMail {
  private readonly batches = new Map<string, Batch>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  private readonly batchMs: number;
  private readonly retryMs: number;
  private readonly log: (message: string) => void;

  constructor(private readonly options: StaffMailOptions) {
    this.batchMs = options.batchMs ?? MAIL_BATCH_MS;
    this.retryMs = options.retryMs ?? 60_000;
    this.log = options.log ?? console.warn;
  }

  /** Adds a notice to the person's next email; never waits, never throws. */
  queue(to: Recipient, notice: MailedNotice): void {
    if (this.closed) return;
    const key = to.username.toLowerCase();
    const waiting = this.batches.get(key);
    if (waiting) {
      waiting.to = to;
      if (waiting.notices.length < MAX_WAITING) waiting.notices.push(notice);
      return;
    }
    const timer = setTimeout(() => this.flush(key), this.batchMs);
    timer.unref();
    this.batches.set(key, { to, notices: [notice], timer });
  }

  private flush(key: string): void {
    const batch = this.batches.get(key);
    if (!batch) return;
    this.batches.delete(key);
    const sent = this.sendWithRetry(batch).finally(() => this.inFlight.delete(sent));
    this.inFlight.add(sent);
  }

  private async sendWithRetry(batch: Batch): Promise<void> {
    for (const wait of [0, this.retryMs]) {
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait).unref());
      if (this.closed) return;
      try {
        return await this.send(batch);
      } catch (e) {
        this.log(
          `An email of ${batch.notices.length} notice(s) to ${batch.to.username} was not sent: ${(e as Error).message}`,
        );
      }
    }
  }

  private send({ to, notices }: Batch): Promise<void> {
    const { mail, timeoutMs } = this.options;
    return sendThroughSmtp(mail.url, timeoutMs, {
      from: mail.from,
      to: to.email,
      subject: this.subject(notices),
      text: this.text(to, notices),
      ...(to.stopUrl
        ? {
            list: { unsubscribe: { url: to.stopUrl, comment: 'Stop these emails' } },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
      envelope: { from: mail.from, to: [to.email] },
    });
  }

  private subject(notices: MailedNotice[]): string {
    if (notices.length === 1) return oneLine(notices[0]!.text, 160);
    return `${notices.length} updates from the website admin`;
  }

  private address(link: string): string {
    return this.options.origin ? `${this.options.origin}${link}` : `the admin page ${link}`;
  }

  private text(to: Recipient, notices: MailedNotice[]): string {
    const lines = notices.flatMap((n) => [`- ${oneLine(n.text, 400)}`, `  ${this.address(n.link)}`, '']);
    const admin = this.options.origin
      ? `Open the admin: ${this.options.origin}/admin`
      : 'Open the admin to see them.';
    const stop = to.stopUrl
      ? `Stop these emails: ${to.stopUrl}\nOr choose which ones you get on your account page: ${this.address('/admin/account')}`
      : 'To stop these emails, turn them off on your account page in the admin.';
    return [...lines, admin, '', stop, ''].join('\n');
  }

  /** Stops: notices still gathering are dropped (the admin's bell keeps them); sends under way get `waitMs`. */
  async close(waitMs = 2000): Promise<void> {
    this.closed = true;
    for (const b of this.batches.values()) clearTimeout(b.timer);
    this.batches.clear();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
  }
}
