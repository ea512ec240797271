// iCalendar text (RFC 5545 §3.1, §3.3.11): content lines ending in CRLF, folded at 75 octets, with
// the characters TEXT values must escape escaped.

/** A TEXT value: backslash, semicolon and comma escaped, line breaks written as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const MAX_OCTETS = 75;

/**
 * Folds one content line: no line longer than 75 octets (UTF-8), each continuation starting with a
 * space (which counts), and never inside a character's bytes.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (octets + size > limit) {
      parts.push(part);
      part = '';
      octets = 0;
      limit = MAX_OCTETS - 1; // the leading space of a continuation line
    }
    part += ch;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

/** `NAME;PARAM=V:value`; `value` is written as given (escape TEXT values with escapeText). */
export function contentLine(name: string, value: string, params: Record<string, string> = {}): string {
  const p = Object.entries(params)
    .map(([k, v]) => `;${k}=${v}`)
    .join('');
  // Control characters other than tab are not allowed in values.
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return foldLine(`${name}${p}:${value.replace(/[\u0000-\u0008\u000A-\u001F\u007F]/g, '')}`);
}

/** Joins content lines into an iCalendar object: every line, the last included, ends in CRLF. */
export const icalendarText = (lines: readonly string[]) => `${lines.join('\r\n')}\r\n`;

/** A DATE value (`20270109`) from an ISO date. */
export const icalDate = (iso: string) => iso.replace(/-/g, '');

/** A UTC DATE-TIME value (`20270109T170000Z`). */
export const icalUtc = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** The ISO date of the day after (DTEND of an all-day event is the day after its last day). */
export function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
