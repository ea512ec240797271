// Items read from git's blobs for drafts' views, parsed once per blob. A blob never changes under
// its id, so the same blob parses to the same item: every save into a draft and every live change
// makes the draft's view again, and all but the one file just saved are blobs it has read before
// (the items as the draft began, the draft's other items). Reading and parsing each again was most
// of the time a draft save spent outside its commit.
import type { EntityDef } from '../../schema/define.ts';
import type { GitStore } from '../../store/gitStore.ts';
import { parseItemFile } from '../index/fileFormat.ts';

type Data = Record<string, unknown>;

/** Items kept: a few per open draft (each a few hundred bytes to a few kB). */
const KEEP = 2000;

const parsed = new Map<string, Data | null>();

/** The item a blob holds, or null when it does not parse as one of `def`'s (as a missing file). */
export async function itemOfBlob(store: GitStore, def: EntityDef, blob: string): Promise<Data | null> {
  const key = `${def.name}:${blob}`;
  const hit = parsed.get(key);
  if (hit !== undefined) {
    parsed.delete(key);
    parsed.set(key, hit);
    return hit;
  }
  const result = parseItemFile(def, (await store.drafts.bytes(blob)).toString('utf8'));
  const data = result.ok ? result.data : null;
  if (parsed.size >= KEEP) parsed.delete(parsed.keys().next().value!);
  parsed.set(key, data);
  return data;
}
