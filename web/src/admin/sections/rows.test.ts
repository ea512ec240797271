import { describe, expect, it } from 'vitest';
import { entities } from '../../../../server/schema/registry.ts';
import { rowSummary } from './rows.ts';

const NOW = Date.parse('2026-06-01T12:00:00-07:00');
const news = (window: Record<string, string>) => ({
  id: '7',
  version: 'v',
  title: 'Timed',
  when_date: '',
  ...window,
});

describe('a list line of an item with "Show from" / "Show until"', () => {
  it('says Scheduled before its window and Expired after it, nothing inside it', () => {
    const marks = (w: Record<string, string>) => rowSummary(entities.news, news(w), NOW).marks;
    expect(marks({ show_from: '2026-06-01T12:00:01-07:00' })).toEqual(['Scheduled']);
    expect(marks({ show_until: '2026-06-01T12:00:00-07:00' })).toEqual(['Expired']);
    expect(
      marks({ show_from: '2026-06-01T11:00:00-07:00', show_until: '2026-06-02T00:00:00-07:00' }),
    ).toEqual([]);
    expect(marks({ show_from: '', show_until: '' })).toEqual([]);
  });

  it("comes before the item's own marks (Hidden, Shown…)", () => {
    const page = { id: '1', version: 'v', header: 'Huddle', hidden: false, page_url: '' };
    expect(
      rowSummary(entities.majorEvent, { ...page, show_until: '2026-01-01T00:00:00-08:00' }, NOW).marks,
    ).toEqual(['Expired', 'Shown']);
  });
});
