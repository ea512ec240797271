// One EventSource on /api/stream for the whole tab. The server sends `ready` on connect and
// `change` with {"endpoints": [...]} when content changes. After a lost connection (server
// restart, network) the next `ready` means we may have missed changes, so everything refetches.

import type { SavedItem, StreamChangeMessage } from '../../../server/schema/streamMessage.ts';
export type { SavedItem } from '../../../server/schema/streamMessage.ts';
import { NOTIFICATIONS_EVENT } from '../../../server/schema/noticeStream.ts';

/** What one change of the stream says, past the endpoints it names. */
export interface StreamChange {
  /** The entities whose content changed. */
  entities: readonly string[];
  /**
   * The items a save of the server wrote that this tab does not hold at that version; null when the
   * stream did not name them (a hand edit, a pull, the schedule clock).
   */
  saved: readonly SavedItem[] | null;
}

/** Hears the endpoints that changed ('all' after a reconnect), and what else the stream said. */
export type ChangeListener = (endpoints: readonly string[] | 'all', change?: StreamChange) => void;

/** Versions this tab saved itself, by `entity/id` (null: deleted): the stream's word of them is no news. */
const held = new Map<string, string | null>();

/** Notes a version this tab has from its own save's answer (or a delete it made). */
export function holdVersion(entity: string, id: string, version: string | null): void {
  held.set(`${entity}/${id}`, version);
}

/** Changes heard while this tab's own save awaits its answer: judged once the answer is in. */
let saving = 0;
const heldBack: (() => void)[] = [];

/**
 * Runs a save of this tab (its request and the drawing of its answer). The stream may bring word of
 * the save before its answer arrives: that word waits, and is then seen to be the tab's own.
 */
export async function ownSave<T>(work: () => Promise<T>): Promise<T> {
  saving++;
  try {
    return await work();
  } finally {
    saving--;
    if (!saving) for (const judge of heldBack.splice(0)) judge();
  }
}

/** The items a change names as written, if it names them. */
function savedItems(saved: unknown): SavedItem[] | null {
  if (!Array.isArray(saved) || !saved.length) return null;
  return (saved as Record<string, unknown>[]).map((s) => ({
    entity: String(s.entity),
    id: String(s.id),
    version: typeof s.version === 'string' ? s.version : null,
  }));
}

/** Whether this tab saved the item at that version itself (and so already shows it). */
const isHeld = (s: SavedItem) => {
  const key = `${s.entity}/${s.id}`;
  return held.has(key) && held.get(key) === s.version;
};

const strings = (v: unknown): string[] | null =>
  Array.isArray(v) ? v.filter((e): e is string => typeof e === 'string') : null;

const STREAM_URL = '/api/stream';
const RETRY_MS = 3_000;

const listeners = new Set<ChangeListener>();
const readyListeners = new Set<() => void>();
/** Staff's own notices (the admin's bell): told on each (re)connect and each change of theirs. */
const noticeListeners = new Set<() => void>();
const wanted = () => listeners.size > 0 || noticeListeners.size > 0;
let source: EventSource | null = null;
let connectedOnce = false;
let missedChanges = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** No stream, or one that has ended for good (closed without the error that reopens it). */
const streamGone = () => !source || source.readyState === EventSource.CLOSED;

function notify(endpoints: readonly string[] | 'all', change?: StreamChange) {
  for (const l of [...listeners]) l(endpoints, change);
}

function open() {
  if (typeof EventSource === 'undefined') return;
  const es = new EventSource(STREAM_URL);
  source = es;
  es.addEventListener('ready', () => {
    // Notices that came while the stream was away are only known by asking.
    for (const l of [...noticeListeners]) l();
    if (!connectedOnce) for (const l of [...readyListeners]) l();
    if (connectedOnce && missedChanges) notify('all');
    connectedOnce = true;
    missedChanges = false;
  });
  es.addEventListener('change', (ev) => {
    try {
      // Read defensively all the same: a tab may outlive a server upgrade.
      const data = JSON.parse((ev as MessageEvent<string>).data) as {
        [K in keyof StreamChangeMessage]?: unknown;
      };
      const endpoints = strings(data.endpoints);
      const entities = strings(data.entities);
      const saved = savedItems(data.saved);
      // This tab's own save: it updated what it shows from the save's answer already. Of a save
      // that also wrote other items (cards a renamed page carried), only those are news.
      const judge = () => {
        const news = saved?.filter((s) => !isHeld(s)) ?? null;
        if (news && !news.length) return;
        if (!endpoints) notify('all');
        else notify(endpoints, entities ? { entities, saved: news } : undefined);
      };
      if (saving && Array.isArray(data.saved)) heldBack.push(judge);
      else judge();
    } catch {
      console.error('Error parsing SSE data');
      notify('all');
    }
  });
  es.addEventListener(NOTIFICATIONS_EVENT, () => {
    for (const l of [...noticeListeners]) l();
  });
  es.addEventListener('error', () => {
    missedChanges = true;
    // CONNECTING: the browser retries by itself. CLOSED (e.g. a non-stream answer while the
    // server restarts): the browser has given up, so open a new one after a pause.
    if (es.readyState === EventSource.CLOSED && source === es) {
      source = null;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        if (wanted() && !source) open();
      }, RETRY_MS);
    }
  });
}

/**
 * Calls `listener` once, when the stream first connects: what changed before then (after the
 * server made the page) only a look at the server tells.
 */
export function onFirstConnect(listener: () => void): () => void {
  readyListeners.add(listener);
  return () => {
    readyListeners.delete(listener);
  };
}

/** Calls `listener` whenever the signed-in person's notices may have changed. Returns unsubscribe. */
export function onNoticesChange(listener: () => void): () => void {
  noticeListeners.add(listener);
  if (streamGone()) open();
  return () => {
    noticeListeners.delete(listener);
  };
}

/** Calls `listener` with the endpoints that changed ('all' after a reconnect). Returns unsubscribe. */
export function onContentChange(listener: ChangeListener): () => void {
  listeners.add(listener);
  if (streamGone()) open();
  return () => {
    listeners.delete(listener);
  };
}
