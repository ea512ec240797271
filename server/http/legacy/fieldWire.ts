// Each field kind's spelling on the documented endpoints: how a stored (typed) value is sent, and how
// what a documented write call sent is read back. The declarations say what the wire needs to know
// (a date's `wire: 'dmy'`, a closed set's `wireCodes`); the spellings themselves live here only.
// A kind without its spelling here fails to compile.
import type { AnyField, FieldKind } from '../../schema/fields.ts';
import { validDate } from '../../schema/dateFields.ts';
import { toZonedIso } from '../../schema/siteTime.ts';

interface KindWire {
  /** How the documented read endpoints encode the stored value. */
  toWire(field: AnyField, value: unknown): string;
  /**
   * Decodes what a documented write endpoint was sent into the stored value; a value it does not
   * recognise is passed on unchanged, for the schema to refuse with the field's own message.
   */
  fromWire(field: AnyField, value: unknown): unknown;
}

/** Kinds whose wire spelling is the stored value itself. */
const asIs: KindWire = { toWire: (_field, value) => value as string, fromWire: (_field, value) => value };

/** What the documented endpoints accept for yes and no: '1'/'0', 'true'/'false', 1/0 and the booleans. */
const YES = new Set<unknown>([true, '1', 'true', 1]);
const NO = new Set<unknown>([false, '0', 'false', 0]);

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** Parses 'YYYY-MM-DD' or 'DD/MM/YYYY' into ISO; null when neither or not a real date. */
export function parseDate(raw: string): string | null {
  const v = raw.trim();
  let y: number, m: number, d: number;
  const iso = ISO.exec(v);
  const dmy = DMY.exec(v);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else return null;
  return validDate(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

const isoToDmy = (iso: string) => {
  const m = ISO.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};

const WIRE = {
  text: asIs,
  markdown: asIs,
  link: asIs,
  time: asIs,
  choice: asIs,
  image: asIs,
  pdf: asIs,
  // Lists travel as JSON (their pictures are made addresses and read back by wire.ts).
  list: asIs,
  // Either spelling is decoded (the old forms sent DD/MM/YYYY); the schema takes ISO only.
  date: {
    toWire: (field, value) => (field.wire === 'dmy' ? isoToDmy(value as string) : (value as string)),
    fromWire: (_field, value) => (typeof value === 'string' ? (parseDate(value) ?? value) : value),
  },
  datetime: {
    // Sent in the site's zone even when read with another (a parse cached before CMS_TIME_ZONE changed).
    toWire: (_field, value) => {
      const ms = value ? Date.parse(value as string) : NaN;
      return Number.isNaN(ms) ? (value as string) : toZonedIso(ms);
    },
    // A wall-clock time (the admin's input) is a site time, not a wire spelling: the schema reads it.
    fromWire: (_field, value) => value,
  },
  flag: {
    toWire: (_field, value) => (value ? '1' : '0'),
    fromWire: (_field, value) => (YES.has(value) ? true : NO.has(value) ? false : value),
  },
  // Stored as readable names, sent as short codes (display_event '0'..'2'); either may be sent.
  codes: {
    toWire: (field, value) => field.wireCodes![value as string]!,
    fromWire: (field, value) => {
      if (typeof value !== 'string' && typeof value !== 'number') return value;
      const s = String(value).trim();
      return Object.entries(field.wireCodes ?? {}).find(([, code]) => code === s)?.[0] ?? s;
    },
  },
} satisfies Record<FieldKind, KindWire>;

/** A stored value as the documented read endpoints send it. */
export const fieldToWire = (field: AnyField, value: unknown): string => WIRE[field.kind].toWire(field, value);

/** What a documented write call sent for a field, as the stored value (or as sent, for the schema to refuse). */
export const fieldFromWire = (field: AnyField, value: unknown): unknown =>
  WIRE[field.kind].fromWire(field, value);
