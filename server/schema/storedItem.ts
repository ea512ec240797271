// An item as it is stored and held in memory: its id, its version and its typed values (booleans,
// readable names, ISO dates). What the documented endpoints send of it is the HTTP edge's
// (server/http/legacy/wire.ts).

export interface StoredItem {
  id: string;
  /** Blob id of the item's file: the version a write must send back to avoid overwriting. */
  version: string;
  data: Record<string, unknown>;
  /**
   * The language its words are in, on reads in a language (`?lang=es`): that language where it is
   * translated, the source's ('en') where not. Undefined on the source's own reads.
   */
  lang?: string;
}
