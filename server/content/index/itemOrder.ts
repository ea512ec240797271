// What the content index and a draft's view both work out of an entity's items: their declared
// order, and an item's version (its file's blob with the blobs of the media it refers to).
import { createHash } from 'node:crypto';
import type { EntityDef, Fields } from '../../schema/define.ts';
import { isMediaField } from '../../schema/fields.ts';

/** An entity's items in its declared order (the data with its id compared, built once per item). */
export function inOrder<T extends { id: string; data: Record<string, unknown> }>(
  def: EntityDef,
  items: T[],
): T[] {
  if (def.type !== 'collection' || !def.order) return items;
  const keyed = items.map((item) => ({ item, key: { ...item.data, id: item.id } as never }));
  return keyed.sort((a, b) => def.order!(a.key, b.key)).map((k) => k.item);
}

/**
 * An item's version: its file's blob id, combined with the blob ids of the media it refers to, so
 * that replacing only a picture or a PDF is a new version too (and a stale edit still gets 409).
 */
export function itemVersion(
  def: EntityDef,
  fileVersion: string,
  data: Record<string, unknown>,
  mediaVersion: (rel: string) => string | undefined,
): string {
  const media = mediaKeys(def)
    .map((k) => data[k])
    .filter((p): p is string => typeof p === 'string' && p !== '');
  if (!media.length) return fileVersion;
  const hash = createHash('sha1').update(fileVersion);
  for (const p of media) hash.update(`\n${p}:${mediaVersion(p) ?? 'missing'}`);
  return hash.digest('hex');
}

/** The entity's picture and file fields (asked for every item of every load and media change). */
const mediaKeysOf = new WeakMap<EntityDef, string[]>();
export function mediaKeys(def: EntityDef): string[] {
  let keys = mediaKeysOf.get(def);
  if (!keys) {
    keys = Object.entries(def.fields as Fields)
      .filter(([, f]) => isMediaField(f))
      .map(([k]) => k);
    mediaKeysOf.set(def, keys);
  }
  return keys;
}
