// What the drafts service says and writes of a draft: the words for its states and steps, the
// people in its record, its merge commit's message, and the schedule a later change calls off.
import { randomBytes } from 'node:crypto';
import type { Author } from '../store/gitStore.ts';
import { entityForPath } from '../schema/registry.ts';
import type { DraftAction, DraftState } from '../schema/draftStates.ts';
import type { Role } from '../schema/roles.ts';
import type { DraftRecord, Person } from './draftRecords.ts';

/** Who acts: the signed-in person (their commits carry name and email; the role table reads their role). */
export interface Actor extends Person {
  email: string;
  role?: Role;
  address?: string;
  /** The token for scripts the person acts with, by its name (the audit log names it). */
  token?: string;
}

export const STATE_WORDS: Record<DraftState, string> = {
  editing: 'being edited',
  'in-review': 'waiting for review',
  'changes-requested': 'back with its authors for changes',
  approved: 'approved',
  published: 'published',
  discarded: 'discarded',
};

export const PAST: Record<DraftAction, string> = {
  submit: 'sent for review',
  approve: 'approved',
  'request-changes': 'sent back for changes',
  publish: 'published',
  discard: 'discarded',
  schedule: 'scheduled',
};

export const EVENT_WORDS: Record<DraftAction, string> = {
  submit: 'sent for review',
  approve: 'approved',
  'request-changes': 'asked for changes',
  publish: 'published',
  discard: 'discarded',
  schedule: 'scheduled',
};

export const SYSTEM_EMAIL = 'cms@localhost';
export const SYSTEM_PERSON: Person = { username: 'site', name: 'Site CMS', email: SYSTEM_EMAIL };

export const person = (who: Actor): Person => ({ username: who.username, name: who.name, email: who.email });
export const author = (who: Actor): Author => ({ name: who.name, email: who.email });
/** Who took a step, as the audit log names them: with the token for scripts they used, if any. */
export const auditWho = (who: Actor) => ({ who: who.username, ...(who.token ? { token: who.token } : {}) });

/**
 * A change made after the draft was scheduled (new text saved into it, changes asked for) calls its
 * scheduled publish off: said in its history, and kept for whoever scheduled it to be told.
 */
export function endSchedule(r: DraftRecord, by: Person, reason: string): void {
  if (!r.publishAt) return;
  const at = new Date().toISOString();
  const scheduledBy = r.scheduledBy ?? r.events.findLast((e) => e.action === 'scheduled')?.by ?? by;
  r.scheduleEnded = { at, by, reason, publishAt: r.publishAt, scheduledBy };
  delete r.publishAt;
  delete r.scheduledBy;
  r.events.push({ at, by, action: 'schedule called off', note: reason });
}

/** Short, unguessable enough to name a ref, not a secret (share links carry their own secret). */
export function newDraftId(): string {
  return randomBytes(6).toString('hex');
}

/** The merge commit's message: the draft, its authors, who approved it. */
export function publishMessage(r: DraftRecord): string {
  const names = (list: Person[]) => list.map((p) => p.name).join(', ');
  const lines = [`Publish draft "${r.title}"`, '', `Draft: ${r.id}`];
  if (r.authors.length) lines.push(`Authors: ${names(r.authors)}`);
  if (r.approvedBy) lines.push(`Approved-by: ${r.approvedBy.name}`);
  return lines.join('\n');
}

export function entitiesOf(paths: string[]): Set<string> {
  const names = new Set<string>();
  for (const p of paths) {
    const owner = entityForPath(p);
    if (owner) names.add(owner.def.name);
  }
  return names;
}
