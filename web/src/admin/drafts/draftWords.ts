// What the Drafts screens say and offer, worked out from a draft's record: its state in words, which
// section of the Drafts page it belongs in, the steps its state allows (as the server allows them,
// server/drafts/drafts.ts), and where each changed item is seen (its public page, its admin form).
import type { EntityDef } from '../../../../server/schema/define.ts';
import { entityByName } from '../../../../server/schema/registry.ts';
import { ACTION_FROM } from '../../../../server/schema/draftStates.ts';
import { can, ROLE_LABELS, ROLES } from '../../../../server/schema/roles.ts';
import { localTime } from '../dates.ts';
import {
  isOpen,
  type DraftAction,
  type DraftChange,
  type DraftRecord,
  type DraftSettings,
  type DraftState,
} from './draftsApi.ts';

/** The state, short (badges, lists). */
export const STATE_LABELS: Record<DraftState, string> = {
  editing: 'Being edited',
  'in-review': 'Waiting for review',
  'changes-requested': 'Sent back for changes',
  approved: 'Approved',
  published: 'Published',
  discarded: 'Discarded',
};

/** Whether the draft is open and waits for the time it is scheduled to go live. */
export const isScheduled = (r: Pick<DraftRecord, 'state' | 'publishAt'>): boolean =>
  !!r.publishAt && isOpen(r.state);

/**
 * The draft's badge (lists, its page, the "Working in" switch): its state, short, or for a scheduled
 * draft when it goes live — "Scheduled for Dec 10, 2026, 9:00 AM", in the reader's own time. `tone`
 * names the badge's colour.
 */
export function draftBadge(r: Pick<DraftRecord, 'state' | 'publishAt'>): { text: string; tone: string } {
  if (isScheduled(r)) return { text: `Scheduled for ${localTime(r.publishAt)}`, tone: 'scheduled' };
  return { text: STATE_LABELS[r.state], tone: r.state };
}

/** The state as a sentence that says what it means for the live site. */
export function stateSentence(r: DraftRecord): string {
  const scheduled =
    r.publishAt && isOpen(r.state) ? ` It is scheduled to be published on ${localTime(r.publishAt)}.` : '';
  switch (r.state) {
    case 'editing':
      return `This draft is being edited. Nothing in it is on the live site yet.${scheduled}`;
    case 'in-review':
      return `This draft is waiting for someone to review it. Nothing in it is on the live site yet.${scheduled}`;
    case 'changes-requested':
      return `A reviewer sent this draft back for changes. Nothing in it is on the live site yet.${scheduled}`;
    case 'approved':
      return `This draft is approved${r.approvedBy ? ` by ${r.approvedBy.name}` : ''} and ready to publish. Nothing in it is on the live site yet.${scheduled}`;
    case 'published':
      return 'This draft was published: its changes are on the live site.';
    case 'discarded':
      return 'This draft was discarded: none of its changes reached the live site.';
  }
}

export const isMine = (r: DraftRecord, username: string): boolean =>
  r.createdBy.username === username || r.authors.some((a) => a.username === username);

export interface DraftSections {
  mine: DraftRecord[];
  review: DraftRecord[];
  scheduled: DraftRecord[];
  others: DraftRecord[];
  closed: DraftRecord[];
}

/** How long a published or discarded draft stays in "Recently published or discarded". */
export const RECENT_DAYS = 30;

/**
 * Each draft in one section: scheduled ones under Scheduled; those waiting for review under Waiting
 * for review; other open ones under My drafts (made or written by `username`) or Other open drafts;
 * closed ones of the last RECENT_DAYS under Recently published or discarded. Newest change first.
 */
export function draftSections(drafts: DraftRecord[], username: string, now = Date.now()): DraftSections {
  const out: DraftSections = { mine: [], review: [], scheduled: [], others: [], closed: [] };
  const recent = now - RECENT_DAYS * 24 * 60 * 60 * 1000;
  const newest = [...drafts].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  for (const r of newest) {
    if (!isOpen(r.state)) {
      if (Date.parse(r.updatedAt) >= recent) out.closed.push(r);
    } else if (r.publishAt) out.scheduled.push(r);
    else if (r.state === 'in-review') out.review.push(r);
    else if (isMine(r, username)) out.mine.push(r);
    else out.others.push(r);
  }
  return out;
}

const FROM = ACTION_FROM;

export interface Offered {
  action: DraftAction;
  /** Why it cannot be taken by this person now (shown instead of the button); undefined: it can. */
  blocked?: string;
}

