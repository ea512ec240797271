// The fields' quick checks: each helper registers one beside its schema (see withQuickCheck), and
// validation asks for it by the schema object. Pure TypeScript + zod.
import type { z } from 'zod';

/**
 * A field's quick check: for the values content files usually hold, the stored value the field's
 * schema gives, computed without zod (a start without its parse cache spent most of its parse time
 * inside zod); ASK_SCHEMA for anything else (a problem to report, an unusual value), which the
 * schema then decides. Each helper declares its check beside its schema, registered by the schema
 * object, so a field with a schema of its own simply has none; server/schema/validate.test.ts holds
 * every check to its schema over thousands of values.
 */
export const ASK_SCHEMA: unique symbol = Symbol('ask the schema');
export type QuickCheck = (value: unknown) => unknown;
const quickChecks = new WeakMap<object, QuickCheck>();
export const quickCheckOf = (schema: z.ZodType): QuickCheck | undefined => quickChecks.get(schema);
export function withQuickCheck<S extends z.ZodType>(schema: S, check: QuickCheck): S {
  quickChecks.set(schema, check);
  return schema;
}
