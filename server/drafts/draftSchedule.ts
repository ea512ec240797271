// A draft's scheduled publish: one timer per scheduled draft (re-armed across the ~24 days setTimeout
// keeps), fired as the person who scheduled it with the role their account has when it fires. The
// publish itself is the one operation's (its approval asked again there); a publish that is refused
// ends the schedule and says why in the draft's history.
import { AppError } from '../schema/errors.ts';
import { isOpen, type DraftRecord, type DraftRecords, type Person } from './draftRecords.ts';
import { SYSTEM_PERSON, type Actor } from './draftWords.ts';
import type { Role } from '../schema/roles.ts';

/** Longest wait setTimeout keeps (about 24 days); later publish times are re-armed on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A person's account as it is now, for a scheduled publish: it runs as whoever scheduled it, with
 * the role they have when it fires. Undefined: no such account, or it is disabled.
 */
export type AccountOf = (username: string) => { name: string; email: string; role: Role } | undefined;

export interface ScheduleParts {
  records: DraftRecords;
  accountOf: AccountOf;
  publish(id: string, who: Actor): Promise<unknown>;
  /** A draft's scheduled publish failed (noted in its record): open admin pages and its people hear of it. */
  changed(id: string, failure: { by: Person; note: string }): void;
  log(message: string): void;
}

export class DraftSchedule {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly parts: ScheduleParts) {}

  arm(record: DraftRecord): void {
    this.disarm(record.id);
    const wait = Date.parse(record.publishAt!) - Date.now();
    const timer = setTimeout(() => void this.fire(record.id), Math.max(0, Math.min(wait, MAX_TIMER_MS)));
    timer.unref();
    this.timers.set(record.id, timer);
  }

  disarm(id: string): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /**
   * Runs now, as the clock would at `asOf` (ms since 1970), every armed publish whose time has come
   * by then, through the same steps as a timer that fires; resolves when they and their notes are
   * done. Tests use it instead of waiting for the clock.
   */
  async runDue(asOf: number): Promise<void> {
    const due = [...this.timers.keys()].filter((id) => {
      const at = this.parts.records.get(id)?.publishAt;
      return at !== undefined && Date.parse(at) <= asOf;
    });
    for (const id of due) this.disarm(id);
    await Promise.all(due.map((id) => this.fire(id, asOf)));
  }

  private async fire(id: string, asOf = Date.now()): Promise<void> {
    this.timers.delete(id);
    const { records } = this.parts;
    const log = (message: string) => this.parts.log(message);
    const now = records.get(id);
    if (!now?.publishAt || !isOpen(now.state)) return;
    if (Date.parse(now.publishAt) > asOf) {
      this.arm(now);
      return;
    }
    await this.publishScheduled(now).catch((e: Error) => {
      log(`The draft "${now.title}" could not be published at its time: ${e.message}`);
      return records
        .update(now.id, (r) => {
          delete r.publishAt;
          r.events.push({
            at: new Date().toISOString(),
            by: SYSTEM_PERSON,
            action: 'scheduled publishing failed',
            note: e.message,
          });
          return r;
        })
        .then(
          () => this.parts.changed(now.id, { by: SYSTEM_PERSON, note: e.message }),
          (failed: Error) => log(`Could not note that draft ${now.id} failed to publish: ${failed.message}`),
        );
    });
  }

  /**
   * A draft's time has come: it is published as the person who scheduled it, with the role their
   * account has now, and only with the approval the site asks for (the one operation asks both).
   */
  private async publishScheduled(record: DraftRecord): Promise<unknown> {
    const by = record.scheduledBy ?? record.events.findLast((e) => e.action === 'scheduled')?.by;
    const account = by && this.parts.accountOf(by.username);
    if (!by || !account)
      throw new AppError(
        403,
        'The person who scheduled it no longer has an account that can publish. Someone who can must publish it.',
      );
    return this.parts.publish(record.id, { username: by.username, ...account });
  }
}
