// Field helpers for text: one line (text), several lines kept as typed (lines) and markdown, and the
// string schema and quick check that link fields build on too. Pure TypeScript + zod.
import { z } from 'zod';
import { type FieldDef, requiredMessage } from './fields.ts';
import { ASK_SCHEMA, type QuickCheck, withQuickCheck } from './quickCheck.ts';

export interface TextOpts {
  required?: boolean | string;
  max?: number;
  help?: string;
  placeholder?: string;
  initial?: string;
  /** Words a visitor reads, kept per language in translations (issue 36). */
  translatable?: boolean;
}

/** Single-line text is trimmed; markdown keeps leading space (indented code) but not trailing. */
export function stringSchema(label: string, opts: TextOpts, trim: boolean) {
  const s = z
    .union([z.string(), z.number(), z.null()], { error: `${label} must be text` })
    .optional()
    .transform((v) => (v === undefined || v === null ? (opts.initial ?? '') : String(v)))
    .transform((v) => (trim ? v.trim() : v.replace(/\r\n/g, '\n').replace(/\s+$/, '')));
  let out: z.ZodType<string, unknown> = s;
  if (opts.required) out = s.refine((v) => v.trim().length > 0, requiredMessage(label, opts.required));
  if (opts.max !== undefined) {
    const max = opts.max;
    out = out.refine((v) => v.length <= max, `${label} must be at most ${max} characters`);
  }
  return withQuickCheck(out, stringQuickCheck(opts, trim));
}

export function stringQuickCheck(opts: TextOpts, trim: boolean): QuickCheck {
  return (raw) => {
    if (typeof raw !== 'string' && raw !== undefined && raw !== null) return ASK_SCHEMA;
    const v = raw ?? opts.initial ?? '';
    // trimEnd() removes what /\s+$/ does (the same white space and line ends), without copying the text.
    const out = trim ? v.trim() : v.replace(/\r\n/g, '\n').trimEnd();
    if (opts.required && out.trim().length === 0) return ASK_SCHEMA;
    if (opts.max !== undefined && out.length > opts.max) return ASK_SCHEMA;
    return out;
  };
}

export const text = (label: string, opts: TextOpts = {}): FieldDef<'text', string> => ({
  kind: 'text',
  label,
  help: opts.help,
  ...(opts.translatable ? { translatable: true } : {}),
  required: !!opts.required,
  max: opts.max,
  placeholder: opts.placeholder,
  initial: opts.initial ?? '',
  schema: stringSchema(label, opts, true),
});

/** Plain text of several lines, each kept as typed (trailing space trimmed), e.g. a list of rules. */
export const lines = (
  label: string,
  opts: TextOpts & { rows: number; examples?: readonly string[] },
): FieldDef<'text', string> => ({
  kind: 'text',
  label,
  help: opts.help,
  ...(opts.translatable ? { translatable: true } : {}),
  required: !!opts.required,
  max: opts.max,
  placeholder: opts.placeholder,
  initial: opts.initial ?? '',
  rows: opts.rows,
  examples: opts.examples,
  schema: stringSchema(label, opts, false),
});

export const markdown = (label: string, opts: TextOpts = {}): FieldDef<'markdown', string> => ({
  kind: 'markdown',
  label,
  help: opts.help,
  ...(opts.translatable ? { translatable: true } : {}),
  required: !!opts.required,
  max: opts.max,
  initial: opts.initial ?? '',
  schema: stringSchema(label, opts, false),
});
