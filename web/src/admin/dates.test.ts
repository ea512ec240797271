import { describe, expect, it } from 'vitest';
import { adminDate, adminSiteTime, localTime } from './dates.ts';

describe('adminDate', () => {
  it('names the month of a stored date', () => {
    expect(adminDate('2025-03-05')).toBe('Mar 5, 2025');
    // DD/MM/YYYY is only the documented wire's spelling; the admin reads stored ISO dates.
    expect(adminDate('05/03/2025')).toBe('05/03/2025');
  });
  it('leaves what is not a real date as it is', () => {
    expect(adminDate('31/02/2025')).toBe('31/02/2025');
    expect(adminDate('Spring 2025')).toBe('Spring 2025');
    expect(adminDate('')).toBe('');
  });
});

describe('adminSiteTime', () => {
  it('shows a stored time as the site time it was written in', () => {
    expect(adminSiteTime('2031-01-15T09:30:00-08:00')).toBe('Jan 15, 2031, 9:30 AM');
    expect(adminSiteTime('2031-07-15T17:00:00-07:00')).toBe('Jul 15, 2031, 5:00 PM');
    expect(adminSiteTime('soon')).toBe('soon');
  });
});

describe('localTime', () => {
  // The one formatter of moments in the admin (history, messages, drafts, accounts, audit words).
  it("shows a moment in the reader's own time, and what is not a moment as it is", () => {
    const at = '2026-03-05T10:12:00Z';
    expect(localTime(at)).toBe(
      new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(localTime(Date.parse(at))).toBe(localTime(at));
    expect(localTime('not a time')).toBe('not a time');
    expect(localTime(null)).toBe('');
    expect(localTime(undefined)).toBe('');
  });
});
