// The words visitors read for an event card's dates, in the starter cards' style, and what the
// calendar, the order and the staff's warning take from the dates.
import { describe, expect, it } from 'vitest';
import {
  eventDateProblems,
  eventSpan,
  followedWhen,
  proposedDates,
  soonestEventFirst,
  whenDisagrees,
  whenText,
} from './eventWhen.ts';

const dates = (start: string, end = '', startTime = '', endTime = '') => ({ start, end, startTime, endTime });
const card = (when_date: string, start_date: string, more: Record<string, string> = {}) => ({
  when_date,
  start_date,
  ...more,
});

describe('whenText', () => {
  it.each([
    [dates('2027-03-01', '2027-03-03'), 'Monday, March 1 – Wednesday, March 3, 2027'],
    // The starter cards' own words, written again from their dates.
    [dates('2027-06-14', '2027-06-18'), 'Monday, June 14 – Friday, June 18, 2027'],
    [dates('2027-01-09', '2027-02-20'), 'Saturday, January 9 – Saturday, February 20, 2027'],
    [dates('2027-01-23', '', '09:00', '15:30'), 'Saturday, January 23, 2027, 9:00 am – 3:30 pm'],
    [dates('2027-02-03', '', '16:00', '17:30'), 'Wednesday, February 3, 2027, 4:00 – 5:30 pm'],
    [dates('2027-03-06', '', '09:00', '13:00'), 'Saturday, March 6, 2027, 9:00 am – 1:00 pm'],
    [dates('2027-03-06'), 'Saturday, March 6, 2027'],
    [dates('2027-03-06', '', '12:00'), 'Saturday, March 6, 2027, 12:00 pm'],
    [dates('2027-03-06', '', '00:30'), 'Saturday, March 6, 2027, 12:30 am'],
    [dates('2026-12-28', '2027-01-02'), 'Monday, December 28, 2026 – Saturday, January 2, 2027'],
    // An end on the start day, or before it, is one day.
    [dates('2027-03-06', '2027-03-06'), 'Saturday, March 6, 2027'],
    [dates(''), ''],
  ])('%o reads "%s"', (d, words) => {
    expect(whenText(d)).toBe(words);
  });
});

describe('eventSpan', () => {
  it('takes the days and times from the dates when the card has them', () => {
    expect(eventSpan(card('Whenever', '2027-03-01', { end_date: '2027-03-03' }))).toEqual({
      start: '2027-03-01',
      end: '2027-03-03',
      times: null,
    });
    expect(eventSpan(card('Some day', '2027-03-01', { start_time: '09:00', end_time: '15:30' }))).toEqual({
      start: '2027-03-01',
      end: '2027-03-01',
      times: { start: 540, end: 930 },
    });
  });

  it('reads the last day and times from the words of a card with a start date alone', () => {
    expect(eventSpan(card('Monday, June 14 – Friday, June 18, 2027', '2027-06-14'))?.end).toBe('2027-06-18');
    expect(eventSpan(card('Saturday, January 23, 2027, 9:00 am – 3:30 pm', '2027-01-23'))?.times).toEqual({
      start: 540,
      end: 930,
    });
  });

  it('is none without a start date', () => {
    expect(eventSpan(card('Spring 2027', ''))).toBeNull();
  });
});

describe('followedWhen', () => {
  it('writes the words for a card with dates and no words', () => {
    expect(followedWhen(card('', '2027-03-01', { end_date: '2027-03-03' }), undefined)).toBe(
      'Monday, March 1 – Wednesday, March 3, 2027',
    );
  });

  it('follows a change of dates when the words were the written ones', () => {
    const before = card('Monday, March 1, 2027', '2027-03-01');
    expect(followedWhen({ ...before, start_date: '2027-03-02' }, before)).toBe('Tuesday, March 2, 2027');
  });

  it('keeps words staff typed, and the documented write call’s words', () => {
    const before = card('March 1, in the morning', '2027-03-01');
    expect(followedWhen({ ...before, start_date: '2027-03-02' }, before)).toBeUndefined();
    expect(followedWhen(card('June 22–24, 2027', '2027-06-22'), undefined)).toBeUndefined();
    expect(followedWhen(card('Fall 2026', ''), undefined)).toBeUndefined();
  });
});

