// The saves a round fires at the server: news items created or updated, each carrying a unique marker
// so the drill can look for it in HEAD afterwards. Each existing item is updated by at most one save
// per round, so "the marker of its acknowledged update is in HEAD" is an exact check.
import type { SiteClient } from './api.ts';
import { shuffled, type Rng } from './rng.ts';
import { errorText } from './time.ts';

export interface PlannedSave {
  label: string;
  kind: 'create' | 'update';
  /** The item an update edits. */
  targetId?: string;
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
        : await client.call('PUT', `/api/news.php?id=${encodeURIComponent(save.targetId!)}`, body);
    const ok = res.status >= 200 && res.status < 300;
    const answered = res.body && !Array.isArray(res.body) ? res.body : {};
    const created = answered.id === undefined ? undefined : String(answered.id);
    const id = save.kind === 'update' ? save.targetId : created;
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
