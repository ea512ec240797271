// Which page names a draft's merge lets cards follow: every earlier name of a renamed page, except
// a name another page has now, or one two pages had (then which page a card meant is unknown).
import { describe, expect, it } from 'vitest';
import { majorEvent } from '../../schema/entities/majorEvent.ts';
import { follow, renamesOf, type PageSides } from './draftRenames.ts';

const link = majorEvent.rules!.namedBy!;
const page = (
  id: string,
  before: string | null,
  mine: string | null,
  theirs: string | null,
  merged: string | null,
): PageSides => {
  const named = (header: string | null) => (header === null ? null : { header });
  return { id, before: named(before), mine: named(mine), theirs: named(theirs), merged: named(merged) };
};

describe('renamesOf', () => {
  it('maps each earlier name of a page to the name kept; for live cards, only the live name the draft renames away from', () => {
    const r = renamesOf(
      link,
      [page('1', 'Fair', 'Fair (draft)', 'Fair (live)', 'Fair (draft)')],
      ['Fair (draft)'],
    );
    expect(Object.fromEntries(r.names)).toEqual({ Fair: 'Fair (draft)', 'Fair (live)': 'Fair (draft)' });
    expect(Object.fromEntries(r.liveNames)).toEqual({ 'Fair (live)': 'Fair (draft)' });
    const renamedLive = renamesOf(link, [page('1', 'Camp', 'Camp', 'Camp 2027', 'Camp 2027')], ['Camp 2027']);
    expect(Object.fromEntries(renamedLive.names)).toEqual({ Camp: 'Camp 2027' });
    expect(renamedLive.liveNames.size).toBe(0);
  });

  it('leaves a name another page has now: cards naming it may be that page’s', () => {
    const r = renamesOf(link, [page('1', 'Lab', 'Lab 2027', 'Lab', 'Lab 2027')], ['Lab 2027', 'Lab']);
    expect(r.names.size).toBe(0);
    expect(r.liveNames.size).toBe(0);
  });

  it('leaves a name two pages had and are now named apart from', () => {
    const r = renamesOf(
      link,
      [
        page('1', 'Day', 'Robotics Day', 'Day', 'Robotics Day'),
        page('2', 'Day', 'Day', 'Coding Day', 'Coding Day'),
      ],
      ['Robotics Day', 'Coding Day'],
    );
    expect(r.names.has('Day')).toBe(false);
  });

  it('follows nothing for a page the merge removes', () => {
    expect(renamesOf(link, [page('1', 'Gone', 'Gone', 'Gone soon', null)], []).names.size).toBe(0);
  });
});

describe('follow', () => {
  it('renames the page a card names, and hands back any other card as it is', () => {
    const names = new Map([['Camp', 'Camp 2027']]);
    const card = { title: 'Sledding', major_event_associated: 'Camp' };
    expect(follow(card, link, names)).toEqual({ title: 'Sledding', major_event_associated: 'Camp 2027' });
    const elsewhere = { title: 'Other', major_event_associated: 'None' };
    expect(follow(elsewhere, link, names)).toBe(elsewhere);
    expect(follow(null, link, names)).toBeNull();
  });
});
