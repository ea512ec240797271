// What the drafts service tells of a draft (server/drafts/drafts.ts): the event open previews, the
// admin and the audit log hear, and the steps the people working on it are told of (server/notices/).
import type { AuditAction } from '../schema/auditEvent.ts';
import type { DraftAction } from '../schema/draftStates.ts';
import type { DraftRecord, Person } from './draftRecords.ts';

/**
 * What happened to a draft, for open previews, the admin and the audit log (never the public
 * streams). `audit`: a step the audit log keeps (who made, reviewed, published, shared it).
 */
export interface DraftEvent {
  id: string;
  kind: 'saved' | 'state' | 'comment' | 'share';
  audit?: {
    action: AuditAction;
    who: string;
    detail?: string;
    commit?: string;
    title: string;
    /** The token for scripts the step was taken with, by its name. */
    token?: string;
  };
  /** What people working on the draft are to be told of (server/notices/). */
  notices?: DraftNotice[];
}

/** A step someone is told of: who took it, and their words (a comment, why changes are asked for). */
export interface DraftNotice {
  kind: 'submitted' | 'comment' | 'changes' | 'approved' | 'published' | 'schedule-cancelled';
  by: Person;
  note?: string;
  /** changes: the step also called a scheduled publish off (its authors hear both in one notice). */
  calledOff?: boolean;
  /** schedule-cancelled: told only to whoever scheduled it (the authors had the step's own notice). */
  schedulerOnly?: boolean;
  /** schedule-cancelled: not called off by anyone, the publish failed at its time (`note`: why). */
  failed?: boolean;
}

/** The called-off schedule's notice, when this change called one off. */
export const calledOff = (before: DraftRecord, after: DraftRecord): DraftNotice[] =>
  before.publishAt && !after.publishAt && after.scheduleEnded
    ? [{ kind: 'schedule-cancelled', by: after.scheduleEnded.by, note: after.scheduleEnded.reason }]
    : [];

const STEP_NOTICE: Partial<Record<DraftAction, DraftNotice['kind']>> = {
  submit: 'submitted',
  approve: 'approved',
  'request-changes': 'changes',
};

/** What a review step tells: the step itself, and a schedule it called off. */
export function stepNotices(
  action: DraftAction,
  by: Person,
  note: string | undefined,
  before: DraftRecord,
  after: DraftRecord,
): DraftNotice[] {
  const step = STEP_NOTICE[action];
  const ended = calledOff(before, after);
  if (!step) return ended;
  const told: DraftNotice = { kind: step, by, ...(note ? { note } : {}) };
  // Asked for changes on a scheduled draft: one notice to its authors, and whoever scheduled it told.
  if (step === 'changes' && ended.length)
    return [{ ...told, calledOff: true }, ...ended.map((n) => ({ ...n, schedulerOnly: true }))];
  return [told, ...ended];
}
