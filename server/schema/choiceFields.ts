// Field helpers for closed sets of values: a yes/no flag ('1'/'0' on the wire), codes (readable names
// stored, short codes on the wire) and a choice (stored and sent as is). Pure TypeScript + zod.
import { z } from 'zod';
import { type FieldDef } from './fields.ts';
import { ASK_SCHEMA, withQuickCheck } from './quickCheck.ts';

/** A yes/no value stored as a YAML boolean and sent as '1' (true) or '0' (false). */
export const flag = (
  label: string,
  opts: { initial?: boolean; help?: string; yes?: string; no?: string } = {},
): FieldDef<'flag', boolean> => ({
  kind: 'flag',
  label,
  help: opts.help,
  required: false,
  initial: opts.initial ?? false,
  options: [
    { value: true, label: opts.yes ?? 'Yes' },
    { value: false, label: opts.no ?? 'No' },
  ],
  schema: withQuickCheck(
    z
      .boolean({ error: `${label} must be '0' or '1'` })
      .optional()
      .transform((v) => v ?? opts.initial ?? false),
    (v) => (v === undefined ? (opts.initial ?? false) : typeof v === 'boolean' ? v : ASK_SCHEMA),
  ),
});

/**
 * A closed set of readable stored names, each sent on the wire as a short code
 * (display_event '0'..'2', implementation '1'..'3'). The wire may send either; the schema takes names.
 */
export function codes<const N extends string>(
  label: string,
  map: Record<N, { code: string; label: string }>,
  opts: { initial: NoInfer<N>; help?: string; message?: string },
): FieldDef<'codes', N> {
  const names = Object.keys(map) as N[];
  const message = opts.message ?? `${label} must be one of ${names.map((n) => map[n].code).join(', ')}`;
  return {
    kind: 'codes',
    label,
    help: opts.help,
    required: false,
    initial: opts.initial,
    options: names.map((n) => ({ value: n, label: map[n].label })),
    schema: withQuickCheck(
      z
        .enum(names as [N, ...N[]], { error: message })
        .optional()
        .transform((v) => v ?? opts.initial),
      (v) => (v === undefined ? opts.initial : (names as unknown[]).includes(v) ? v : ASK_SCHEMA),
    ),
    wireCodes: Object.fromEntries(names.map((n) => [n, map[n].code])),
  };
}

/** One of a fixed list of string values, stored and sent as is. */
export function choice<const V extends string>(
  label: string,
  values: readonly V[],
  opts: { initial: NoInfer<V>; help?: string; labels?: Partial<Record<V, string>> },
): FieldDef<'choice', V> {
  return {
    kind: 'choice',
    label,
    help: opts.help,
    required: false,
    initial: opts.initial,
    options: values.map((v) => ({ value: v, label: opts.labels?.[v] ?? (v || 'None') })),
    schema: withQuickCheck(
      z
        .string()
        .optional()
        .transform((raw, ctx) => {
          const v = (raw ?? opts.initial).trim();
          if ((values as readonly string[]).includes(v)) return v as V;
          ctx.addIssue({
            code: 'custom',
            message: `${label} must be one of: ${values.map((x) => x || 'None').join(', ')}`,
          });
          return z.NEVER;
        }),
      (raw) => {
        if (typeof raw !== 'string' && raw !== undefined) return ASK_SCHEMA;
        const v = (raw ?? opts.initial).trim();
        return (values as readonly string[]).includes(v) ? v : ASK_SCHEMA;
      },
    ),
  };
}
