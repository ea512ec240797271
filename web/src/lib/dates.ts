// Dates shown to visitors read naturally (DESIGN decision 10): "March 5, 2025", in the words the
// server's messages use (server/schema/eventWhen.ts plainDay); in another language, as it writes
// them ("5 de marzo de 2025"). A stored day is a UTC day, so no time zone moves it to the day before.
import { plainDay, utcDay } from '../../../server/schema/plainDay.ts';
import { SOURCE_LANGUAGE } from '../../../server/schema/site/languages.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

function longDate(lang: string): Intl.DateTimeFormat {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
    formats.set(lang, format);
  }
  return format;
}

/** A stored date 'YYYY-MM-DD' → 'March 5, 2025' ('5 de marzo de 2025' in 'es'); anything else unchanged (trimmed). */
export function formatDate(raw: string, lang: string = SOURCE_LANGUAGE): string {
  const v = raw.trim();
  if (lang === SOURCE_LANGUAGE) return plainDay(v);
  const day = utcDay(v);
  return day ? longDate(lang).format(day) : v;
}

/** The machine-readable form for <time dateTime>, or undefined when the text is not a stored date. */
export function isoDate(raw: string): string | undefined {
  const v = raw.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
}
