import { describe, expect, it } from 'vitest';
import { entities } from './registry.ts';
import { fieldToWire } from '../http/legacy/fieldWire.ts';
import { boundariesAfter, isScheduled, scheduleState } from './schedule.ts';
import { validateItem } from '../content/index/fileFormat.ts';

const T = Date.UTC(2026, 0, 15, 17, 0);
const iso = (ms: number) => new Date(ms).toISOString();

describe('Show from / Show until', () => {
  // Staff's pages too (issue 34): a landing page can go up and come down on its own, like the rest.
  it('is declared on news, event cards, banners, event pages and staff pages only', () => {
    const withIt = Object.values(entities)
      .filter(isScheduled)
      .map((d) => d.name)
      .sort();
    expect(withIt).toEqual(
      [entities.banner, entities.eventCard, entities.majorEvent, entities.news, entities.page]
        .map((d) => d.name)
        .sort(),
    );
  });

  it('reads a window as [from, until): scheduled before, showing inside, expired from its end', () => {
    const data = { show_from: iso(T), show_until: iso(T + 60_000) };
    expect(scheduleState(entities.news, data, T - 1)).toBe('scheduled');
    expect(scheduleState(entities.news, data, T)).toBe('showing');
    expect(scheduleState(entities.news, data, T + 59_999)).toBe('showing');
    expect(scheduleState(entities.news, data, T + 60_000)).toBe('expired');
    expect(scheduleState(entities.news, { show_from: '', show_until: '' }, T)).toBe('showing');
    expect(scheduleState(entities.paper, data, T - 1)).toBe('showing'); // papers have no schedule
    expect(boundariesAfter(data, T)).toEqual([T + 60_000]);
  });

  it('refuses an end that is not after the start, with a plain message on that field', () => {
    const at = '2026-01-15T09:00:00-08:00';
    for (const until of [at, '2026-01-15T08:00:00-08:00']) {
      const r = validateItem(entities.news, { title: 'x', show_from: at, show_until: until });
      const message = 'Show until must be later than Show from.';
      expect(r).toMatchObject({ ok: false, fields: { show_until: message } });
    }
    const ok = validateItem(entities.news, { title: 'x', show_from: at, show_until: '2026-01-15T17:00:01Z' });
    expect(ok).toMatchObject({ ok: true, data: { show_until: '2026-01-15T09:00:01-08:00' } });
    expect(validateItem(entities.news, { title: 'x', show_until: at })).toMatchObject({ ok: true });
    // Sent in the site's zone, whatever offset the stored value carries.
    expect(fieldToWire(entities.news.fields.show_from, '2026-01-15T17:00:00Z')).toBe(at);
    expect(fieldToWire(entities.news.fields.show_from, '')).toBe('');
  });
});
