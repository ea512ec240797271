// An event card's dates and the words visitors read for them ("when_date"), one module for the admin
// form and the server: the words are written from the dates in the site's style (the starter cards':
// "Monday, June 14 – Friday, June 18, 2027", "Saturday, January 23, 2027, 9:00 am – 3:30 pm",
// "Wednesday, February 3, 2027, 4:00 – 5:30 pm"); staff may type other words, and are told when those
// disagree with the dates. The calendar and the order read the dates; only a card with a start date
// and words alone (what the documented write call sends) has its last day and times read from words.
import { lastDay } from './eventDays.ts';
import { dayParts, plainDay, utcDay } from './plainDay.ts';

export { plainDay, utcDay };
import { timesOfDay, type TimesOfDay } from './eventTimes.ts';

export interface EventDates {
  /** ISO days; `end` empty for one day. */
  start: string;
  end: string;
  /** 24-hour 'HH:MM' on the site's clock, or empty. */
  startTime: string;
  endTime: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The dates of a card's stored (or form) values. */
export const datesOf = (data: Record<string, unknown>): EventDates => ({
  start: str(data.start_date),
  end: str(data.end_date),
  startTime: str(data.start_time),
  endTime: str(data.end_time),
});

const weekdayMonthDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const yearOf = (iso: string) => iso.slice(0, 4);

/** 'Monday, March 1' (the year is added once, where the site's cards put it). */
const dayWords = (iso: string) => weekdayMonthDay.format(dayParts(iso));

const minutesOf = (hhmm: string): number | undefined => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
};
const halfOfDay = (minutes: number) => (minutes < 720 ? 'am' : 'pm');
const clock = (minutes: number) =>
  `${((Math.floor(minutes / 60) + 11) % 12) + 1}:${String(minutes % 60).padStart(2, '0')}`;

/** '9:00 am', '9:00 am – 3:30 pm', '4:00 – 5:30 pm' (one "pm" when both are in the afternoon). */
export function timeWords(startTime: string, endTime: string): string {
  const start = minutesOf(startTime);
  if (start === undefined) return '';
  const end = minutesOf(endTime);
  if (end === undefined || end <= start) return `${clock(start)} ${halfOfDay(start)}`;
  const first = halfOfDay(start) === halfOfDay(end) ? clock(start) : `${clock(start)} ${halfOfDay(start)}`;
  return `${first} – ${clock(end)} ${halfOfDay(end)}`;
}

/** The words visitors read for these dates; empty without a start date. */
export function whenText(dates: EventDates): string {
  if (!ISO_DAY.test(dates.start)) return '';
  const end = ISO_DAY.test(dates.end) && dates.end > dates.start ? dates.end : '';
  const times = timeWords(dates.startTime, dates.endTime);
  if (!end) return [`${dayWords(dates.start)}, ${yearOf(dates.start)}`, times].filter(Boolean).join(', ');
  const first =
    yearOf(dates.start) === yearOf(end)
      ? dayWords(dates.start)
      : `${dayWords(dates.start)}, ${yearOf(dates.start)}`;
  return [`${first} – ${dayWords(end)}, ${yearOf(end)}`, times].filter(Boolean).join(', ');
}

/** Whether a card has more than the documented words and a start date: an end date or a time. */
const hasDateFields = (d: EventDates) => !!(d.end || d.startTime || d.endTime);

/** The days and times a card's entry spans: from its dates, else (words and start date alone) its words. */
export interface EventSpan {
  start: string;
  /** The last day (the start for one day). */
  end: string;
  /** On one day only: the times of day, in minutes after midnight. */
  times: TimesOfDay | null;
}

export function eventSpan(data: Record<string, unknown>): EventSpan | null {
  const dates = datesOf(data);
  if (!ISO_DAY.test(dates.start)) return null;
  if (!hasDateFields(dates)) {
    const text = str(data.when_date);
    const end = lastDay(text, dates.start);
    return { start: dates.start, end, times: end === dates.start ? timesOfDay(text) : null };
  }
  const end = ISO_DAY.test(dates.end) && dates.end > dates.start ? dates.end : dates.start;
  const start = minutesOf(dates.startTime);
  const endMinutes = minutesOf(dates.endTime);
  const times =
    end === dates.start && start !== undefined
      ? { start, ...(endMinutes !== undefined && endMinutes > start ? { end: endMinutes } : {}) }
      : null;
  return { start: dates.start, end, times };
}

/**
 * The words a save stores: the written words when a card with a start date has none, or when its
 * words were the ones written for its dates before this change (they follow the dates). Words
 * staff typed themselves are kept; `whenDisagrees` tells them when those no longer fit.
 */
