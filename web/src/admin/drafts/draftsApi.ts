// The drafts' own calls (server/http/routes/draftRoutes.ts): the list with the site's setting, one
// draft with what it changes, its steps through review, comments and share links. The list is kept
// for the tab and read again whenever a screen that shows it opens, or a step changes a draft.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiError, getJson, send, type AdminItem } from '../api.ts';

import type { DraftAction } from '../../../../server/schema/draftStates.ts';
export type { DraftAction, DraftState } from '../../../../server/schema/draftStates.ts';
export { isOpen } from '../../../../server/schema/draftStates.ts';
import type { DraftView, Picks } from '../../../../server/schema/draftRecord.ts';
export type { Person, Picks, ScheduleEnded } from '../../../../server/schema/draftRecord.ts';
/** A draft's record as the server answers it (server/schema/draftRecord.ts). */
export type DraftRecord = DraftView;

export interface DraftSettings {
  needsApproval: boolean;
}

/** One file the draft changes: an item (with its three versions) or a media file. */
export interface DraftChange {
  path: string;
  kind: 'item' | 'media';
  entity?: string;
  /** The entity's label ('News'). */
  label?: string;
  id?: string;
  title?: string;
  change: 'added' | 'changed' | 'removed';
  /** Fields changed differently on both sides; '*' for the whole item or file. */
  conflicts: string[];
  before?: AdminItem | null;
  live?: AdminItem | null;
  draft?: AdminItem | null;
}

export interface DraftDetail extends DraftRecord {
  changes: DraftChange[];
  /** Other open drafts changing some of the same files. */
  overlapping: { id: string; title: string; paths: string[] }[];
}

/** Publishing refused because the live site changed the same fields: what clashes. */
export class PublishConflict extends ApiError {
  readonly conflicts: DraftChange[];
  constructor(message: string, conflicts: DraftChange[]) {
    super(message, 409);
    this.name = 'PublishConflict';
    this.conflicts = conflicts;
  }
}

const path = (id: string, rest = '') => `drafts/${encodeURIComponent(id)}${rest}`;

export const getDraft = (id: string, signal?: AbortSignal) => getJson<DraftDetail>(path(id), signal);

export async function createDraft(title: string): Promise<DraftRecord> {
  const made = await send<DraftRecord>('POST', 'drafts', { title });
  void loadDrafts();
  return made;
}

/**
 * A step of review or publishing. A publish refused for clashes with the live site throws
 * PublishConflict with them; every other refusal an ApiError with the server's words.
 */
export async function actOnDraft(
  id: string,
  action: DraftAction,
  body: { note?: string; at?: string; picks?: Picks } = {},
): Promise<DraftRecord & { message?: string }> {
  try {
    return await send<DraftRecord & { message?: string }>('POST', path(id, `/${action}`), body);
  } catch (e) {
    const conflicts = e instanceof ApiError ? e.answer?.conflicts : undefined;
    if (e instanceof ApiError && e.status === 409 && Array.isArray(conflicts))
      throw new PublishConflict(e.message, conflicts as DraftChange[]);
    throw e;
  } finally {
    void loadDrafts();
  }
}

export const addComment = (id: string, text: string) =>
  send<DraftRecord>('POST', path(id, '/comments'), { text });

export const makeShare = (id: string, days: number) =>
  send<{ id: string; url: string; expires: string }>('POST', path(id, '/shares'), { days });

export const revokeShare = (id: string, share: string) =>
  send('DELETE', path(id, `/shares/${encodeURIComponent(share)}`));

export async function saveSettings(next: DraftSettings): Promise<DraftSettings> {
  const saved = await send<DraftSettings>('PUT', 'drafts/settings', { ...next });
  await loadDrafts();
  return saved;
}

// The list, shared by the draft switch and the Drafts page.
export interface DraftList {
  drafts: DraftRecord[];
  settings: DraftSettings;
}
interface ListState {
  data?: DraftList;
  error?: Error;
}
let list: ListState = {};
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;
let following: Promise<void> | null = null;

function setList(next: ListState) {
  list = next;
  for (const l of [...listeners]) l();
}

/** The list as last read (outside React). */
export const draftListNow = (): ListState => list;

/**
 * Reads the list again; resolves once a reading that began after the call has arrived (a request
 * already on its way may have left before what the caller wants to see, so one more follows it).
 */
export function loadDrafts(): Promise<void> {
  if (inFlight) {
    following ??= inFlight.then(() => {
      following = null;
      return loadDrafts();
    });
    return following;
  }
  inFlight = getJson<DraftList>('drafts')
    .then(
      (data) => setList({ data }),
      (error: unknown) =>
        setList({ ...list, error: error instanceof Error ? error : new Error(String(error)) }),
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
const snapshot = () => list;

/**
 * The drafts and the site's setting, read again each time a screen showing them opens (`load`; the
 * admin frame's own upkeep only listens, so nothing is asked before the sign-in is known).
 */
export function useDraftList(load = true): ListState & { reload: () => void } {
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (load) void (inFlight ?? loadDrafts());
  }, [load]);
  const reload = useCallback(() => void loadDrafts(), []);
  return { ...state, reload };
}
