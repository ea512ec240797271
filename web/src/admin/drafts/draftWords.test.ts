// @vitest-environment jsdom
// What the Drafts screens work out from a record: sections of the Drafts page, the steps a state
// allows under the approval setting, where a changed item is previewed and edited, and the address
// upkeep of the draft worked in.
import { describe, expect, it } from 'vitest';
import type { DraftChange, DraftRecord } from './draftsApi.ts';
import {
  draftBadge,
  draftSections,
  editHref,
  offeredActions,
  previewHref,
  publicPageOf,
  publishNote,
} from './draftWords.ts';
import {
  chosenDraft,
  draftInSearch,
  draftOfKey,
  inDraft,
  searchWithDraft,
  searchWithoutDraft,
} from './workingDraft.ts';
import { entryCells } from '../audit/auditEntry.ts';

const ana = { username: 'ana', name: 'Ana' };
const ben = { username: 'ben', name: 'Ben' };
let n = 0;
const record = (over: Partial<DraftRecord> = {}): DraftRecord => ({
  id: `d${++n}`,
  title: `Draft ${n}`,
  state: 'editing',
  createdAt: '2026-11-01T10:00:00Z',
  createdBy: ana,
  updatedAt: `2026-11-${String(10 + n).padStart(2, '0')}T10:00:00Z`,
  authors: [],
  events: [],
  comments: [],
  shares: [],
  ...over,
});

describe('the Drafts page', () => {
  it('puts each draft in one section, newest change first', () => {
    const now = Date.parse('2026-11-30T00:00:00Z');
    const mineOld = record({ createdBy: ben, authors: [ana] });
    const mineNew = record();
    const review = record({ state: 'in-review', createdBy: ben });
    const scheduled = record({ state: 'approved', publishAt: '2026-12-01T09:00:00Z' });
    const others = record({ createdBy: ben, state: 'changes-requested' });
    const published = record({ state: 'published' });
    const longAgo = record({ state: 'discarded', updatedAt: '2026-09-01T10:00:00Z' });
    const s = draftSections([mineOld, review, mineNew, scheduled, others, published, longAgo], 'ana', now);
    expect(s.mine.map((r) => r.id)).toEqual([mineNew.id, mineOld.id]);
    expect(s.review.map((r) => r.id)).toEqual([review.id]);
    expect(s.scheduled.map((r) => r.id)).toEqual([scheduled.id]);
    expect(s.others.map((r) => r.id)).toEqual([others.id]);
    expect(s.closed.map((r) => r.id)).toEqual([published.id]);
  });
});

describe('the badge', () => {
  it('says the state, or for an open scheduled draft when it goes live (in the reader’s time)', () => {
    const at = new Date(2026, 11, 10, 9, 0).toISOString(); // 10 December 2026, 9:00 here
    expect(draftBadge(record())).toEqual({ text: 'Being edited', tone: 'editing' });
    expect(draftBadge(record({ state: 'approved', publishAt: at }))).toEqual({
      text: 'Scheduled for Dec 10, 2026, 9:00 AM',
      tone: 'scheduled',
    });
    expect(draftBadge(record({ publishAt: at })).text).toBe('Scheduled for Dec 10, 2026, 9:00 AM');
    // Published or discarded, a time it was to go live no longer counts.
    expect(draftBadge(record({ state: 'published', publishAt: at })).text).toBe('Published');
  });
});

describe('for someone who cannot publish, where Publish would be', () => {
  it('names who publishes from the role table, and how the draft reaches them, by its state', () => {
    const send = 'Send for review';
    expect(publishNote(record(), send)).toBe(
      'Editors and admins publish drafts. When it is ready, “Send for review” sends it to them.',
    );
    expect(publishNote(record({ state: 'changes-requested' }), 'Send for review again')).toBe(
      'Editors and admins publish drafts. When it is ready, “Send for review again” sends it to them.',
    );
    expect(publishNote(record({ state: 'in-review' }), send)).toBe(
      'It is waiting for an editor or an admin to review and publish it.',
    );
    expect(publishNote(record({ state: 'approved' }), send)).toBe(
      'It is approved and waiting for an editor or an admin to publish it.',
    );
  });
});

describe('the steps offered', () => {
  const open = { needsApproval: false };
  const strict = { needsApproval: true };
  const names = (o: { action: string; blocked?: string }[]) =>
    o.map((x) => (x.blocked ? `(${x.action})` : x.action));
  const editor = { review: true, discardAny: true };
  const contributor = { review: false, discardAny: false };

  it('follow the state, as the server allows them', () => {
    expect(names(offeredActions(record(), open, 'ana', editor))).toEqual([
      'submit',
      'publish',
      'schedule',
      'discard',
    ]);
    expect(names(offeredActions(record({ state: 'in-review' }), open, 'ben', editor))).toEqual([
      'approve',
      'request-changes',
      'publish',
      'schedule',
      'discard',
    ]);
    expect(names(offeredActions(record({ state: 'approved' }), open, 'ben', editor))).toEqual([
      'request-changes',
      'publish',
      'schedule',
      'discard',
    ]);
    expect(names(offeredActions(record({ state: 'published' }), open, 'ana', editor))).toEqual([]);
  });

  it('with approval needed: an author cannot approve, and only an approved draft publishes', () => {
    const inReview = record({ state: 'in-review', authors: [ana] });
    expect(names(offeredActions(inReview, strict, 'ana', editor))).toEqual([
      '(approve)',
      'request-changes',
      '(publish)',
      '(schedule)',
      'discard',
    ]);
    expect(names(offeredActions(inReview, strict, 'ben', editor))[0]).toBe('approve');
    const approved = record({ state: 'approved', authors: [ana], approvedBy: ben });
    expect(names(offeredActions(approved, strict, 'ana', editor))).toContain('publish');
  });

  it('for a contributor: submit, and discard only for the drafts they started', () => {
    expect(names(offeredActions(record(), open, 'ana', contributor))).toEqual(['submit', 'discard']);
    const bens = record({ createdBy: ben, authors: [ben, ana] });
    expect(names(offeredActions(bens, open, 'ana', contributor))).toEqual(['submit']);
    expect(names(offeredActions(record({ state: 'in-review' }), open, 'ana', contributor))).toEqual([
      'discard',
    ]);
    expect(names(offeredActions(record({ state: 'approved' }), strict, 'ana', contributor))).toEqual([
      'discard',
    ]);
  });
});

