import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  draftForAdmin,
  draftPicks,
  draftRecordSchema,
  type DraftRecord,
  type DraftView,
} from './draftRecord.ts';

const person = { username: 'ann', name: 'Ann' };
const stored: DraftRecord = draftRecordSchema.parse({
  id: 'spring-news',
  title: 'Spring news',
  state: 'in-review',
  base: 'a'.repeat(40),
  createdAt: '2026-03-05T10:00:00.000Z',
  createdBy: person,
  updatedAt: '2026-03-05T10:05:00.000Z',
  authors: [person],
  events: [{ at: '2026-03-05T10:05:00.000Z', by: person, action: 'submit' }],
  comments: [],
  shares: [
    {
      id: 's1',
      hash: 'f'.repeat(64),
      expires: '2026-03-12T10:00:00.000Z',
      createdAt: '2026-03-05T10:00:00.000Z',
      createdBy: person,
    },
  ],
});

describe("a draft's record, one schema for the server's file and the admin's type", () => {
  it("answers the admin without the share links' hashes", () => {
    const view = draftForAdmin(stored);
    expect(view.shares).toEqual([
      {
        id: 's1',
        expires: '2026-03-12T10:00:00.000Z',
        createdAt: '2026-03-05T10:00:00.000Z',
        createdBy: person,
      },
    ]);
    expect(JSON.stringify(view)).not.toContain('f'.repeat(64));
    expect(view.title).toBe('Spring news');
  });

  it("gives the admin's type every field the server keeps but the base commit and hashes", () => {
    // Was a hand-copied interface in web/src/admin/drafts/draftsApi.ts, held equal by nothing.
    expectTypeOf<keyof DraftView>().toEqualTypeOf<Exclude<keyof DraftRecord, 'base'>>();
    expectTypeOf<keyof DraftView['shares'][number]>().toEqualTypeOf<
      Exclude<keyof DraftRecord['shares'][number], 'hash'>
    >();
  });
});

describe('draftPicks, the one reading of a publish choice (the route checks with it, the admin types with it)', () => {
  it('takes draft or live per field, by path', () => {
    const picks = { 'content/news/1.md': { title: 'draft', '*': 'live' } };
    expect(draftPicks.parse(picks)).toEqual(picks);
    expect(draftPicks.parse({})).toEqual({});
  });

  it('takes a combined value of text', () => {
    const picks = { 'content/news/1.md': { what: { value: 'Live words.\n\nDraft words.' }, title: 'live' } };
    expect(draftPicks.parse(picks)).toEqual(picks);
  });

  it('refuses anything else', () => {
    for (const bad of [
      [],
      'draft',
      { 'content/news/1.md': 'draft' },
      { 'content/news/1.md': ['draft'] },
      { 'content/news/1.md': { title: 'mine' } },
      { 'content/news/1.md': null },
      { 'content/news/1.md': { what: { value: 3 } } },
      { 'content/news/1.md': { what: { value: 'x', side: 'draft' } } },
      { 'content/news/1.md': { what: {} } },
    ])
      expect(draftPicks.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
