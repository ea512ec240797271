// Who is told of what, and in which words: a draft's steps (to the people working on it, or to
// those who review), an invite used (to the admin who made it), a new contact message (to everyone
// who reads messages). Never the person who acted. Pure: server/notices/staffNotices.ts gives them.
import type { DraftNotice } from '../drafts/drafts.ts';
import type { DraftRecord, Person } from '../drafts/draftRecords.ts';
import { draftRoute } from '../schema/draftPaths.ts';
import { can, ROLE_LABELS, type Permission, type Role } from '../schema/roles.ts';
import type { NewNotice } from './noticeBoard.ts';

/** Someone who may be told: an account as the users file lists it. */
export interface Staff {
  username: string;
  role: Role;
  disabled: boolean;
}

export const ACCOUNTS_PAGE = '/admin/accounts';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Enabled accounts that may do `needs`. */
export const allWho = (staff: readonly Staff[], needs: Permission): string[] =>
  staff.filter((s) => !s.disabled && can(s.role, needs)).map((s) => s.username);

/** The draft's maker and authors; for comments also everyone who took part in its review. */
function draftPeople(record: DraftRecord, step: DraftNotice): Person[] {
  const { kind } = step;
  const schedulers = [record.scheduleEnded?.scheduledBy, record.scheduledBy].filter((p) => p !== undefined);
  if (kind === 'schedule-cancelled' && step.schedulerOnly) return schedulers;
  const people = [record.createdBy, ...record.authors];
  if (kind === 'schedule-cancelled') people.push(...schedulers);
  if (kind === 'comment') {
    people.push(...record.comments.map((c) => c.by));
    if (record.approvedBy) people.push(record.approvedBy);
    if (record.scheduledBy) people.push(record.scheduledBy);
  }
  return people;
}

const shorten = (text: string, max = 140) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
};

const DRAFT_WORDS: Record<DraftNotice['kind'], (by: string, title: string, step: DraftNotice) => string> = {
  submitted: (by, title) => `${by} sent “${title}” for review.`,
  comment: (by, title, { note }) => `${by} commented on “${title}”: ${shorten(note ?? '')}`,
  changes: (by, title, { note, calledOff }) =>
    `${by} asked for changes to “${title}”${note ? `: ${shorten(note)}` : '.'}${
      calledOff ? ' Its scheduled publish is called off.' : ''
    }`,
  approved: (by, title) => `${by} approved “${title}”.`,
  published: (by, title) => `${by} published “${title}”.`,
  'schedule-cancelled': (_by, title, { note, failed }) =>
    failed
      ? `“${title}” could not be published at its scheduled time${note ? `: ${shorten(note)}` : '.'}`
      : `The scheduled publish of “${title}” was called off${note ? `: ${shorten(note)}` : '.'}`,
};

/** A draft's step: who hears of it, and the notice. */
export function draftNotice(
  step: DraftNotice,
  record: DraftRecord,
  staff: readonly Staff[],
): { to: string[]; notice: NewNotice } {
  const enabled = new Set(staff.filter((s) => !s.disabled).map((s) => s.username.toLowerCase()));
  const candidates =
    step.kind === 'submitted' ? allWho(staff, 'publish') : draftPeople(record, step).map((p) => p.username);
  // A failed publish was nobody's doing (the server's own name could be someone's username).
  const actor = step.failed ? null : step.by.username;
  const to = [...new Set(candidates.map((u) => u.toLowerCase()))].filter(
    (u) => enabled.has(u) && (actor === null || !same(u, actor)),
  );
  return {
    to,
    notice: {
      kind: step.kind,
      text: DRAFT_WORDS[step.kind](step.by.name, record.title, step),
      link: draftRoute(record.id),
    },
  };
}

/** Someone joined with an invite: the admin who made it hears of it. */
export function inviteNotice(
  joined: { name: string; username: string; role: Role },
  maker: string | undefined,
): { to: string[]; notice: NewNotice } {
  return {
    to: maker && !same(maker, joined.username) ? [maker] : [],
    notice: {
      kind: 'invite-used',
      text: `${joined.name} (${joined.username}) joined as ${ROLE_LABELS[joined.role].toLowerCase()} with your invite.`,
      link: ACCOUNTS_PAGE,
    },
  };
}

/** A visitor's message: everyone who reads messages hears of it; unread ones fold into one notice. */
export function messageNotice(
  from: string,
  staff: readonly Staff[],
  messagesPage: string,
): { to: string[]; notice: NewNotice } {
  return {
    to: allWho(staff, 'publish'),
    notice: {
      kind: 'message',
      text: `New message from ${shorten(from, 80) || 'a visitor'} through the contact form.`,
      link: messagesPage,
      fold: (n) => `${n} new messages through the contact form.`,
    },
  };
}
