// Field helpers: each field kind pairs one zod schema over stored (typed) values with what the admin
// form needs, and declares what the documented wire needs to know of it (a date's spelling, the codes
// of a closed set). The wire's spellings ('0'/'1', codes, DD/MM/YYYY) are encoded and decoded at the
// HTTP edge only (server/http/legacy/fieldWire.ts): validation, the index and the web app see
// booleans, readable names and ISO dates. Pure TypeScript + zod: the web app imports this module too.
import { z } from 'zod';
import { normalizeLink } from './links.ts';
import { parseSiteTime, toZonedIso } from './siteTime.ts';
import type { ImageAlt } from './imageAlt.ts';

export type FieldKind =
  'text' | 'markdown' | 'link' | 'date' | 'time' | 'datetime' | 'flag' | 'codes' | 'choice' | 'image' | 'pdf';

export interface FieldDef<K extends FieldKind = FieldKind, T = unknown> {
  kind: K;
  label: string;
  help?: string;
  required: boolean;
  /** Validates a stored (typed) value and yields it normalised; wire spellings are refused. */
  schema: z.ZodType<T, unknown>;
  /** The value a new item starts with. */
  initial: T;
  /** A date's spelling on the documented endpoints: ISO (the default) or DD/MM/YYYY. */
  wire?: 'iso' | 'dmy';
  /** The short code the documented endpoints send for each stored name (codes fields). */
  wireCodes?: Readonly<Record<string, string>>;
  /**
   * Changed by admins only (the pipeline refuses others with 403; the admin shows it read-only): a
   * field that loads code on the public site.
   */
  onlyAdmins?: boolean;
  /** Shown as a box of this many lines (plain text that keeps its line breaks). */
  rows?: number;
  /** Valid stored values, for tests that fill every field, where the kind's usual samples do not fit. */
  examples?: readonly T[];
  /** Extra data the admin form needs (choices, max length, placeholder). */
  max?: number;
  /** The closed set of stored values the form offers (flags, codes, choices), with their labels. */
  options?: readonly { value: T; label: string }[];
  placeholder?: string;
  /** Hidden from the generic admin form (set by a per-entity extra instead). */
  formHidden?: boolean;
  /** A time that, when both are set, must be later than this other field's (show until > show from). */
  after?: string;
  /** Empty is no line in the file: files written before the field existed stay as they are. */
  omitWhenEmpty?: boolean;
  /**
   * An image the server draws from the first page of this PDF field when a save brings that PDF and
   * the item has no image of its own (a picture staff upload always wins). The form then does not ask
   * for the image, though the stored item always has one.
   */
  fromPdf?: string;
  /** An image's text alternative: where the page takes it from (image fields only, always declared). */
  alt?: ImageAlt;
}

interface TextOpts {
  required?: boolean | string;
  max?: number;
  help?: string;
  placeholder?: string;
  initial?: string;
}

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
function withQuickCheck<S extends z.ZodType>(schema: S, check: QuickCheck): S {
  quickChecks.set(schema, check);
  return schema;
}

const requiredMessage = (label: string, required: boolean | string | undefined) =>
  typeof required === 'string' ? required : `${label} is required`;

/** Single-line text is trimmed; markdown keeps leading space (indented code) but not trailing. */
function stringSchema(label: string, opts: TextOpts, trim: boolean) {
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

function stringQuickCheck(opts: TextOpts, trim: boolean): QuickCheck {
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
  required: !!opts.required,
  max: opts.max,
  initial: opts.initial ?? '',
  schema: stringSchema(label, opts, false),
});

export { normalizeLink, SAFE_PROTOCOLS } from './links.ts';

export const link = (
  label: string,
  opts: { required?: boolean | string; help?: string } = {},
): FieldDef<'link', string> => ({
  kind: 'link',
  label,
  help: opts.help,
  required: !!opts.required,
  initial: '',
  placeholder: 'https://example.org or /page',
  schema: withQuickCheck(
    stringSchema(label, opts, true).transform((v, ctx) => {
      const out = normalizeLink(v);
      if (out === null) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be a web address (https://…), an email link (mailto:…) or a page of this site (/…)`,
        });
        return z.NEVER;
      }
      return out;
    }),
    (raw) => {
      const v = stringQuickCheck(opts, true)(raw);
      return typeof v === 'string' ? (normalizeLink(v) ?? ASK_SCHEMA) : ASK_SCHEMA;
    },
  ),
});

