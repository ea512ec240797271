// Who is told of each step of a draft, in which words: never the person who acted, never a disabled
// account; changes asked for on a scheduled draft make one notice for its authors and one for whoever
// scheduled it; a publish that failed at its time is nobody's doing, so everyone concerned hears.
import { describe, expect, it } from 'vitest';
import type { DraftRecord, Person } from '../drafts/draftRecords.ts';
import { stepNotices } from '../drafts/draftEvents.ts';
import { draftNotice, inviteNotice, messageNotice, type Staff } from './noticeWords.ts';
import { SYSTEM_PERSON } from '../drafts/draftWords.ts';

const person = (username: string): Person => ({
  username,
  name: username[0]!.toUpperCase() + username.slice(1),
});
const STAFF: Staff[] = [
  { username: 'admin', role: 'admin', disabled: false },
  { username: 'cora', role: 'contributor', disabled: false },
  { username: 'vic', role: 'contributor', disabled: false },
  { username: 'edith', role: 'editor', disabled: false },
  { username: 'ed', role: 'editor', disabled: false },
  { username: 'gone', role: 'editor', disabled: true },
  { username: 'site', role: 'editor', disabled: false }, // shares the server's own name
];

const record = (over: Partial<DraftRecord> = {}): DraftRecord => ({
  id: 'abc123',
  title: 'Summer camp',
  state: 'in-review',
  base: '0'.repeat(40),
  createdAt: '2026-11-01T00:00:00Z',
  createdBy: person('cora'),
  updatedAt: '2026-11-01T00:00:00Z',
  authors: [person('cora'), person('vic')],
  events: [],
  comments: [],
  shares: [],
  ...over,
});

describe('who is told of a draft’s step', () => {
  it('sends a draft for review to every enabled editor and admin but the sender', () => {
    const { to, notice } = draftNotice({ kind: 'submitted', by: person('edith') }, record(), STAFF);
    expect(to).toEqual(['admin', 'ed', 'site']);
    expect(notice).toEqual({
      kind: 'submitted',
      text: 'Edith sent “Summer camp” for review.',
      link: '/admin/drafts/abc123',
    });
  });

  it('tells the maker and authors of an approval or a publish, not the one who took it', () => {
    for (const kind of ['approved', 'published'] as const)
      expect(draftNotice({ kind, by: person('vic') }, record(), STAFF).to).toEqual(['cora']);
  });

  it('asked for changes on a scheduled draft: the authors hear it once, whoever scheduled it hears of the schedule', () => {
    const before = record({ publishAt: '2026-12-01T09:00:00Z', scheduledBy: person('ed') });
    const after = record({
      state: 'changes-requested',
      scheduleEnded: {
        at: '2026-11-02T00:00:00Z',
        by: person('edith'),
        reason: 'Edith asked for changes: Dates, please.',
        publishAt: '2026-12-01T09:00:00Z',
        scheduledBy: person('ed'),
      },
    });
    const steps = stepNotices('request-changes', person('edith'), 'Dates, please.', before, after);
    expect(steps.map((s) => s.kind)).toEqual(['changes', 'schedule-cancelled']);
    const [changes, cancelled] = steps.map((s) => draftNotice(s, after, STAFF));
    expect(changes!.to).toEqual(['cora', 'vic']);
    expect(changes!.notice.text).toBe(
      'Edith asked for changes to “Summer camp”: Dates, please. Its scheduled publish is called off.',
    );
    expect(cancelled!.to).toEqual(['ed']);
  });

  it('a save that calls a schedule off tells the authors and whoever scheduled it, not the saver', () => {
    const before = record({ publishAt: '2026-12-01T09:00:00Z', scheduledBy: person('ed') });
    const after = record({
      scheduleEnded: {
        at: '2026-11-02T00:00:00Z',
        by: person('vic'),
        reason: 'Vic saved new changes into the draft after it was scheduled.',
        publishAt: '2026-12-01T09:00:00Z',
        scheduledBy: person('ed'),
      },
    });
    const [step] = stepNotices('submit', person('vic'), undefined, before, after).slice(1);
    const { to, notice } = draftNotice(step!, after, STAFF);
    expect(to).toEqual(['cora', 'ed']);
    expect(notice.text).toBe(
      'The scheduled publish of “Summer camp” was called off: Vic saved new changes into the draft after it was scheduled.',
    );
  });

  it('a publish that failed at its time is told to everyone concerned, an account called “site” too', () => {
    const failed = {
      kind: 'schedule-cancelled' as const,
      by: SYSTEM_PERSON,
      note: 'No account may publish it.',
      failed: true,
    };
    const { to, notice } = draftNotice(failed, record({ scheduledBy: { ...person('site') } }), STAFF);
    expect(to).toEqual(['cora', 'vic', 'site']);
    expect(notice.text).toBe(
      '“Summer camp” could not be published at its scheduled time: No account may publish it.',
    );
  });

  it('tells of a comment everyone who took part, and no disabled account', () => {
    const r = record({
      comments: [{ at: '2026-11-01T00:00:00Z', by: person('gone'), text: 'Earlier' }],
      approvedBy: person('edith'),
    });
    const { to, notice } = draftNotice(
      { kind: 'comment', by: person('cora'), note: ' Looks\n\n good ' },
      r,
      STAFF,
    );
    expect(to).toEqual(['vic', 'edith']);
    expect(notice.text).toBe('Cora commented on “Summer camp”: Looks good');
  });
});

describe('invites and messages', () => {
  it('tells the invite’s maker, and nobody when the maker is gone', () => {
    const joined = { name: 'Nina New', username: 'nina', role: 'editor' as const };
    expect(inviteNotice(joined, 'admin')).toMatchObject({
      to: ['admin'],
      notice: { text: 'Nina New (nina) joined as editor with your invite.', link: '/admin/accounts' },
    });
    expect(inviteNotice(joined, undefined).to).toEqual([]);
  });

  it('tells everyone who reads messages, folding unread ones', () => {
    const { to, notice } = messageNotice('Ada Teacher', STAFF, '/MessagesAdminPage');
    expect(to).toEqual(['admin', 'edith', 'ed', 'site']);
    expect(notice.text).toBe('New message from Ada Teacher through the contact form.');
    expect(notice.fold!(3)).toBe('3 new messages through the contact form.');
  });
});