/** What the person's role lets them do to drafts (access.ts): review steps, discarding others' drafts. */
export interface DraftRights {
  review: boolean;
  discardAny: boolean;
}

const REVIEW_STEPS: readonly DraftAction[] = ['approve', 'request-changes', 'publish', 'schedule'];

/**
 * The steps this person may take on the draft now, in the order they are offered. Steps their role
 * does not allow are left out (a contributor submits, and discards the drafts they started).
 */
export function offeredActions(
  r: DraftRecord,
  settings: DraftSettings,
  username: string,
  rights: DraftRights,
): Offered[] {
  const order: DraftAction[] = ['submit', 'approve', 'request-changes', 'publish', 'schedule', 'discard'];
  const author = r.authors.some((a) => a.username === username);
  const out: Offered[] = [];
  for (const action of order) {
    if (!FROM[action].includes(r.state)) continue;
    if (REVIEW_STEPS.includes(action) && !rights.review) continue;
    if (action === 'discard' && !rights.discardAny && r.createdBy.username !== username) continue;
    let blocked: string | undefined;
    if (action === 'approve' && settings.needsApproval && author)
      blocked = 'You wrote part of this draft, so someone else has to approve it.';
    if ((action === 'publish' || action === 'schedule') && settings.needsApproval) {
      if (r.state !== 'approved')
        blocked =
          'This site needs a draft to be approved by someone who did not write it before it is published.';
      else if (r.approvedBy && r.authors.some((a) => a.username === r.approvedBy!.username))
        blocked = 'It was approved by one of its authors: someone else has to approve it.';
    }
    out.push({ action, ...(blocked ? { blocked } : {}) });
  }
  return out;
}

/** The roles that publish, from the role table: ['editor', 'admin']. */
const PUBLISHERS = ROLES.filter((role) => can(role, 'publish')).map((role) =>
  ROLE_LABELS[role].toLowerCase(),
);

/** 'a', 'b' and 'c' (or, with `or`, 'a', 'b' or 'c'). */
const listed = (words: string[], and = 'and') =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${and} ${words.at(-1)}`;
const an = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

/**
 * For someone whose role cannot publish, where Publish would be: who publishes, and how the draft
 * reaches them (`send`: the words of the button that sends it for review), or that it waits for them.
 */
export function publishNote(r: Pick<DraftRecord, 'state'>, send: string): string {
  const someone = listed(PUBLISHERS.map(an), 'or');
  if (r.state === 'in-review') return `It is waiting for ${someone} to review and publish it.`;
  if (r.state === 'approved') return `It is approved and waiting for ${someone} to publish it.`;
  const all = listed(PUBLISHERS.map((p) => `${p}s`));
  return `${all.charAt(0).toUpperCase()}${all.slice(1)} publish drafts. When it is ready, “${send}” sends it to them.`;
}

const entityOf = (change: DraftChange): EntityDef | undefined =>
  change.entity ? entityByName.get(change.entity) : undefined;

/** The public page where a changed item shows (its entity's page for search results, else home). */
export function publicPageOf(change: DraftChange): string {
  const def = entityOf(change);
  const data = (change.draft ?? change.live ?? change.before ?? {}) as Record<string, unknown>;
  const page = def?.search?.page(data);
  return page && page.startsWith('/') ? page : '/';
}

/** The preview of a public page in the draft. */
export const previewHref = (draftId: string, page: string): string =>
  `/preview/${encodeURIComponent(draftId)}${page === '/' ? '/' : page}`;

/** The admin form of a changed item, opened in the draft; undefined for a removed item or a file. */
export function editHref(change: DraftChange, draftId: string): string | undefined {
  const def = entityOf(change);
  if (!def || change.change === 'removed' || !change.id) return undefined;
  const params = new URLSearchParams();
  if (def.type === 'collection') params.set(def.name, change.id);
  params.set('draft', draftId);
  return `${def.admin.route}?${params.toString()}`;
}

/** What a change is, in words: 'News item “Spring fair” — added'. */
export function changeName(change: DraftChange): string {
  if (change.kind === 'media') return `File ${change.path.replace(/^media\//, '')}`;
  const def = entityOf(change);
  const noun =
    def?.type === 'collection' ? def.itemNoun.replace(/^this /, '') : (def?.label ?? change.label ?? 'Item');
  const title = change.title && change.title !== change.label ? ` “${change.title}”` : '';
  return `${noun[0]!.toUpperCase()}${noun.slice(1)}${title}`;
}

export const CHANGE_WORDS: Record<DraftChange['change'], string> = {
  added: 'New in this draft',
  changed: 'Changed in this draft',
  removed: 'Deleted in this draft',
};
