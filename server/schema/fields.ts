// What a field is: FieldDef pairs one zod schema over stored (typed) values with what the admin form
// needs and what the documented wire needs to know of it (a date's spelling, the codes of a closed
// set), plus the questions every layer asks of a field. The helpers that make each kind live beside
// it: textFields, linkFields, dateFields, choiceFields, mediaFields. The wire's spellings ('0'/'1',
// codes, DD/MM/YYYY) are encoded and decoded at the HTTP edge only (server/http/legacy/fieldWire.ts):
// validation, the index and the web app see booleans, readable names and ISO dates.
// Pure TypeScript + zod: the web app imports this module too.
import type { z } from 'zod';
import type { ImageAlt } from './imageAlt.ts';

export type FieldKind =
  | 'text'
  | 'markdown'
  | 'link'
  | 'date'
  | 'time'
  | 'datetime'
  | 'flag'
  | 'codes'
  | 'choice'
  | 'image'
  | 'pdf'
  | 'list';

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
  /** Text that is no words a visitor searches for (a page's address): left out of the site search. */
  unsearched?: boolean;
  /**
   * Words a visitor reads (titles, texts, link words, descriptions of pictures): a translation file
   * (content/news/5.es.md) holds these and only these; dates, pictures, links and choices are the
   * source's (server/schema/translations.ts).
   */
  translatable?: boolean;
  /** What a list holds (list fields only: listFields.ts). */
  list?: ListShape;
}

type FieldsOf = Record<string, AnyField>;

/** One kind of item in a list of kinds (a section type): its name in messages and the form, and its fields. */
export interface ListItemType {
  label: string;
  /** One line the form shows when staff choose which kind to add. */
  help?: string;
  fields: FieldsOf;
}

/** What a list holds, and how many. */
export interface ListShape {
  /** One item's name in messages and the form ('section', 'button'). */
  noun: string;
  min: number;
  max: number;
  /** Each item's fields (a list of things of one kind). */
  fields?: FieldsOf;
  /** The kinds of item, by their `type` (a list of several kinds); each item says its own. */
  types?: Readonly<Record<string, ListItemType>>;
  /** Each item is a plain value checked by this field (a list of profile ids). */
  each?: AnyField;
}

/** The message a required field gives when empty: the declaration's own, or "<label> is required". */
export const requiredMessage = (label: string, required: boolean | string | undefined) =>
  typeof required === 'string' ? required : `${label} is required`;

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
