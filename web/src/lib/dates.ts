// Dates shown to visitors read naturally (DESIGN decision 10): "March 5, 2025".

const formatter = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

function natural(y: number, m: number, d: number): string | null {
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return formatter.format(t);
}

/** A stored date 'YYYY-MM-DD' → 'March 5, 2025'; anything else is returned unchanged. */
export function formatDate(raw: string): string {
  const v = raw.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (iso) return natural(Number(iso[1]), Number(iso[2]), Number(iso[3])) ?? v;
  return v;
}

/** The machine-readable form for <time dateTime>, or undefined when the text is not a stored date. */
export function isoDate(raw: string): string | undefined {
  const v = raw.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
}