/**
 * The address of a script the public site loads: https on one of the named hosts only, and changed by
 * admins only — whoever sets it runs code in every visitor's browser.
 */
export const scriptLink = (
  label: string,
  opts: { hosts: readonly string[]; help?: string },
): FieldDef<'link', string> => {
  const base = link(label, { help: opts.help });
  const allowed = (v: string) => {
    if (v === '') return true;
    try {
      const url = new URL(v);
      return url.protocol === 'https:' && opts.hosts.includes(url.hostname.toLowerCase());
    } catch {
      return false;
    }
  };
  const message = `${label} must be an https:// address on ${opts.hosts.join(' or ')}`;
  return {
    ...base,
    onlyAdmins: true,
    placeholder: `https://${opts.hosts[0] ?? 'example.org'}/…`,
    examples: opts.hosts.map((h) => `https://${h}/javascripts/api/embed.js`),
    schema: withQuickCheck(stringSchema(label, {}, true).refine(allowed, { message }), (raw) => {
      const v = stringQuickCheck({}, true)(raw);
      return typeof v === 'string' && allowed(v) ? v : ASK_SCHEMA;
    }),
  };
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether year, month and day name a day of the calendar (not 30 February). */
export function validDate(y: number, m: number, d: number) {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * A calendar date stored as ISO; `wire: 'dmy'` reads it as DD/MM/YYYY on the documented endpoint.
 * Either spelling is decoded from the wire (the old forms sent DD/MM/YYYY); the schema takes ISO only.
 */
export const date = (
  label: string,
  opts: { required?: boolean | string; wire?: 'iso' | 'dmy'; help?: string; omitWhenEmpty?: boolean } = {},
): FieldDef<'date', string> => ({
  kind: 'date',
  label,
  help: opts.help,
  required: !!opts.required,
  initial: '',
  omitWhenEmpty: opts.omitWhenEmpty,
  schema: withQuickCheck(
    z
      .union([z.string(), z.date()])
      .optional()
      .transform((raw, ctx) => {
        const v = raw instanceof Date ? raw.toISOString().slice(0, 10) : (raw ?? '').trim();
        if (v === '') {
          if (opts.required) ctx.addIssue({ code: 'custom', message: requiredMessage(label, opts.required) });
          return '';
        }
        const iso = ISO.exec(v);
        if (!iso || !validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))) {
          ctx.addIssue({ code: 'custom', message: `${label} must be a date such as 2025-03-05` });
          return z.NEVER;
        }
        return v;
      }),
    (raw) => {
      if (typeof raw !== 'string' && raw !== undefined) return ASK_SCHEMA;
      const v = (raw ?? '').trim();
      if (v === '') return opts.required ? ASK_SCHEMA : '';
      const iso = ISO.exec(v);
      return iso && validDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) ? v : ASK_SCHEMA;
    },
  ),
  ...(opts.wire === 'dmy' ? { wire: 'dmy' as const } : {}),
});

const HOUR_MINUTE = /^([01]?\d|2[0-3]):([0-5]\d)(?::00)?$/;

