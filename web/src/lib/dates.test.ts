// Stored days in the page's language: English as the server writes them, Spanish as Spanish does,
// the same day whatever the time zone.
import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

describe('formatDate', () => {
  it('keeps the English as it was', () => {
    expect(formatDate('2026-11-10')).toBe('November 10, 2026');
    expect(formatDate(' 2026-11-10 ', 'en')).toBe('November 10, 2026');
  });

  it('writes a Spanish date the Spanish way, on the stored day', () => {
    expect(formatDate('2026-11-10', 'es')).toBe('10 de noviembre de 2026');
    expect(formatDate('2027-01-01', 'es')).toBe('1 de enero de 2027');
  });

  it('leaves what is no stored day as it is', () => {
    expect(formatDate('Spring 2027', 'es')).toBe('Spring 2027');
    expect(formatDate('2025-02-31', 'es')).toBe('2025-02-31');
  });
});
