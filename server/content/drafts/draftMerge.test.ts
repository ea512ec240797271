import { describe, expect, it } from 'vitest';
import { mergeDraftBlob, mergeDraftItem } from './draftMerge.ts';

const base = { title: 'Open house', what: 'Doors at nine.' };
const draft = { title: 'Open house for families', what: 'Bring cake.' };
const live = { title: 'Open house, Room 4', what: 'Doors at ten.' };

describe('a field changed on both sides', () => {
  it('is a conflict until a choice settles it', () => {
    expect(mergeDraftItem(base, draft, live).conflicts).toEqual(['title', 'what']);
  });

  it('takes the side chosen, or the value staff combined from both', () => {
    expect(
      mergeDraftItem(base, draft, live, { title: 'live', what: { value: 'Doors at ten.\n\nBring cake.' } }),
    ).toEqual({ data: { title: 'Open house, Room 4', what: 'Doors at ten.\n\nBring cake.' }, conflicts: [] });
  });

  it('a combined value for a field only one side changed is not used: there was nothing to settle', () => {
    const merged = mergeDraftItem(base, { ...base, what: 'Bring cake.' }, base, {
      what: { value: 'Something else' },
      title: { value: 'Not asked' },
    });
    expect(merged).toEqual({ data: { title: 'Open house', what: 'Bring cake.' }, conflicts: [] });
  });

  it('a whole item or a file is settled only by a side', () => {
    expect(mergeDraftItem(base, null, live, { '*': { value: 'x' } }).conflicts).toEqual(['*']);
    expect(mergeDraftItem(base, null, live, { '*': 'live' })).toEqual({ data: live, conflicts: [] });
    expect(mergeDraftBlob('a', 'b', 'c', { value: 'x' })).toEqual({ blob: 'b', conflict: true });
    expect(mergeDraftBlob('a', 'b', 'c', 'live')).toEqual({ blob: 'c', conflict: false });
  });
});
