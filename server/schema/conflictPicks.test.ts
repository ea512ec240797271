import { describe, expect, it } from 'vitest';
import { canCombine, combinedStart } from './conflictPicks.ts';
import { news } from './entities/news.ts';
import { lines, markdown, text } from './textFields.ts';
import { date } from './dateFields.ts';

describe('which fields staff may combine', () => {
  it('text and markdown only; dates, links, pictures and the rest keep "live or draft"', () => {
    const f = news.fields;
    expect([f.title, f.what, f.picture_alt].map(canCombine)).toEqual([true, true, true]);
    expect([f.when_date, f.link, f.picture, f.show_from].map(canCombine)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(canCombine(undefined)).toBe(false);
  });
});

describe('where a combined value starts', () => {
  it('markdown and lines: the live text, a blank line, then the draft’s', () => {
    expect(combinedStart(markdown('What'), 'Doors at ten.\n', 'Bring cake.')).toBe(
      'Doors at ten.\n\nBring cake.',
    );
    expect(combinedStart(lines('Rules', { rows: 4 }), 'One', 'Two')).toBe('One\n\nTwo');
  });

  it('one line: joined by a space, as a title cannot hold a line break', () => {
    expect(combinedStart(text('Title'), 'Open house, Room 4', 'Open house for families')).toBe(
      'Open house, Room 4 Open house for families',
    );
  });

  it('one side empty or both the same: the other alone', () => {
    expect(combinedStart(markdown('What'), '', 'Draft')).toBe('Draft');
    expect(combinedStart(markdown('What'), 'Live', undefined)).toBe('Live');
    expect(combinedStart(markdown('What'), 'Same', 'Same')).toBe('Same');
    expect(combinedStart(date('Date'), null, null)).toBe('');
  });
});
