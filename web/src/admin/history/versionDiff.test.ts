import { describe, expect, it } from 'vitest';
import { entities } from '../../../../server/schema/registry.ts';
import { fieldChanges, wordDiff } from './versionDiff.ts';

describe('comparing versions', () => {
  it('marks the words only in the earlier text and only in the current one', () => {
    expect(wordDiff('Registration opens in March', 'Registration opens in early April')).toEqual([
      { text: 'Registration opens in ', kind: 'same' },
      { text: 'March', kind: 'removed' },
      { text: 'early April', kind: 'added' },
    ]);
  });

  it('lists every field with both values and says which changed; pictures whenever there is one', () => {
    const before = { id: '1', title: 'Old title', what: 'Same text', when_date: '2026-01-02', link: '' };
    const after = { id: '1', title: 'New title', what: 'Same text', when_date: '2026-01-02', link: '' };
    const changes = fieldChanges(entities.news, before, after);
    expect(changes.filter((c) => c.changed).map((c) => c.key)).toEqual(['title']);
    expect(changes.find((c) => c.key === 'title')).toMatchObject({ before: 'Old title', after: 'New title' });
    const profile = fieldChanges(
      entities.profile,
      { name: 'A', headshot: '' },
      { name: 'A', headshot: '/a' },
    );
    expect(profile.filter((c) => c.changed).map((c) => c.key)).toEqual(['headshot']);
  });
});
