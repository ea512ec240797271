// A save sent with an older version is not refused outright: editors work field by field, and two
// forms of one page (the banner switches and the dashboard addresses share one settings file) or a
// Show Page button beside an open edit form would otherwise refuse each other's saves. The fields
// this save changes, compared with the version the editor started from, are laid over the current
// item, unless someone else changed one of those same fields since: that is a real conflict.

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export type MergeResult = { ok: true; data: Record<string, unknown> } | { ok: false; fields: string[] };

/**
 * @param base the item as the editor loaded it; @param mine base with this save's input applied
 * (validated); @param current the item as stored now; @param touched fields set by other means
 * (uploads), changed whatever their value.
 */
export function mergeByField(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  current: Record<string, unknown>,
  touched: readonly string[] = [],
): MergeResult {
  const keys = new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(current)]);
  const changed = [...keys].filter((k) => !same(mine[k], base[k]));
  const theirs = [...new Set([...changed, ...touched])].filter((k) => !same(current[k], base[k]));
  if (theirs.length) return { ok: false, fields: theirs };
  const data = { ...current };
  for (const k of changed) data[k] = mine[k];
  return { ok: true, data };
}
