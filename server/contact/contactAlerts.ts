// Notices about the contact form itself, for staff on the admin home: it is refusing messages because
// more came this hour than the site takes from everyone together (busy). Raised by the hour's first
// refusal, however many follow, so a flood makes one notice, one audit line and one word on the live
// stream, not one per message. Kept in memory, as the hour's counts are (contactLimiter.ts).
import type { AuditEvent } from '../schema/auditEvent.ts';
import type { ContactAlert } from '../schema/messageNotices.ts';

type Busy = Extract<ContactAlert, { kind: 'busy' }>;

export interface ContactAlertsOptions {
  /** Writes the notice to the audit log (never rejects). */
  record: (event: AuditEvent) => Promise<void>;
  /** Tells open admin pages that the alerts changed. */
  changed: () => void;
  now?: () => Date;
}

export class ContactAlerts {
  private busy: Busy | null = null;
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

  /** The alerts in force now. */
  list(): ContactAlert[] {
    if (this.busy && Date.parse(this.busy.until) <= this.now().getTime()) this.busy = null;
    return this.busy ? [{ ...this.busy }] : [];
  }

  close(): void {
    if (this.hourOver) clearTimeout(this.hourOver);
    this.hourOver = null;
  }
}