export function followedWhen(
  data: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
): string | undefined {
  const written = whenText(datesOf(data));
  if (!written) return undefined;
  const text = str(data.when_date);
  if (text === '') return written;
  if (before && text === str(before.when_date) && text === whenText(datesOf(before))) return written;
  return undefined;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const FIRST_DAY =
  /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b/i;
const YEAR = /\b(\d{4})\b/;

/** The first day the words name (ISO), its year the first one they give, else the start's; or null. */
function firstDayNamed(text: string, start: string): string | null {
  const m = FIRST_DAY.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[1]!.toLowerCase().slice(0, 3));
  const day = Number(m[2]);
  const year = Number(YEAR.exec(text.slice(m.index))?.[1] ?? start.slice(0, 4));
  const t = new Date(Date.UTC(year, month, day));
  return t.getUTCDate() === day ? t.toISOString().slice(0, 10) : null;
}

const timeText = (minutes: number) => `${clock(minutes)} ${halfOfDay(minutes)}`;

/**
 * Plain words for staff when the visitors' words name other days or times than the dates; null when
 * they agree, name none (“Spring 2027”), or there are no dates to disagree with.
 */
export function whenDisagrees(data: Record<string, unknown>): string | null {
  const dates = datesOf(data);
  const text = str(data.when_date);
  if (!text || !ISO_DAY.test(dates.start) || text === whenText(dates)) return null;
  const first = firstDayNamed(text, dates.start);
  if (!first) return null;
  if (first !== dates.start)
    return `The words say the event starts on ${plainDay(first)}, but the start date is ${plainDay(dates.start)}.`;
  // Words and a start date alone: the words give the last day and times (eventSpan), so they agree.
  if (!hasDateFields(dates)) return null;
  const end = ISO_DAY.test(dates.end) && dates.end > dates.start ? dates.end : dates.start;
  const last = lastDay(text, dates.start);
  if (last !== end) {
    if (last === dates.start) return `The words name one day, but the end date is ${plainDay(end)}.`;
    return end === dates.start
      ? `The words say the event ends on ${plainDay(last)}, but it has no end date.`
      : `The words say the event ends on ${plainDay(last)}, but the end date is ${plainDay(end)}.`;
  }
  const start = minutesOf(dates.startTime);
  if (start === undefined || end !== dates.start) return null;
  const said = timesOfDay(text);
  if (!said) return `The words give no time of day, but the start time is ${timeText(start)}.`;
  if (said.start !== start)
    return `The words say the event starts at ${timeText(said.start)}, but the start time is ${timeText(start)}.`;
  const endMinutes = minutesOf(dates.endTime);
  if (endMinutes !== undefined && said.end !== undefined && said.end !== endMinutes)
    return `The words say the event ends at ${timeText(said.end)}, but the end time is ${timeText(endMinutes)}.`;
  return null;
}

/** Soonest first by start date, then start time; undated last; ties by id (the events listing's order). */
export function soonestEventFirst(
  a: { id: string; start_date: string; start_time?: string },
  b: { id: string; start_date: string; start_time?: string },
): number {
  if (!a.start_date !== !b.start_date) return a.start_date ? -1 : 1;
  return (
    a.start_date.localeCompare(b.start_date) ||
    (a.start_time ?? '').localeCompare(b.start_time ?? '') ||
    Number(a.id) - Number(b.id)
  );
}

/** Field messages when the dates cannot be one event's (an end before its start); null when fine. */
export function eventDateProblems(data: Record<string, unknown>): Record<string, string> | null {
  const d = datesOf(data);
  const problems: Record<string, string> = {};
  if (d.end && !d.start) problems.end_date = 'An end date needs a start date.';
  else if (d.end && d.end < d.start) problems.end_date = 'The end date must be on or after the start date.';
  if ((d.startTime || d.endTime) && !d.start) problems.start_time = 'A time needs a start date.';
  if (d.endTime && !d.startTime) problems.end_time = 'An end time needs a start time.';
  else if (d.endTime && d.startTime && d.endTime <= d.startTime && (!d.end || d.end === d.start))
    problems.end_time = 'The end time must be later than the start time.';
  return Object.keys(problems).length ? problems : null;
}

/**
 * Dates read from the words of a card that lacks them (`npm run propose-event-dates`): a start date
 * when it has none and its words name a day with its year, an end date when its words name a range
 * of days and it has no end date. Null when there is nothing to propose.
 */
export function proposedDates(
  data: Record<string, unknown>,
): { start_date?: string; end_date?: string } | null {
  const dates = datesOf(data);
  const text = str(data.when_date);
  const out: { start_date?: string; end_date?: string } = {};
  let start = dates.start;
  if (!ISO_DAY.test(start)) {
    const m = FIRST_DAY.exec(text);
    // Without a year the day could be any year's: nothing is guessed.
    if (!m || !YEAR.test(text.slice(m.index))) return null;
    const first = firstDayNamed(text, '');
    if (!first) return null;
    start = out.start_date = first;
  }
  if (!dates.end) {
    const last = lastDay(text, start);
    if (last > start) out.end_date = last;
  }
  return Object.keys(out).length ? out : null;
}
