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
let keptElsewhere: (endpoint: string) => boolean = () => false;

/**
 * Names the keys another module keeps fresh itself (the admin's, web/src/admin/liveData.ts): the
 * stream's word does not read them again here, so nothing is fetched twice.
 */
export function keepFreshElsewhere(owns: (endpoint: string) => boolean): void {
  keptElsewhere = owns;
}

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

/**
 * Loads every answer the current page reads at once (the public site: /page-data/<path>, which
 * also brings the page's markdown HTML); resolves with answers by endpoint.
 */
export type PageLoader = () => Promise<Record<string, unknown>>;
let pageLoader: PageLoader | null = null;
let pageLoad: Promise<void> | null = null;
let loadAgain = false;

export function loadPagesWith(loader: PageLoader | null): void {
  pageLoader = loader;
}

/** An answer that arrived with the page: no request for it until it changes. */
export function seed(endpoint: string, data: unknown): void {
  const e = entry(endpoint);
  e.controller?.abort();
  e.stale = false;
  set(e, { data, error: undefined, loading: false });
}

let pageLoadQueued = false;

/** After the components of a new page have all subscribed (the same commit): one request for them. */
function queuePageLoad(loader: PageLoader): void {
  if (pageLoadQueued) return;
  pageLoadQueued = true;
  queueMicrotask(() => {
    pageLoadQueued = false;
    loadPage(loader);
  });
}

function loadPage(loader: PageLoader): void {
  if (pageLoad) {
    loadAgain = true;
    return;
  }
  const wanted = [...entries.values()].filter((e) => e.listeners.size > 0);
  for (const e of wanted) {
    e.stale = true;
    if (e.snapshot.data === undefined && !e.snapshot.loading) set(e, { loading: true, error: undefined });
  }
  pageLoad = loader()
    .then(
      (answers) => {
        for (const [endpoint, data] of Object.entries(answers)) seed(endpoint, data);
      },
      (error: unknown) => {
        for (const e of wanted) {
          if (e.snapshot.data !== undefined) {
            set(e, { loading: false });
            continue;
          }
          set(e, { error: error instanceof Error ? error : new Error(String(error)), loading: false });
        }
      },
    )
    .finally(() => {
      pageLoad = null;
      if (loadAgain) {
        loadAgain = false;
        loadPage(loader);
        return;
      }
      // What the page's data did not bring (nothing, when the server rendered the same components).
      for (const [endpoint, e] of entries) {
        if (e.stale && e.listeners.size > 0 && !e.snapshot.error) loadOne(endpoint);
      }
    });
}

/** (Re)loads an endpoint (with the rest of the page when a page loader is set). */
export function load(endpoint: string): void {
  if (pageLoader) queuePageLoad(pageLoader);
  else loadOne(endpoint);
}

/** (Re)loads one endpoint; a newer load cancels an older one still on its way. */
function loadOne(endpoint: string): void {
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
      if (e.snapshot.data !== undefined) {
        e.stale = true;
        set(e, { loading: false });
        return;
      }
      set(e, { error: error instanceof Error ? error : new Error(String(error)), loading: false });
    },
  );
}

function handleChange(endpoints: readonly string[] | 'all') {
  let shown = false;
  for (const [endpoint, e] of entries) {
    const base = endpoint.split('?')[0]!;
    if (endpoints !== 'all' && !endpoints.includes(base)) continue;
    if (keptElsewhere(endpoint)) continue;
    e.stale = true;
    if (e.listeners.size === 0) continue;
    shown = true;
    if (!pageLoader) loadOne(endpoint);
  }
  if (shown && pageLoader) queuePageLoad(pageLoader);
}

export function subscribe(endpoint: string, listener: () => void): () => void {
  const e = entry(endpoint);
  e.listeners.add(listener);
  if (!unsubscribeStream) unsubscribeStream = onContentChange(handleChange);
  if (e.stale) load(endpoint);
  return () => {
    e.listeners.delete(listener);
  };
}

/**
 * Forgets every answer (another person signed in, or no one): what one person's session read is
 * never drawn for the next. What is shown now is read again at once when `reload` (someone else is
 * signed in and the page stays), else when it is shown again (no one is: the page goes, and reading
 * it now would only be refused).
 */
export function forgetAnswers({ reload = true }: { reload?: boolean } = {}): void {
  for (const [endpoint, e] of entries) {
    e.controller?.abort();
    if (e.listeners.size === 0) {
      entries.delete(endpoint);
      continue;
    }
    e.stale = true;
    set(e, { data: undefined, error: undefined, loading: true });
    if (reload) load(endpoint);
  }
}

export function getSnapshot<T>(endpoint: string): Snapshot<T> {
  return entry(endpoint).snapshot as Snapshot<T>;
}
