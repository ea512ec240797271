// The wire codec of an entity, built from its declaration: stored item ⇄ the documented endpoints'
// shape (wire field names from legacy.rename and the write aliases, each field's own string encoding).
// Only the documented endpoints' edge uses it; everything inside works with stored (typed) values.
// Only types from define.ts, which re-exports this codec as part of the declaration's API.
import type { EntityDef, Fields } from './define.ts';
import { isMediaField } from './fields.ts';

/** A field's name on the documented endpoints (legacy.rename), else its stored name. */
export const wireName = (def: EntityDef, key: string) => def.legacy.rename?.[key] ?? key;

export interface StoredItem {
  id: string;
  /** Blob id of the item's file: the version a write must send back to avoid overwriting. */
  version: string;
  data: Record<string, unknown>;
}

/** Turns a media path into what the wire carries: base64 bytes, or a /media/ URL. */
export type MediaEncoder = (path: string, kind: 'image' | 'pdf') => string | undefined;

export function toWire(def: EntityDef, item: StoredItem, media: MediaEncoder): Record<string, unknown> {
  const out: Record<string, unknown> = { id: item.id };
  for (const [key, field] of Object.entries(def.fields as Fields)) {
    const value: unknown = item.data[key] ?? field.initial;
    if (isMediaField(field)) {
      const encoded = typeof value === 'string' && value ? media(value, field.kind) : '';
      if (encoded !== undefined) out[wireName(def, key)] = encoded;
    } else {
      out[wireName(def, key)] = field.toWire(value);
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
    if (!isMediaField(field)) out[key] = value;
    else out[key] = (typeof value === 'string' && value ? media(value, field.kind) : '') ?? '';
  }
  out.version = item.version;
  return out;
}

/** Stored (readable) name for an incoming wire field name. */
export function storedKeyFor(def: EntityDef, wireKey: string): string | undefined {
  const fields = def.fields as Fields;
  if (Object.hasOwn(fields, wireKey)) return wireKey;
  const aliases = def.legacy.writes?.aliases ?? {};
  const alias = Object.hasOwn(aliases, wireKey) ? aliases[wireKey] : undefined;
  if (alias) return alias;
  for (const [stored, wire] of Object.entries(def.legacy.rename ?? {})) if (wire === wireKey) return stored;
  return undefined;
}

/**
 * What a documented write call sent, as stored names and values: names renamed back (legacy.rename,
 * the write aliases), each field decoded by its kind. Media fields are set by uploads only, and
 * keys that name no field (id, version, timestamp…) are left out.
 */
export function fromWire(def: EntityDef, wire: Record<string, unknown>): Record<string, unknown> {
  const fields = def.fields as Fields;
  const out: Record<string, unknown> = {};
  for (const [wireKey, value] of Object.entries(wire)) {
    const key = storedKeyFor(def, wireKey);
    const field = key === undefined ? undefined : fields[key];
    if (field && !isMediaField(field)) out[key!] = field.fromWire(value);
  }
  return out;
}
