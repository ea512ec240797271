// The saves a round fires at the server: news items created or updated, each carrying a unique marker
// so the drill can look for it in HEAD afterwards. Each existing item is updated by at most one save
// per round, so "the marker of its acknowledged update is in HEAD" is an exact check. Drafts too: news
// items edited or made in a draft (their marker must be in the draft's ref) and drafts published (the
// item they hold must be in HEAD). Restores and deletes too, through the same one operation: a restored
// item's old marker must be back in HEAD, a deleted item's file gone from it.
import type { SiteClient } from './api.ts';
import { shuffled, type Rng } from './rng.ts';
import { errorText } from './time.ts';
import { fieldText } from '../../server/schema/fieldText.ts';

export interface PlannedSave {
  label: string;
  kind: 'create' | 'update' | 'draft-save' | 'publish' | 'restore' | 'delete';
  /** A restore's commit: the one whose version of the item carries the marker. */
  commit?: string;
  /** The item an update edits (live or in a draft); for a publish, the item its draft holds. */
  targetId?: string;
  /** The draft a draft save goes into, or the draft published. */
  draftId?: string;
  /** Unique within a run; brackets keep "s1" from matching inside "s10". */
  marker: string;
}

export interface SaveOutcome extends PlannedSave {
  /** 2xx with a complete answer. */
  acknowledged: boolean;
  /** The item written: the answer's id for a create, the target for an update. */
  id?: string;
  status?: number;
  error?: string;
  /** When the answer (or the failure) came, from the moment the saves started. */
  atMs: number;
}

export function planSaves(rng: Rng, round: number, count: number, existingIds: string[]): PlannedSave[] {
  const targets = shuffled(rng, existingIds);
  return Array.from({ length: count }, (_, i) => {
    const label = `r${round} s${i + 1}`;
    const marker = `[drill ${label}]`;
    const targetId = rng() < 0.5 ? targets.pop() : undefined;
    return targetId ? { label, kind: 'update', targetId, marker } : { label, kind: 'create', marker };
  });
}

export function probeSave(round: number): PlannedSave {
  const label = `r${round} first save after restart`;
  return { label, kind: 'create', marker: `[drill r${round} probe]` };
}

export async function sendSave(
  client: SiteClient,
  save: PlannedSave,
  startedAt: number,
): Promise<SaveOutcome> {
  const body = {
    title: `Crash drill news ${save.marker}`,
    what: `Written by the crash drill. Marker: ${save.marker}`,
  };
  const at = () => Math.round(performance.now() - startedAt);
  try {
    const res =
      save.kind === 'create'
        ? await client.call('POST', '/api/news.php', body)
        : save.kind === 'draft-save'
          ? save.targetId
            ? await client.call(
                'PUT',
                `/api/news.php?id=${encodeURIComponent(save.targetId)}&draft=${save.draftId}`,
                body,
              )
            : await client.call('POST', `/api/news.php?draft=${save.draftId}`, body)
          : save.kind === 'publish'
            ? await client.call('POST', `/api/drafts/${save.draftId}/publish`, {})
            : save.kind === 'restore'
              ? await client.call('POST', '/api/history/restore', {
                  entity: 'news',
                  id: save.targetId,
                  commit: save.commit,
                })
              : save.kind === 'delete'
                ? await client.call('DELETE', `/api/news.php?id=${encodeURIComponent(save.targetId!)}`)
                : await client.call('PUT', `/api/news.php?id=${encodeURIComponent(save.targetId!)}`, body);
    const ok = res.status >= 200 && res.status < 300;
    const answered = res.body && !Array.isArray(res.body) ? res.body : {};
    const created = answered.id === undefined ? undefined : fieldText(answered.id);
    const id = save.targetId ?? created;
    const error = ok
      ? undefined
      : typeof answered.error === 'string'
        ? answered.error
        : res.text.slice(0, 300);
    return { ...save, acknowledged: ok, id, status: res.status, error, atMs: at() };
  } catch (e) {
    return { ...save, acknowledged: false, error: errorText(e), atMs: at() };
  }
}

/** A draft holding one news item (saved before the round starts), for a publish during the round. */
export async function draftToPublish(client: SiteClient, round: number, n: number): Promise<PlannedSave> {
  const label = `r${round} publish ${n}`;
  const marker = `[drill ${label}]`;
  const draftId = await newDraft(client, `Drill ${label}`);
  const made = await client.call('POST', `/api/news.php?draft=${draftId}`, {
    title: `Crash drill draft news ${marker}`,
    what: `Published by the crash drill. Marker: ${marker}`,
  });
  if (made.status !== 201)
    throw new Error(`saving into a draft answered ${made.status}: ${made.text.slice(0, 200)}`);
  const targetId = String((made.body as Record<string, unknown>).id);
  return { label, kind: 'publish', targetId, draftId, marker };
}

/**
 * An item to restore during the round: made with the marker (the commit to restore), then changed
 * without it, before the round starts; `head` reads the site's branch with the git CLI.
 */
export async function itemToRestore(
  client: SiteClient,
  round: number,
  head: () => Promise<string>,
): Promise<PlannedSave> {
  const label = `r${round} restore`;
  const marker = `[drill ${label}]`;
  const made = await client.call('POST', '/api/news.php', { title: `Crash drill restored ${marker}` });
  if (made.status !== 201) throw new Error(`making an item to restore answered ${made.status}`);
  const targetId = fieldText((made.body as Record<string, unknown>).id);
  const commit = await head();
  const changed = await client.call('PUT', `/api/news.php?id=${targetId}`, {
    title: 'Crash drill, changed since',
  });
  if (changed.status !== 200) throw new Error(`changing the item to restore answered ${changed.status}`);
  return { label, kind: 'restore', targetId, commit, marker };
}

/** An item to delete during the round (made before it starts). */
export async function itemToDelete(client: SiteClient, round: number): Promise<PlannedSave> {
  const label = `r${round} delete`;
  const marker = `[drill ${label}]`;
  const made = await client.call('POST', '/api/news.php', { title: `Crash drill deleted ${marker}` });
  if (made.status !== 201) throw new Error(`making an item to delete answered ${made.status}`);
  return { label, kind: 'delete', targetId: fieldText((made.body as Record<string, unknown>).id), marker };
}

/**
 * A draft to save into during the round: an edit of the live item `targetId` made in the draft, or
 * without it a new item made in the draft.
 */
export async function draftSave(
  client: SiteClient,
  round: number,
  n: number,
  targetId?: string,
): Promise<PlannedSave> {
  const label = `r${round} draft save ${n}`;
  return {
    label,
    kind: 'draft-save',
    draftId: await newDraft(client, `Drill ${label}`),
    marker: `[drill ${label}]`,
    ...(targetId ? { targetId } : {}),
  };
}

async function newDraft(client: SiteClient, title: string): Promise<string> {
  const res = await client.call('POST', '/api/drafts', { title });
  if (res.status !== 201) throw new Error(`making a draft answered ${res.status}: ${res.text.slice(0, 200)}`);
  return String((res.body as Record<string, unknown>).id);
}
