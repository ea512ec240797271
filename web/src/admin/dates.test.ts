import { describe, expect, it } from 'vitest';
import { adminDate } from './dates.ts';

describe('adminDate', () => {
  it('names the month, whichever way the date travels', () => {
    expect(adminDate('2025-03-05')).toBe('Mar 5, 2025');
    expect(adminDate('05/03/2025')).toBe('Mar 5, 2025');
    expect(adminDate('5/3/2025')).toBe('Mar 5, 2025');
  });
  it('leaves what is not a real date as it is', () => {
    expect(adminDate('31/02/2025')).toBe('31/02/2025');
    expect(adminDate('Spring 2025')).toBe('Spring 2025');
    expect(adminDate('')).toBe('');
  });
});
