// How the admin shows a date: "Mar 5, 2025", with the month in words, so that no one reads 05/03
// as May 3 (a US reader expects MM/DD). The same style as the history's and messages' times
// ("Mar 5, 2025, 3:04 PM"). What is sent and stored (ISO) is unchanged.
import { utcDay } from '../../../server/schema/eventWhen.ts';

const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A stored 'YYYY-MM-DD' → 'Mar 5, 2025'; anything else (or an impossible date) unchanged. */
export function adminDate(raw: string): string {
  const t = utcDay(raw.trim());
  return t ? medium.format(t) : raw;
}

const mediumTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * A stored "Show from" / "Show until" time ('2031-01-15T09:30:00-08:00', written in the site's zone)
 * → 'Jan 15, 2031, 9:30 AM', the site's time as staff typed it; anything else unchanged.
 */
export function adminSiteTime(stored: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(stored);
  if (!m) return stored;
  const [y, mo, d, h, mi] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  return mediumTime.format(new Date(Date.UTC(y!, mo! - 1, d, h, mi)));
}

/**
 * A moment in the reader's own time: 'Mar 5, 2026, 10:12 AM' (commits, messages, drafts, accounts,
 * audit words); '' for none, and what was given when it is not a time.
 */
export function localTime(d: string | number | null | undefined): string {
  if (d === null || d === undefined || d === '') return '';
  const t = new Date(d);
  return Number.isNaN(t.getTime())
    ? String(d)
    : t.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
