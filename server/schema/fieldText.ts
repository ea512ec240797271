// A stored field value read as text. Item data is `Record<string, unknown>`: every field kind stores a
// string, a boolean or (in hand-written front matter) a number, and those are written out as they are;
// an empty value is the fallback. Anything else (an object or list no field holds) is '' rather than
// "[object Object]" in a page, feed, check message or file.

export function fieldText(value: unknown, fallback = ''): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return '';
}
