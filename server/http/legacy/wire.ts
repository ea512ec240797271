// The wire codec of an entity, built from its declaration: stored item ⇄ the documented endpoints'
// shape (wire field names from legacy.rename and the write aliases, each field's own string encoding:
// '0'/'1', codes, DD/MM/YYYY). Only the HTTP edge uses it; everything inside works with stored
// (typed) values. Also the typed shape the project's own web app reads, with media as addresses.
import type { EntityDef, Fields } from '../../schema/define.ts';
import { isMediaField, type AnyField } from '../../schema/fields.ts';
import { mapListParts } from '../../schema/listFields.ts';
import { isSharedFile } from '../../schema/mediaLibrary.ts';
import { storedKeyFor } from '../../schema/codec.ts';
import type { StoredItem } from '../../schema/storedItem.ts';
import { fieldFromWire, fieldToWire } from './fieldWire.ts';
import type { MediaEncoder } from '../../content/readModel/readModel.ts';

/** 'wire': the documented strings ('0'/'1', codes, DD/MM/YYYY); 'typed': the stored values. */
export type Shape = 'wire' | 'typed';

/** A field's name on the documented endpoints (legacy.rename), else its stored name. */
export const wireName = (def: EntityDef, key: string) => def.legacy.rename?.[key] ?? key;

export function toWire(def: EntityDef, item: StoredItem, media: MediaEncoder): Record<string, unknown> {
  const out: Record<string, unknown> = { id: item.id };
  for (const [key, field] of Object.entries(def.fields as Fields)) {
    const value: unknown = item.data[key] ?? field.initial;
    if (isMediaField(field)) {
      const encoded = value ? media(value as string, field.kind) : '';
      if (encoded !== undefined) out[wireName(def, key)] = encoded;
    } else if (field.kind === 'list') {
      out[wireName(def, key)] = listOut(field, value, media);
    } else {
      out[wireName(def, key)] = fieldToWire(field, value);
    }
  }
  out.version = item.version;
  return out;
}

/**
 * The shape the project's own web app reads (page data, the admin's API, `?shape=typed`): stored
 * names and values (booleans, readable names, ISO dates), every declared field present, media as
 * what the encoder makes of their paths (URLs).
 */
export function typedItem(def: EntityDef, item: StoredItem, media: MediaEncoder): Record<string, unknown> {
  const out: Record<string, unknown> = { id: item.id };
  for (const [key, field] of Object.entries(def.fields as Fields)) {
    const value: unknown = item.data[key] ?? field.initial;
    if (field.kind === 'list') out[key] = listOut(field, value, media);
    else if (!isMediaField(field)) out[key] = value;
    else out[key] = (value ? media(value as string, field.kind) : '') ?? '';
  }
  out.version = item.version;
  return out;
}

/** A list as readers get it: its values as stored, its pictures and files as the encoder makes them. */
const listOut = (field: AnyField, value: unknown, media: MediaEncoder) =>
  mapListParts(field, value, (part, v) =>
    isMediaField(part) ? ((typeof v === 'string' && v ? media(v, part.kind) : '') ?? '') : v,
  );

/**
 * A picture in a list names a file of the site's media by its path, or by the address readers were
 * given for it (`/media/library/x.jpg?v=…`, what the admin read): stored as the path.
 */
const listIn = (field: AnyField, value: unknown) =>
  mapListParts(field, value, (part, v) => {
    if (!isMediaField(part) || typeof v !== 'string') return v;
    const at = /^\/(?:preview\/[A-Za-z0-9_-]+\/)?(media\/[^?#]+)/.exec(v);
    if (!at) return v;
    try {
      return decodeURI(at[1]!);
    } catch {
      return at[1];
    }
  });

/** An item in the shape asked for. */
export const encodeItem = (
  def: EntityDef,
  item: StoredItem,
  media: MediaEncoder,
  shape: Shape | undefined,
): Record<string, unknown> => {
  const encoded = (shape === 'typed' ? typedItem : toWire)(def, item, media);
  // A read in a language says which language each item's words are in (issue 36).
  return item.lang === undefined ? encoded : { ...encoded, lang: item.lang };
};

/**
 * What a documented write call sent, as stored names and values: names renamed back (legacy.rename,
 * the write aliases), each field decoded by its kind. Media fields are set by uploads, or to a file
 * of the media library by its path; keys that name no field (id, version, timestamp…) are left out.
 */
export function fromWire(def: EntityDef, wire: Record<string, unknown>): Record<string, unknown> {
  const fields = def.fields as Fields;
  const out: Record<string, unknown> = {};
  for (const [wireKey, value] of Object.entries(wire)) {
    const key = storedKeyFor(def, wireKey);
    const field = key === undefined ? undefined : fields[key];
    if (!field) continue;
    // A picture or file field names a file of the media library by its path; else uploads set it.
    if (isMediaField(field)) {
      if (typeof value === 'string' && isSharedFile(value)) out[key!] = value;
    } else if (field.kind === 'list') out[key!] = listIn(field, value);
    else out[key!] = fieldFromWire(field, value);
  }
  return out;
}