describe('a changed item', () => {
  const change = (over: Partial<DraftChange>): DraftChange => ({
    path: 'content/news/9.md',
    kind: 'item',
    entity: 'news',
    id: '9',
    change: 'changed',
    conflicts: [],
    ...over,
  });

  it('is previewed on the page its entity declares (else the home page)', () => {
    expect(publicPageOf(change({}))).toBe('/news');
    const page = { id: '2', version: '', page_url: '/winterOfCS' };
    expect(publicPageOf(change({ entity: 'majorEvents', draft: page }))).toBe('/winterOfCS');
    expect(publicPageOf(change({ entity: 'profiles' }))).toBe('/');
    expect(previewHref('abc', '/news')).toBe('/preview/abc/news');
    expect(previewHref('abc', '/')).toBe('/preview/abc/');
  });

  it('is edited in its form, in the draft; a deleted one or a file has no form', () => {
    expect(editHref(change({}), 'abc')).toBe('/NewsAdminPage?news=9&draft=abc');
    expect(editHref(change({ entity: 'homePage', id: '1', path: 'content/site/home.md' }), 'abc')).toBe(
      '/HomePageAdminPage?draft=abc',
    );
    expect(editHref(change({ change: 'removed' }), 'abc')).toBeUndefined();
    expect(editHref(change({ kind: 'media', entity: undefined, id: undefined }), 'abc')).toBeUndefined();
  });
});

describe('the draft worked in', () => {
  it('is what the address says, else what the tab remembers; draft= alone is the live site', () => {
    sessionStorage.removeItem('cms-working-draft');
    expect(draftInSearch('?news=3')).toBeUndefined();
    expect(draftInSearch('?draft=')).toBeNull();
    expect(draftInSearch('?draft=NOT%20AN%20ID')).toBeNull();
    expect(draftInSearch('?draft=abc123')).toBe('abc123');
    expect(chosenDraft('')).toBeNull();
    sessionStorage.setItem('cms-working-draft', 'abc123');
    expect(chosenDraft('?news=3')).toBe('abc123');
    expect(chosenDraft('?draft=')).toBeNull();
    sessionStorage.removeItem('cms-working-draft');
  });

  it('goes with every call and key, and comes out of addresses whole', () => {
    expect(inDraft('news.php?id=3', 'abc')).toBe('news.php?id=3&draft=abc');
    expect(inDraft('globals.php', 'abc')).toBe('globals.php?draft=abc');
    expect(inDraft('news.php', null)).toBe('news.php');
    expect(draftOfKey('admin/items?entity=news&per=25&draft=abc')).toBe('abc');
    expect(draftOfKey('news.php?admin=1')).toBeNull();
    expect(searchWithDraft('?news=3', 'abc')).toBe('?news=3&draft=abc');
    expect(searchWithDraft('?news=3&draft=abc', null)).toBe('?news=3&draft=');
    expect(searchWithoutDraft('?news=3&draft=abc')).toBe('?news=3');
    expect(searchWithoutDraft('?draft=')).toBe('');
  });
});

describe('audit entries of drafts', () => {
  it('name the draft by its title and lead to it; saves in a draft say so', () => {
    const step = entryCells({
      time: '2026-11-25T10:00:00Z',
      action: 'draft-schedule',
      who: 'ana',
      id: 'abc123',
      detail: '“Spring news”: to publish at 2026-12-01T17:00:00.000Z',
    });
    expect(step.item).toBe('Draft “Spring news”');
    expect(step.draft).toBe('abc123');
    expect(step.detail).toMatch(/^to be published on Dec 1, 2026, \d{1,2}:00 [AP]M$/);
    expect(entryCells({ time: '', action: 'draft-create', id: 'abc123', detail: '“Spring: news”' })).toEqual({
      item: 'Draft “Spring: news”',
      draft: 'abc123',
      detail: '',
    });
    expect(
      entryCells({ time: '', action: 'save', entity: 'news', id: '9', detail: 'created in draft abc123' }),
    ).toEqual({ item: 'News 9', draft: 'abc123', detail: 'created in a draft' });
    expect(entryCells({ time: '', action: 'save', entity: 'news', id: '9', detail: 'updated' })).toEqual({
      item: 'News 9',
      detail: 'updated',
    });
  });
});
