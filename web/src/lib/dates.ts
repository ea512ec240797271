// Dates shown to visitors read naturally (DESIGN decision 10): "March 5, 2025", in the words the
// server's messages use (server/schema/eventWhen.ts plainDay).
import { plainDay } from '../../../server/schema/plainDay.ts';

/** A stored date 'YYYY-MM-DD' → 'March 5, 2025'; anything else is returned unchanged (trimmed). */
export const formatDate = (raw: string): string => plainDay(raw.trim());

/** The machine-readable form for <time dateTime>, or undefined when the text is not a stored date. */
export function isoDate(raw: string): string | undefined {
  const v = raw.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
}
