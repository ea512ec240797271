// Validates a whole item of stored values with the entity's schema, and says what is wrong field by
// field. The server's every write and read of a file, and the admin form before it sends, call this
// one function, so a refused value gets the same message in the browser as from the server.
// Pure TypeScript + zod: the web app imports this module too.
import { objectSchema, orderProblems, type EntityDef, type Fields } from './define.ts';
import { isMediaField } from './fields.ts';
import { ASK_SCHEMA, quickCheckOf, type QuickCheck } from './quickCheck.ts';

export type ValidationResult =
  { ok: true; data: Record<string, unknown> } | { ok: false; error: string; fields?: Record<string, string> };

export function validateItem(def: EntityDef, raw: Record<string, unknown>): ValidationResult {
  const quick = quickValidate(def, raw);
  if (quick) return { ok: true, data: quick };
  const result = objectSchema(def).safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    // A part of a list is named by its place: sections.2.items.0.link.
    const key = issue.path.map(String).join('.');
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? 'Invalid content';
  return { ok: false, error: first, fields };
}

/** Each field's quick check (quickCheck.ts; declared by each field helper), or null when one of the entity's fields has none. */
const quickChecksOf = new WeakMap<EntityDef, [string, QuickCheck][] | null>();
function quickChecks(def: EntityDef): [string, QuickCheck][] | null {
  let checks = quickChecksOf.get(def);
  if (checks === undefined) {
    const entries = Object.entries(def.fields as Fields).map(
      ([k, f]) => [k, quickCheckOf(f.schema)] as const,
    );
    checks = entries.every(([, c]) => c) ? (entries as [string, QuickCheck][]) : null;
    quickChecksOf.set(def, checks);
  }
  return checks;
}

/**
 * The stored values the entity's schema gives for `raw`, by the fields' quick checks, keys in the
 * schema's order; null when any field needs the schema itself (a problem, an unusual value). An
 * item made here is the one zod would make (server/schema/validate.test.ts compares them).
 */
export function quickValidate(def: EntityDef, raw: Record<string, unknown>): Record<string, unknown> | null {
  const checks = quickChecks(def);
  if (!checks) return null;
  const out: Record<string, unknown> = {};
  for (const [key, check] of checks) {
    const value = check(raw[key]);
    if (value === ASK_SCHEMA) return null;
    out[key] = value;
  }
  return orderProblems(def, out).length ? null : out;
}

/**
 * The required fields (not pictures or files) a new item's stored values lack, with the schema's own
 * messages; null when none is missing. Other problems are left for the whole item's check.
 */
export function missingRequired(
  def: EntityDef,
  values: Record<string, unknown>,
): { error: string; fields: Record<string, string> } | null {
  const result = validateItem(def, values);
  if (result.ok) return null;
  const fields: Record<string, string> = {};
  for (const [key, field] of Object.entries(def.fields as Fields)) {
    const v = values[key];
    const absent = v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
    if (field.required && !isMediaField(field) && absent && result.fields?.[key])
      fields[key] = result.fields[key]!;
  }
  const first = Object.values(fields)[0];
  return first ? { error: first, fields } : null;
}