describe('whenDisagrees', () => {
  it('says nothing when the words agree, name no day, or there are no dates', () => {
    expect(
      whenDisagrees(
        card('Monday, March 1 – Wednesday, March 3, 2027', '2027-03-01', { end_date: '2027-03-03' }),
      ),
    ).toBeNull();
    expect(whenDisagrees(card('March 1–3, 2027', '2027-03-01', { end_date: '2027-03-03' }))).toBeNull();
    expect(whenDisagrees(card('Spring 2027, dates to be announced', '2027-03-01'))).toBeNull();
    expect(whenDisagrees(card('March 9, 2027', ''))).toBeNull();
    // The starter cards: words and a start date alone, which the calendar reads the end from.
    expect(whenDisagrees(card('Saturday, January 9 – Saturday, February 20, 2027', '2027-01-09'))).toBeNull();
  });

  it('says in plain words which day or time differs', () => {
    expect(whenDisagrees(card('March 2, 2027', '2027-03-01'))).toBe(
      'The words say the event starts on March 2, 2027, but the start date is March 1, 2027.',
    );
    expect(whenDisagrees(card('March 1–4, 2027', '2027-03-01', { end_date: '2027-03-03' }))).toBe(
      'The words say the event ends on March 4, 2027, but the end date is March 3, 2027.',
    );
    expect(whenDisagrees(card('March 1, 2027', '2027-03-01', { end_date: '2027-03-03' }))).toBe(
      'The words name one day, but the end date is March 3, 2027.',
    );
    expect(whenDisagrees(card('March 1, 2027, 10:00 am', '2027-03-01', { start_time: '09:00' }))).toBe(
      'The words say the event starts at 10:00 am, but the start time is 9:00 am.',
    );
    expect(
      whenDisagrees(
        card('March 1, 2027, 9:00 am – 3:00 pm', '2027-03-01', { start_time: '09:00', end_time: '16:00' }),
      ),
    ).toBe('The words say the event ends at 3:00 pm, but the end time is 4:00 pm.');
  });
});

describe('eventDateProblems', () => {
  it('refuses an end before the start, and times without what they need', () => {
    expect(eventDateProblems(card('', '2027-03-03', { end_date: '2027-03-01' }))).toEqual({
      end_date: 'The end date must be on or after the start date.',
    });
    expect(eventDateProblems(card('', '', { end_date: '2027-03-01' }))).toEqual({
      end_date: 'An end date needs a start date.',
    });
    expect(eventDateProblems(card('', '2027-03-01', { start_time: '10:00', end_time: '09:00' }))).toEqual({
      end_time: 'The end time must be later than the start time.',
    });
    expect(
      eventDateProblems(card('', '2027-03-01', { end_date: '2027-03-03', start_time: '09:00' })),
    ).toBeNull();
  });
});

describe('soonestEventFirst', () => {
  it('orders by start date, then start time, undated last', () => {
    const items = [
      { id: '1', start_date: '', start_time: '' },
      { id: '2', start_date: '2027-03-01', start_time: '13:00' },
      { id: '3', start_date: '2027-03-01', start_time: '09:00' },
      { id: '4', start_date: '2027-02-28', start_time: '' },
    ];
    expect(items.sort(soonestEventFirst).map((i) => i.id)).toEqual(['4', '3', '2', '1']);
  });
});

describe('proposedDates', () => {
  it('reads a start date and a last day from the words of a card without them', () => {
    expect(proposedDates(card('Saturday, January 9 – Saturday, February 20, 2027', '2027-01-09'))).toEqual({
      end_date: '2027-02-20',
    });
    expect(proposedDates(card('June 22–24, 2027', ''))).toEqual({
      start_date: '2027-06-22',
      end_date: '2027-06-24',
    });
    expect(proposedDates(card('Saturday, March 6, 2027, 9:00 am – 1:00 pm', ''))).toEqual({
      start_date: '2027-03-06',
    });
  });

  it('proposes nothing for a card whose dates are all there, or words that name no dated day', () => {
    expect(proposedDates(card('Saturday, March 6, 2027, 9:00 am – 1:00 pm', '2027-03-06'))).toBeNull();
    expect(proposedDates(card('Spring 2027, dates to be announced', ''))).toBeNull();
    expect(proposedDates(card('Fall 2026', ''))).toBeNull();
    expect(proposedDates(card('March 6', ''))).toBeNull();
    expect(proposedDates(card('June 22–24, 2027', '2027-06-22', { end_date: '2027-06-24' }))).toBeNull();
  });
});
