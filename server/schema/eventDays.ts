// The days an event card's display date names ("Monday, June 14 – Friday, June 18, 2027", "June
// 22–24, 2027", "Saturday, January 9 – Saturday, February 20, 2027"), so its calendar entry spans
// them instead of its start date alone. The card's start date stays the first day; the text gives
// the last one. A text that names one day, or none, is one day.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4})\b)?`;
const WEEKDAY = String.raw`(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?`;
const BETWEEN = String.raw`\s*(?:–|—|-|to|until|through|thru)\s*`;
/** Day one, then "– <weekday> <month> <day>[, year]" or "–<day>[, year]" (not a time of day). */
const RANGE = new RegExp(
  `${MONTH}${BETWEEN}${WEEKDAY}(?:${MONTH}|(\\d{1,2})(?:st|nd|rd|th)?\\b(?![:.]\\d|\\s*[ap]\\.?\\s?m\\b)(?:,?\\s+(\\d{4})\\b)?)`,
  'i',
);
const YEAR = /\b(\d{4})\b/g;

const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last day (ISO) of a card that starts on `start` (ISO), or `start` when it names one day. */
export function lastDay(display: string, start: string): string {
  const m = RANGE.exec(display);
  if (!m) return start;
  const [, , , firstYear, month2, day2, year2, bareDay, bareYear] = m;
  const startMs = Date.parse(`${start}T00:00:00Z`);
  const month = month2 ? MONTHS.indexOf(month2.toLowerCase().slice(0, 3)) : new Date(startMs).getUTCMonth();
  const day = Number(day2 ?? bareDay);
  // The year the text gives the last day (or after it, or the first day's), else the start's.
  const named = year2 ?? bareYear ?? [...display.slice(m.index + m[0].length).matchAll(YEAR)][0]?.[1];
  let year = Number(named ?? firstYear ?? new Date(startMs).getUTCFullYear());
  let endMs = Date.UTC(year, month, day);
  // "December 28 – January 2" without years: the new year's.
  if (!named && endMs < startMs) endMs = Date.UTC(++year, month, day);
  if (new Date(endMs).getUTCDate() !== day) return start; // "February 30"
  const days = (endMs - startMs) / DAY_MS;
  return days > 0 && days <= MAX_DAYS ? iso(endMs) : start;
}
