import { describe, expect, it } from 'vitest';
import { parseSiteTime, toWallInput, toZonedIso } from './siteTime.ts';

const LA = 'America/Los_Angeles';

describe('site time', () => {
  it('reads a wall-clock time in the zone, on both sides of a clock change', () => {
    expect(new Date(parseSiteTime('2026-01-15T09:30', LA)).toISOString()).toBe('2026-01-15T17:30:00.000Z');
    expect(new Date(parseSiteTime('2026-07-15T09:30', LA)).toISOString()).toBe('2026-07-15T16:30:00.000Z');
    // 2026-03-08 02:30 does not exist in Los Angeles (clocks jump 2:00 → 3:00): it moves forward.
    expect(toZonedIso(parseSiteTime('2026-03-08T02:30', LA), LA)).toBe('2026-03-08T03:30:00-07:00');
    expect(new Date(parseSiteTime('2026-11-01T00:30', LA)).toISOString()).toBe('2026-11-01T07:30:00.000Z');
  });

  it('takes a time with an offset as written, and refuses what is not a time', () => {
    expect(parseSiteTime('2026-01-15T17:30:00Z', LA)).toBe(Date.UTC(2026, 0, 15, 17, 30));
    expect(parseSiteTime('2026-01-15T09:30:00-08:00', 'Europe/Paris')).toBe(Date.UTC(2026, 0, 15, 17, 30));
    for (const bad of ['tomorrow', '2026-02-30T09:00', '2026-01-15T25:00', '2026-01-15']) {
      expect(parseSiteTime(bad, LA)).toBeNaN();
    }
  });

  it('writes an instant with the zone offset of that moment, and shows its wall-clock part', () => {
    expect(toZonedIso(Date.UTC(2026, 0, 15, 17, 30), LA)).toBe('2026-01-15T09:30:00-08:00');
    expect(toZonedIso(Date.UTC(2026, 6, 15, 16, 30, 5), LA)).toBe('2026-07-15T09:30:05-07:00');
    expect(toZonedIso(Date.UTC(2026, 0, 15, 17, 30), 'Asia/Kolkata')).toBe('2026-01-15T23:00:00+05:30');
    expect(toWallInput('2026-07-15T09:30:05-07:00')).toBe('2026-07-15T09:30');
    expect(toWallInput('')).toBe('');
  });
});
