// Background work (the search index, the history map, the parse cache…) runs in slices and gives the
// event loop back between them with a Turn. The default is one turn of the loop; the running server
// hands out its BackgroundWork's turn (server/http/backgroundWork.ts), which leaves most of the time
// to requests while they come in.
export type Turn = () => Promise<void>;

export const nextTurn: Turn = () => new Promise((go) => setImmediate(go));

/** How long background work runs before it gives the event loop back. */
export const SLICE_MS = 5;

/**
 * For a loop over many items: `const pace = pacer(turn)`, then `await pace()` after each item gives
 * the loop back once a slice's time has passed (and costs a microtask otherwise).
 */
export function pacer(turn: Turn = nextTurn, sliceMs = SLICE_MS): () => Promise<void> {
  let until = performance.now() + sliceMs;
  return async () => {
    if (performance.now() < until) return;
    await turn();
    until = performance.now() + sliceMs;
  };
}