/** '9:05', '09:05' or '09:05:00' as '09:05'; null when it is not a time of day. */
function parseTimeOfDay(raw: string): string | null {
  const m = HOUR_MINUTE.exec(raw.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : null;
}

/**
 * A time of day on the site's clock, stored as 24-hour 'HH:MM' (what a time input gives). Empty is
 * none, and no line in the file.
 */
export const time = (label: string, opts: { help?: string } = {}): FieldDef<'time', string> => ({
  kind: 'time',
  label,
  help: opts.help,
  required: false,
  initial: '',
  omitWhenEmpty: true,
  schema: withQuickCheck(
    z
      .union([z.string(), z.null()])
      .optional()
      .transform((raw, ctx) => {
        const v = (raw ?? '').trim();
        if (v === '') return '';
        const out = parseTimeOfDay(v);
        if (out === null) {
          ctx.addIssue({ code: 'custom', message: `${label} must be a time of day such as 09:30` });
          return z.NEVER;
        }
        return out;
      }),
    (raw) => {
      if (typeof raw !== 'string' && raw !== undefined && raw !== null) return ASK_SCHEMA;
      const v = (raw ?? '').trim();
      return v === '' ? '' : (parseTimeOfDay(v) ?? ASK_SCHEMA);
    },
  ),
});

/**
 * A moment, stored as ISO 8601 with the site's offset (2026-03-05T09:00:00-08:00). Accepts a time
 * with an offset, or a wall-clock time without one (what the admin's input sends), read in the
 * site's time zone (server/schema/siteTime.ts). Empty means none.
 */
export const datetime = (
  label: string,
  opts: { help?: string; after?: string } = {},
): FieldDef<'datetime', string> => ({
  kind: 'datetime',
  label,
  help: opts.help,
  required: false,
  initial: '',
  after: opts.after,
  schema: withQuickCheck(
    z
      .union([z.string(), z.date(), z.null()])
      .optional()
      .transform((raw, ctx) => {
        if (raw instanceof Date) return toZonedIso(raw.getTime());
        const v = (raw ?? '').trim();
        if (v === '') return '';
        const ms = parseSiteTime(v);
        if (Number.isNaN(ms)) {
          ctx.addIssue({
            code: 'custom',
            message: `${label} must be a date and time such as 2025-03-05T09:00`,
          });
          return z.NEVER;
        }
        return toZonedIso(ms);
      }),
    (raw) => {
      if (typeof raw !== 'string' && raw !== undefined && raw !== null) return ASK_SCHEMA;
      const v = (raw ?? '').trim();
      if (v === '') return '';
      const ms = parseSiteTime(v);
      return Number.isNaN(ms) ? ASK_SCHEMA : toZonedIso(ms);
    },
  ),
});

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

const MEDIA_PATH = /^media\/[a-z0-9-]+\/[A-Za-z0-9_-]+\.(jpg|png|gif|webp|pdf)$/;

/** A stored media path (`media/<collection>/<id>.<ext>`), set only by uploads. */
const media =
  <K extends 'image' | 'pdf'>(kind: K) =>
  (
    label: string,
    opts: { required?: boolean | string; help?: string; fromPdf?: K extends 'image' ? string : never } = {},
  ): FieldDef<K, string> => ({
    kind,
    label,
    help: opts.help,
    required: !!opts.required,
    ...(opts.fromPdf ? { fromPdf: opts.fromPdf } : {}),
    initial: '',
    schema: withQuickCheck(
      z
        .string()
        .optional()
        .transform((raw, ctx) => {
          const v = (raw ?? '').trim();
          if (v === '') {
            if (opts.required)
              ctx.addIssue({ code: 'custom', message: requiredMessage(label, opts.required) });
            return '';
          }
          if (!MEDIA_PATH.test(v)) {
            ctx.addIssue({ code: 'custom', message: `${label} must be a file under media/` });
            return z.NEVER;
          }
          return v;
        }),
      (raw) => {
        if (typeof raw !== 'string' && raw !== undefined) return ASK_SCHEMA;
        const v = (raw ?? '').trim();
        if (v === '') return opts.required ? ASK_SCHEMA : '';
        return MEDIA_PATH.test(v) ? v : ASK_SCHEMA;
      },
    ),
  });

/** An image: its declaration says where its text alternative comes from (ImageAlt), so none lacks one. */
export const image = (
  label: string,
  opts: { required?: boolean | string; help?: string; alt: ImageAlt; fromPdf?: string },
): FieldDef<'image', string> => ({ ...media('image')(label, opts), alt: opts.alt });
export const pdf = media('pdf');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any kind's value type; unknown breaks assignability
export type AnyField = FieldDef<FieldKind, any>;
export const isMediaField = (f: AnyField): f is FieldDef<'image' | 'pdf', string> =>
  f.kind === 'image' || f.kind === 'pdf';

/** Whether the admin form asks for the field: required, and not an image the server can draw itself. */
export const askedFor = (f: AnyField): boolean => f.required && !f.fromPdf;

/** Whether an image field will be drawn from its PDF: it is declared so, no image file was chosen, the
 *  item has none, and its PDF was chosen (`chosen`: the fields a file was chosen for). */
export const drawnFromPdf = (f: AnyField, key: string, chosen: (key: string) => boolean, has: unknown) =>
  f.kind === 'image' && !!f.fromPdf && !chosen(key) && !has && chosen(f.fromPdf);
