// A small cache of GET answers shared by every component of the tab: one request per endpoint
// however many components read it, kept fresh by the live stream, old data kept while refetching.
import { getJson } from './api.ts';
import { onContentChange } from './liveStream.ts';

export interface Snapshot<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
}

interface Entry {
  snapshot: Snapshot<unknown>;
  listeners: Set<() => void>;
  controller?: AbortController;
  stale: boolean;
}

const entries = new Map<string, Entry>();
let unsubscribeStream: (() => void) | null = null;

function entry(endpoint: string): Entry {
  let e = entries.get(endpoint);
  if (!e) {
    e = { snapshot: { data: undefined, error: undefined, loading: true }, listeners: new Set(), stale: true };
    entries.set(endpoint, e);
  }
  return e;
}

function set(e: Entry, patch: Partial<Snapshot<unknown>>) {
  e.snapshot = { ...e.snapshot, ...patch };
  for (const l of [...e.listeners]) l();
}

/** (Re)loads an endpoint; a newer load cancels an older one still on its way. */
export function load(endpoint: string): void {
  const e = entry(endpoint);
  e.controller?.abort();
  const controller = new AbortController();
  e.controller = controller;
  e.stale = false;
  if (e.snapshot.data === undefined) set(e, { loading: true, error: undefined });
  getJson<unknown>(endpoint, controller.signal).then(
    (data) => {
      if (controller.signal.aborted) return;
      set(e, { data, error: undefined, loading: false });
    },
    (error: unknown) => {
      if (controller.signal.aborted) return;
      // A failed refresh keeps showing what we had; only a first load shows the failure.
      if (e.snapshot.data !== undefined) { e.stale = true; set(e, { loading: false }); return; }
      set(e, { error: error instanceof Error ? error : new Error(String(error)), loading: false });
    },
  );
}

function handleChange(endpoints: readonly string[] | 'all') {
  for (const [endpoint, e] of entries) {
    const base = endpoint.split('?')[0]!;
    if (endpoints !== 'all' && !endpoints.includes(base)) continue;
    if (e.listeners.size > 0) load(endpoint);
    else e.stale = true;
  }
}

export function subscribe(endpoint: string, listener: () => void): () => void {
  const e = entry(endpoint);
  e.listeners.add(listener);
  if (!unsubscribeStream) unsubscribeStream = onContentChange(handleChange);
  if (e.stale) load(endpoint);
  return () => { e.listeners.delete(listener); };
}

export function getSnapshot<T>(endpoint: string): Snapshot<T> {
  return entry(endpoint).snapshot as Snapshot<T>;
}
