// Rendered markdown in the browser: HTML made by the server (markdownKey.ts), arriving with the page
// and with each later page-data answer. Components re-render when HTML they wait for arrives.
const html = new Map<string, string>();
const listeners = new Set<() => void>();
/** Above this many texts the oldest are let go (a long visit through many pages and edits). */
const MAX_TEXTS = 2000;

export function addRendered(more: Readonly<Record<string, string>>): void {
  let added = false;
  for (const [key, value] of Object.entries(more)) {
    if (html.get(key) === value) continue;
    html.delete(key);
    html.set(key, value);
    added = true;
  }
  for (const key of html.keys()) {
    if (html.size <= MAX_TEXTS) break;
    html.delete(key);
  }
  if (added) for (const l of [...listeners]) l();
}

export const renderedHtml = (key: string): string | undefined => html.get(key);

export function onRendered(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
