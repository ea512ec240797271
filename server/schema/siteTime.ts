// The site's clock face: times of day are entered and shown in the site's time zone (CMS_TIME_ZONE,
// set once at start by server/main.ts) and stored as ISO 8601 with that zone's offset at the moment,
// e.g. 2026-03-05T09:00:00-08:00. Pure Intl, no Node APIs: the web app imports this module too.

export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

let zone = DEFAULT_TIME_ZONE;

/** Called by the server with CMS_TIME_ZONE; an unknown zone name is refused here, at start. */
export function setSiteTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    const example = DEFAULT_TIME_ZONE;
    throw new Error(`CMS_TIME_ZONE must be a time zone name such as ${example} (it is "${timeZone}").`);
  }
  zone = timeZone;
}

export const siteTimeZone = (): string => zone;

const formats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading in the zone at an instant, as if it were UTC (ms). */
function wallAsUtc(ms: number, timeZone: string): number {
  const parts = partsFormat(timeZone).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((x) => x.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
}

/** Minutes east of UTC in the zone at an instant (-480 for Los Angeles in winter). */
const offsetMinutes = (ms: number, timeZone: string) =>
  Math.round((wallAsUtc(Math.floor(ms / 1000) * 1000, timeZone) - Math.floor(ms / 1000) * 1000) / 60_000);

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant written in the zone: '2026-03-05T09:00:00-08:00' (seconds kept, milliseconds dropped). */
export function toZonedIso(ms: number, timeZone: string = zone): string {
  const off = offsetMinutes(ms, timeZone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + off * 60_000).toISOString().slice(0, 19);
  const sign = off < 0 ? '-' : '+';
  return `${wall}${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The instant a typed time means: with an offset ('…-08:00', '…Z') as written; without one
 * ('2026-03-05T09:00', what a datetime-local input sends) as a wall-clock time in the zone.
 * NaN when it is neither or not a real time. A wall time skipped by a clock change moves forward.
 */
export function parseSiteTime(raw: string, timeZone: string = zone): number {
  const v = raw.trim();
  if (WITH_OFFSET.test(v)) return Date.parse(v.replace(' ', 'T'));
  const m = WALL.exec(v);
  if (!m) return NaN;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return NaN;
  // The offset at a first guess, then at the instant it gives (they differ near a clock change).
  const first = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  const offset = offsetMinutes(first, timeZone);
  const second = asUtc - offset * 60_000;
  // When the second does not read back with its own offset, the wall time fell in the skipped hour.
  return offsetMinutes(second, timeZone) === offset ? second : first;
}

/**
 * What a datetime-local input shows for a stored time: its wall-clock part, 'YYYY-MM-DDTHH:mm'.
 * Stored times are written in the site's zone (the server normalises every one it reads), so the
 * browser needs no zone of its own to show them as site time.
 */
export function toWallInput(stored: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(stored.trim());
  return m ? `${m[1]}T${m[2]}` : '';
}
