// Where an item is edited: the address of its form, for the pages that link to items (the content
// checks, the media library's "used by"). Imports only the registry, so any page may link to items.
import { entityByName } from '../../../server/schema/registry.ts';

/** The form an item is edited in: its admin page, opened on it (a one-of-a-kind text's page shows its form). */
export function formHref(entity: string, id: string): string | null {
  const def = entityByName.get(entity);
  if (!def) return null;
  return def.type === 'collection'
    ? `${def.admin.route}?${new URLSearchParams({ [def.name]: id }).toString()}`
    : def.admin.route;
}
