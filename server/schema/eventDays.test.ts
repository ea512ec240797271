// The last day a display date names, from the card's start date: a range of days spans them all.
import { describe, expect, it } from 'vitest';
import { lastDay } from './eventDays.ts';

describe('lastDay', () => {
  it.each([
    ['Monday, June 14 – Friday, June 18, 2027', '2027-06-14', '2027-06-18'],
    ['Saturday, January 9 – Saturday, February 20, 2027', '2027-01-09', '2027-02-20'],
    ['Tuesday, June 22 – Thursday, June 24, 2027', '2027-06-22', '2027-06-24'],
    ['June 22–24, 2027', '2027-06-22', '2027-06-24'],
    ['June 22-24', '2027-06-22', '2027-06-24'],
    ['June 14th – 18th, 2027', '2027-06-14', '2027-06-18'],
    ['June 22 to 24, 2027, 9am–3pm', '2027-06-22', '2027-06-24'],
    ['July 30 – August 2, 2027', '2027-07-30', '2027-08-02'],
    ['Dec 28 – Jan 2', '2026-12-28', '2027-01-02'],
    ['December 28, 2026 – January 2, 2027', '2026-12-28', '2027-01-02'],
  ])('%s ends on its last day', (text, start, end) => {
    expect(lastDay(text, start)).toBe(end);
  });

  it.each([
    ['Saturday, January 23, 2027, 9:00 am – 3:30 pm', '2027-01-23'],
    ['Wednesday, February 3, 2027, 4:00 – 5:30 pm (online)', '2027-02-03'],
    ['June 1, 12 p.m. to 2 p.m.', '2027-06-01'],
    ['June 1 – 5 pm', '2027-06-01'],
    ['Fall 2026', '2026-09-01'],
    ['March 6, 2027', '2027-03-06'],
    ['Feb 27 – 30', '2027-02-27'], // no such day
    ['June 22 – June 20, 2027', '2027-06-22'], // before it starts
    ['January 1, 2027 – January 1, 2029', '2027-01-01'], // more than a year: not believed
  ])('%s is one day', (text, start) => {
    expect(lastDay(text, start)).toBe(start);
  });
});
