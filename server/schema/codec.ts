// Which stored field a name sent by a form or a documented write call names: the field itself, a
// write alias or a documented (renamed) name, as the entity's declaration says (legacy.rename,
// legacy.writes.aliases). A lookup in the declaration, shared by the HTTP edge, the change pipeline
// (uploads name their field) and the admin form; encoding and decoding the wire's values is the
// HTTP edge's alone (server/http/legacy/wire.ts).
import type { EntityDef, Fields } from './define.ts';

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
