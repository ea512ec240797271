// What each step does to a draft's record (server/drafts/draftRecords.ts): a step of review, and a
// save into it, which withdraws an approval and calls a scheduled publish off.
import type { DraftAction } from '../schema/draftStates.ts';
import type { DraftRecord, Person } from './draftRecords.ts';
import { endSchedule, EVENT_WORDS } from './draftWords.ts';

/** A review step taken by `by` (publish is the operation's; its record is written by drafts.ts). */
export function recordStep(
  r: DraftRecord,
  action: DraftAction,
  by: Person,
  note: string | undefined,
  publishAt: string | undefined,
): DraftRecord {
  const at = new Date().toISOString();
  r.updatedAt = at;
  r.events.push({ at, by, action: EVENT_WORDS[action], ...(note ? { note } : {}) });
  if (note && action === 'request-changes') r.comments.push({ at, by, text: note });
  if (action === 'submit') r.state = 'in-review';
  if (action === 'approve') {
    r.state = 'approved';
    r.approvedBy = by;
  }
  if (action === 'request-changes') {
    r.state = 'changes-requested';
    delete r.approvedBy;
    endSchedule(r, by, `${by.name} asked for changes${note ? `: ${note}` : '.'}`);
  }
  if (action === 'discard') {
    r.state = 'discarded';
    delete r.publishAt;
  }
  if (publishAt) {
    r.publishAt = publishAt;
    r.scheduledBy = by;
    delete r.scheduleEnded;
  }
  return r;
}

/** A save into the draft by `by`: they are one of its authors, and an approval no longer holds. */
export function recordSave(r: DraftRecord, by: Person): DraftRecord {
  if (!r.authors.some((a) => a.username === by.username)) r.authors.push(by);
  r.updatedAt = new Date().toISOString();
  if (r.state === 'approved') {
    r.state = 'editing';
    delete r.approvedBy;
    r.events.push({ at: r.updatedAt, by, action: 'changed after approval' });
  }
  endSchedule(r, by, `${by.name} saved new changes into the draft after it was scheduled.`);
  return r;
}
