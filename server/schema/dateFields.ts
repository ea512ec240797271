// Field helpers for dates and times: a calendar date (ISO stored; `wire: 'dmy'` tells the HTTP edge
// it is DD/MM/YYYY on its documented endpoint), a time of day, and a moment on the site's clock.
// Pure TypeScript + zod.
import { z } from 'zod';
import { parseSiteTime, toZonedIso } from './siteTime.ts';
import { type FieldDef, requiredMessage } from './fields.ts';
import { ASK_SCHEMA, withQuickCheck } from './quickCheck.ts';

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
