// The audit log's part in the change pipeline: every save, delete and restore a person asks for ends
// in one change event (content/changes.ts), and this records it, with who, from where, the item and
// the commit (or "nothing changed"). Hand edits, pulls and the schedule clock are no one's action
// here and are not recorded (a webhook pull is, by the remote sync that makes it).
import {
  isCommitted,
  MEDIA_LIBRARY,
  type Actor,
  type ChangeFeed,
  type ContentChange,
} from '../content/changes.ts';
import type { AuditEvent } from '../schema/auditEvent.ts';
import type { AuditLog } from './auditLog.ts';

/** Records every change a person makes through the pipeline; returns the unsubscribe. */
export function auditContentChanges(changes: ChangeFeed, audit: AuditLog): () => void {
  return changes.on((change) => {
    const event = auditEventOf(change);
    // Written beside the answer, not before it (it never fails the change; a read waits for it).
    if (event) void audit.record(event);
  });
}

/** The audit entry a change is recorded as, or null for one that no person made here. */
export function auditEventOf(change: ContentChange): AuditEvent | null {
  const event = personsEventOf(change);
  return event && 'author' in change ? viaToken(event, change.author) : event;
}

/** A change asked with a token for scripts says so: `via token "deploy script"` in its detail. */
export function viaToken(event: AuditEvent, actor: Pick<Actor, 'token'>): AuditEvent {
  if (!actor.token) return event;
  const via = `via token "${actor.token}"`;
  return { ...event, detail: event.detail ? `${event.detail}, ${via}` : via };
}

function personsEventOf(change: ContentChange): AuditEvent | null {
  // A visitor's message is no staff member's action (the notices and the Messages page tell of it).
  if (change.kind === 'external' || change.kind === 'schedule' || change.kind === 'message') return null;
  // A draft's publish is recorded by the drafts service (draft-publish, with the draft's title).
  if (change.kind === 'published') return null;
  if (change.kind === 'media')
    return {
      action: `media-${change.op}`,
      who: change.author.username,
      address: change.author.address,
      entity: MEDIA_LIBRARY,
      id: change.paths[0],
      commit: change.commit.oid,
      ...(change.paths.length > 1
        ? { detail: `${change.paths.length} files` }
        : change.from
          ? { detail: `from ${change.from.slice(0, 7)}` }
          : {}),
    };
  if (change.kind === 'imported')
    return {
      action: 'import',
      who: change.author.username,
      address: change.author.address,
      entity: [...new Set(change.items.map((i) => i.entity))].join(', '),
      commit: change.commit.oid,
      detail: `from ${change.source}: ${change.items.length} items, ${change.files.length} files`,
    };
  const commit = isCommitted(change) ? change.commit.oid : undefined;
  const common = {
    who: change.author.username,
    address: change.author.address,
    entity: change.entity,
    id: change.ids[0],
    commit,
  };
  switch (change.kind) {
    case 'saved':
      return { action: 'save', ...common, detail: change.created ? 'created' : 'updated' };
    case 'deleted':
      return { action: 'delete', ...common };
    case 'restored':
      return { action: 'restore', ...common, detail: `from ${change.from.slice(0, 7)}` };
    case 'unchanged':
      if (change.asked === 'saved') return { action: 'save', ...common, detail: 'nothing changed' };
      if (change.asked === 'restored')
        return { action: 'restore', ...common, detail: `from ${change.from.slice(0, 7)}, nothing changed` };
      if (change.asked === 'media')
        return { action: `media-${change.op}`, ...common, detail: 'nothing changed' };
      if (change.asked === 'imported')
        return {
          action: 'import',
          ...common,
          id: undefined,
          detail: `from ${change.source}, nothing changed`,
        };
      return { action: 'delete', ...common };
  }
}
