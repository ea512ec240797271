// What /api/stream says (server/http/routes/streamRoutes.ts writes it, web/src/lib/liveStream.ts
// reads it): declared once so the two cannot drift.

/** An item a save of the server wrote, at its new version (null: deleted). */
export interface SavedItem {
  entity: string;
  id: string;
  version: string | null;
}

/** The `change` event: the read calls whose answers changed, the entities, and (staff) what a save wrote. */
export interface StreamChangeMessage {
  endpoints: string[];
  entities: string[];
  saved?: SavedItem[];
}
