// The time of day an event card's display date names ("Saturday, January 23, 2027, 9:00 am – 3:30
// pm"), so its calendar entry can start and end then rather than take the whole day. Only a text
// that names one day is read this way: a range of days stays an all-day entry.
import { parseSiteTime } from './siteTime.ts';

/** Minutes after midnight. */
export interface TimesOfDay {
  start: number;
  end?: number;
}

const MONTH = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b/gi;
/** 9 am, 9:30 pm, 9:30, 9.30 a.m.: a number alone (a day, a year) is not a time. */
const TIME = /\b(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?\s?m\b\.?)?/gi;
const BETWEEN = /^\s*(?:–|—|-|to|until)\s*$/i;

interface Found {
  h: number;
  m: number;
  meridiem?: 'a' | 'p';
  index: number;
  length: number;
}

function timesIn(text: string): Found[] {
  const out: Found[] = [];
  for (const match of text.matchAll(TIME)) {
    const [whole, h, m, ap] = match;
    if (m === undefined && ap === undefined) continue;
    const hour = Number(h);
    const minute = Number(m ?? 0);
    if (minute > 59 || hour > (ap ? 12 : 23) || (ap && hour === 0)) continue;
    const meridiem = ap?.toLowerCase() as 'a' | 'p' | undefined;
    out.push({ h: hour, m: minute, meridiem, index: match.index, length: whole.length });
  }
  return out;
}

const minutes = (t: Found, meridiem = t.meridiem) => {
  if (!meridiem) return t.h * 60 + t.m;
  return ((t.h % 12) + (meridiem === 'p' ? 12 : 0)) * 60 + t.m;
};

export function timesOfDay(text: string): TimesOfDay | null {
  if ((text.match(MONTH) ?? []).length > 1) return null;
  const [first, second] = timesIn(text);
  if (!first) return null;
  const joined = second && BETWEEN.test(text.slice(first.index + first.length, second.index));
  if (!joined) return first.meridiem || first.h > 12 || first.h === 0 ? { start: minutes(first) } : null;
  // "9:00 – 3:30": morning or evening? Not guessed.
  if (!first.meridiem && !second.meridiem && second.h <= 12) return null;
  const end = minutes(second);
  // "4:00 – 5:30 pm": the first time shares the second's half of the day, unless that puts it after.
  let start = minutes(first, first.meridiem ?? second.meridiem);
  if (!first.meridiem && start > end) start = minutes(first, 'a');
  return end > start ? { start, end } : { start };
}

/** The instant a wall-clock time on a day has in a time zone (IANA name): the site clock's reading. */
export function zonedInstant(isoDay: string, minutesOfDay: number, timeZone: string): Date {
  const pad = (n: number) => String(n).padStart(2, '0');
  return new Date(
    parseSiteTime(`${isoDay}T${pad(Math.floor(minutesOfDay / 60))}:${pad(minutesOfDay % 60)}`, timeZone),
  );
}

/** Whether a name is a time zone this runtime knows (CMS_TIME_ZONE is checked at start). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
