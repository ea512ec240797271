// Times of day read from display dates, and wall-clock times placed in a time zone.
import { describe, expect, it } from 'vitest';
import { timesOfDay, zonedInstant } from './eventTimes.ts';

const hm = (h: number, m = 0) => h * 60 + m;

describe('timesOfDay', () => {
  it.each([
    ['Saturday, January 23, 2027, 9:00 am – 3:30 pm', { start: hm(9), end: hm(15, 30) }],
    ['Wednesday, February 3, 2027, 4:00 – 5:30 pm (online)', { start: hm(16), end: hm(17, 30) }],
    ['Saturday, March 6, 2027, 9:00 am – 1:00 pm', { start: hm(9), end: hm(13) }],
    ['Saturday, February 27, 2027, 10:00 am – 4:00 pm', { start: hm(10), end: hm(16) }],
    ['March 6, 11:00 – 12:30 pm', { start: hm(11), end: hm(12, 30) }],
    ['June 1, 7pm', { start: hm(19) }],
    ['June 1, 12 p.m. to 2 p.m.', { start: hm(12), end: hm(14) }],
    ['June 1, 18:00–20:00', { start: hm(18), end: hm(20) }],
  ])('%s', (text, want) => {
    expect(timesOfDay(text)).toEqual(want);
  });

  it.each([
    'Saturday, January 9 – Saturday, February 20, 2027', // several days: all day
    'Monday, June 14 – Friday, June 18, 2027, 9:00 am – 3:00 pm',
    'Spring 2027, dates to be announced',
    'Fall 2026',
    'March 6, 2027',
    'March 6, 9:00 – 3:30', // morning or evening? not guessed
  ])('%s: no time', (text) => {
    expect(timesOfDay(text)).toBeNull();
  });
});

describe('zonedInstant', () => {
  it('places wall-clock times in the zone, across daylight saving time', () => {
    const oregon = (day: string, minutes: number) =>
      zonedInstant(day, minutes, 'America/Los_Angeles').toISOString();
    expect(oregon('2027-01-23', hm(9))).toBe('2027-01-23T17:00:00.000Z');
    expect(oregon('2027-07-01', hm(9))).toBe('2027-07-01T16:00:00.000Z');
    // The day the clocks go forward (March 14, 2027): 3 pm is already PDT.
    expect(oregon('2027-03-14', hm(15))).toBe('2027-03-14T22:00:00.000Z');
    expect(oregon('2027-03-13', hm(15))).toBe('2027-03-13T23:00:00.000Z');
    expect(zonedInstant('2027-01-23', hm(9), 'UTC').toISOString()).toBe('2027-01-23T09:00:00.000Z');
  });
});
