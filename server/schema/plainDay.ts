// A stored day ('YYYY-MM-DD') as people read it. Small and apart from the event cards' wording
// (eventWhen.ts), since the public site's bundle carries it for every page.

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC midnight of a 'YYYY-MM-DD' (not checked: see utcDay). */
export const dayParts = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

const monthDayYear = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A stored 'YYYY-MM-DD' as its UTC day, or null when it is none (or impossible: 2025-02-31). */
export function utcDay(iso: string): Date | null {
  if (!ISO_DAY.test(iso)) return null;
  const t = dayParts(iso);
  return t.toISOString().slice(0, 10) === iso ? t : null;
}

/** 'March 1, 2027': a stored day as visitors and messages read it; anything else unchanged. */
export const plainDay = (iso: string) => {
  const t = utcDay(iso);
  return t ? monthDayYear.format(t) : iso;
};
