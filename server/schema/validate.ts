// Validates a whole item of stored values with the entity's schema, and says what is wrong field by
// field. The server's every write and read of a file, and the admin form before it sends, call this
// one function, so a refused value gets the same message in the browser as from the server.
// Pure TypeScript + zod: the web app imports this module too.
import { objectSchema, type EntityDef } from './define.ts';

export type ValidationResult =
  { ok: true; data: Record<string, unknown> } | { ok: false; error: string; fields?: Record<string, string> };

export function validateItem(def: EntityDef, raw: Record<string, unknown>): ValidationResult {
  const result = objectSchema(def).safeParse(raw);
  if (result.success) return { ok: true, data: result.data as Record<string, unknown> };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? 'Invalid content';
  return { ok: false, error: first, fields };
}
