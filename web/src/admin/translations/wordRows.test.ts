// The side-by-side view's rows from a page's words: each section under its own heading named by its
// kind, a section's buttons under theirs, the English words that changed since the translation kept
// where they differ, and the words a save sends shaped like the English list, position by position.
import { describe, expect, it } from 'vitest';
import { entities } from '../../../../server/schema/registry.ts';
import { wordKeys, wordsOf } from '../../../../server/schema/translations.ts';
import type { TranslationFacts } from './translationsApi.ts';
import { startingValues, wordBlocks, wordsToSave } from './wordRows.ts';

const def = entities.page;
const page = (welcome: string) => ({
  title: 'Visit us',
  path: '/visit',
  summary: '',
  sections: [
    { type: 'text', body: welcome },
    {
      type: 'buttons',
      items: [
        { label: 'Apply', link: '/apply' },
        { label: 'Donate', link: '/donate' },
      ],
    },
  ],
});

const facts: TranslationFacts = {
  entity: 'pages',
  id: '1',
  lang: 'es',
  state: 'outdated',
  changed: ['sections'],
  was: wordsOf(def, page('Come in.')),
  fields: wordKeys(def),
  english: wordsOf(def, page('Come in, everyone.')),
  // Translated before the buttons section was added.
  translation: { title: 'Visítenos', sections: [{ body: 'Pasen.' }] },
  version: 'v1',
};

describe('the rows of the side-by-side view', () => {
  const blocks = wordBlocks(def, facts, page('Come in, everyone.'));

  it('put each section’s words under its name and kind, its buttons under theirs', () => {
    const sections = blocks.find((b) => b.key === 'sections')!;
    expect(sections.changed).toBe(true);
    expect(sections.groups.map((g) => [g.heading, g.rows.map((r) => r.path)])).toEqual([
      ['Section 1 (Text)', ['sections.0.body']],
      ['Section 2 (Buttons), button 1', ['sections.1.items.0.label']],
      ['Section 2 (Buttons), button 2', ['sections.1.items.1.label']],
    ]);
    expect(sections.groups[1]!.rows[0]!.label).toBe('Section 2 (Buttons), button 1, Button words');
    expect(blocks.find((b) => b.key === 'title')!.groups).toEqual([
      { heading: null, rows: [expect.objectContaining({ path: 'title', english: 'Visit us' })] },
    ]);
  });

  it('keep the English as it was only where it changed', () => {
    const rows = blocks.flatMap((b) => b.groups.flatMap((g) => g.rows));
    expect(rows.filter((r) => r.was !== undefined).map((r) => [r.path, r.was, r.english])).toEqual([
      ['sections.0.body', 'Come in.', 'Come in, everyone.'],
    ]);
    expect(rows.every((r) => !r.field.required)).toBe(true);
  });

  it('start from the translation, and send words shaped like the English list', () => {
    const values = startingValues(blocks, facts.translation);
    expect(values).toEqual({
      title: 'Visítenos',
      summary: '',
      'sections.0.body': 'Pasen.',
      'sections.1.items.0.label': '',
      'sections.1.items.1.label': '',
    });
    const sent = wordsToSave(facts, { ...values, 'sections.1.items.1.label': 'Donar' });
    expect(sent.sections).toEqual([{ body: 'Pasen.' }, { items: [{ label: '' }, { label: 'Donar' }] }]);
    expect(Object.keys(sent)).toEqual(wordKeys(def));
  });
});
