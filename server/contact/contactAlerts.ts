// Notices about the contact form itself, for staff on the admin home: it is refusing messages because
// more came this hour than the site takes from everyone together (busy), or because the room set aside
// for kept messages is full (full). Each is raised by the first refusal — of the hour, or since the
// room filled — however many follow, so a flood makes one notice, one audit line and one word on the
// live stream, not one per message. Kept in memory, as the hour's counts are (contactLimiter.ts).
import type { AuditEvent } from '../schema/auditEvent.ts';
import { sizeInWords, type ContactAlert } from '../schema/messageNotices.ts';

type Busy = Extract<ContactAlert, { kind: 'busy' }>;
type Full = Extract<ContactAlert, { kind: 'full' }>;

export interface ContactAlertsOptions {
  /** Writes the notice to the audit log (never rejects). */
  record: (event: AuditEvent) => Promise<void>;
  /** Tells open admin pages that the alerts changed. */
  changed: () => void;
  now?: () => Date;
}

export class ContactAlerts {
  private busy: Busy | null = null;
  private full: Full | null = null;
  /** Tells open admin pages when the busy hour is over (the notice then goes by itself). */
  private hourOver: NodeJS.Timeout | null = null;
  private readonly now: () => Date;

  constructor(private readonly options: ContactAlertsOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** A message refused because the site has taken `limit` this hour; the hour is over at `until`. */
  refusedBusy(limit: number, until: Date): void {
    const now = this.now();
    if (this.busy && Date.parse(this.busy.until) > now.getTime()) {
      this.busy.refused++;
      return;
    }
    this.busy = { kind: 'busy', since: now.toISOString(), until: until.toISOString(), limit, refused: 1 };
    void this.options.record({
      action: 'contact-busy',
      entity: 'messages',
      detail: `the contact form is getting more messages than usual: it took ${limit} this hour, the most it takes, and refuses the rest until the hour is over`,
    });
    if (this.hourOver) clearTimeout(this.hourOver);
    this.hourOver = setTimeout(() => {
      this.hourOver = null;
      this.options.changed();
    }, until.getTime() - now.getTime());
    this.hourOver.unref();
    this.options.changed();
  }

  /** A message refused because the messages kept take `bytes` of the `maxBytes` set aside. */
  refusedFull(bytes: number, maxBytes: number): void {
    if (this.full) {
      this.full.refused++;
      return;
    }
    this.full = { kind: 'full', since: this.now().toISOString(), bytes, maxBytes, refused: 1 };
    void this.options.record({
      action: 'contact-full',
      entity: 'messages',
      detail: `the messages kept take ${sizeInWords(bytes)} of the ${sizeInWords(maxBytes)} set aside for them: new messages are refused until some are deleted`,
    });
    this.options.changed();
  }

  /** A message was deleted: there may be room again (the next refusal says so if not). */
  roomMade(): void {
    if (!this.full) return;
    this.full = null;
    this.options.changed();
  }

  /** The alerts in force now. */
  list(): ContactAlert[] {
    if (this.busy && Date.parse(this.busy.until) <= this.now().getTime()) this.busy = null;
    return [this.busy, this.full].filter((a) => a !== null).map((a) => ({ ...a }));
  }

  close(): void {
    if (this.hourOver) clearTimeout(this.hourOver);
    this.hourOver = null;
  }
}
