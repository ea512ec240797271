// How far V8 lets the heap grow past what the last full collection found live. On a machine with
// memory to spare it allows up to four times (node's heap limit here is 4 GB): at 100,000 items the
// server held 650–750 MB live and its resident memory reached 1.8–2.3 GB of garbage not yet
// collected after searches and list reads (docs/performance.md, Memory at 100,000 items). A fixed
// quarter keeps it near what is live. Set only once the start's work is done: during the start the
// live heap grows several times over, and a quarter at a time would collect it again and again.
import v8 from 'node:v8';

export const HEAP_GROWTH_PERCENT = 25;

/** From now on a full collection comes once the heap has grown by `percent` past what was live. */
export function limitHeapGrowth(percent = HEAP_GROWTH_PERCENT): void {
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
