// What webhooks are told of a change: one call body per item. Only changes of the live site count: a
// save into a draft never reaches the live site's change feed (drafts have their own), so nothing of a
// draft leaves the server. A publish is one `published` call for each item the draft changed (a
// receiver acts on items, and one draft may touch several); a restore is a `saved`; an import, a
// `saved` or `deleted` per item. A visitor's message is told as "a message arrived" and nothing of
// what they wrote or who they are.
import type { ContentChange } from '../content/changes.ts';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { entities, entityByName } from '../schema/registry.ts';
import type { WebhookBody, WebhookEvent } from '../schema/webhooks.ts';

export const MESSAGE_TITLE = 'A new message arrived through the contact form';
/** What a message is called in a call's `entity` (the registry's key for it). */
export const MESSAGE_ENTITY = 'contactMessage' satisfies keyof typeof entities;

interface Item {
  event: WebhookEvent;
  entity: string;
  id: string;
}

function itemsOf(change: ContentChange): Item[] {
  const each = (event: WebhookEvent, entity: string, ids: readonly string[]) =>
    ids.map((id) => ({ event, entity, id }));
  switch (change.kind) {
    case 'saved':
    case 'restored':
      return each('saved', change.entity, change.ids);
    case 'deleted':
      return each('deleted', change.entity, change.ids);
    case 'published':
      return change.items.map((i) => ({ event: 'published' as const, ...i }));
    case 'imported':
      return change.items.map((i) => ({
        event: i.action === 'removed' ? ('deleted' as const) : ('saved' as const),
        entity: i.entity,
        id: i.id,
      }));
    case 'message':
      return each('message', change.entity, change.ids);
    default:
      return []; // media files, hand edits, pulls, the schedule clock, nothing changed
  }
}

/**
 * The bodies a change gives webhooks. `origin`: the site's public address (CMS_PUBLIC_URL), which makes
 * each `url` absolute; without it the path alone is sent.
 */
export function webhookBodies(
  change: ContentChange,
  index: ContentIndex,
  origin: string | null,
  now: Date,
): WebhookBody[] {
  const commit = 'commit' in change ? change.commit.oid : null;
  const at = now.toISOString();
  const address = (path: string) => `${origin ?? ''}${path}`;
  const bodies: WebhookBody[] = [];
  for (const { event, entity, id } of itemsOf(change)) {
    const def = entityByName.get(entity);
    if (!def) continue;
    if (event === 'message') {
      bodies.push({
        event,
        entity: MESSAGE_ENTITY,
        id,
        title: MESSAGE_TITLE,
        url: address(entities.contactMessage.admin.route),
        commit: null,
        at,
      });
      continue;
    }
    if (def.storage === 'private') continue;
    const data = index.get(def, id)?.data;
    const named = def.admin.titleField ? data?.[def.admin.titleField] : undefined;
    const title =
      typeof named === 'string' && named.trim()
        ? named.trim()
        : `${def.label}${def.type === 'collection' ? ` ${id}` : ''}`;
    // A deleted item has no page left: its collection's page is named instead, or the site's home.
    const page = def.search ? def.search.page(data ?? {}) : '/';
    bodies.push({ event, entity, id, title, url: address(page), commit, at });
  }
  return bodies;
}

/** The exact bytes sent and signed: the keys in the documented order. */
export const bodyText = (b: WebhookBody): string =>
  JSON.stringify({
    event: b.event,
    entity: b.entity,
    id: b.id,
    title: b.title,
    url: b.url,
    commit: b.commit,
    at: b.at,
  });
