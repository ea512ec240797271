// What an import did, as its commit message, its event and its answer tell it: each item created,
// updated or removed — those whose files the commit wrote — and the shared files it added.
import type { FileChange } from '../../store/gitStore.ts';
import { isSharedFile } from '../../schema/mediaLibrary.ts';
import { shortened } from './commitMessage.ts';
import type { Plan } from './plan.ts';
import type { ImportCounts } from './change.ts';

export interface ImportedItem {
  entity: string;
  id: string;
  action: 'created' | 'updated' | 'removed';
}

export type { ImportCounts } from './change.ts';

/** The items whose files the commit wrote, in the order the import gave them. */
export function importedItems(plan: Plan, written: FileChange[]): ImportedItem[] {
  const paths = new Set(written.map((c) => c.path));
  return plan.items
    .filter((i) => paths.has(i.path))
    .map((i) => ({
      entity: i.def.name,
      id: i.id,
      action: i.data === null ? 'removed' : i.before ? 'updated' : 'created',
    }));
}

/** The shared files of the library the commit added. */
export const importedFiles = (plan: Plan, written: FileChange[]): string[] => {
  const paths = new Set(written.map((c) => c.path));
  return plan.files.filter((f) => paths.has(f.path) && isSharedFile(f.path)).map((f) => f.path);
};

export const importCounts = (items: ImportedItem[]): ImportCounts => ({
  created: items.filter((i) => i.action === 'created').length,
  updated: items.filter((i) => i.action === 'updated').length,
  removed: items.filter((i) => i.action === 'removed').length,
});

const countsText = ({ created, updated, removed }: ImportCounts) =>
  [created && `${created} new`, updated && `${updated} updated`, removed && `${removed} removed`]
    .filter(Boolean)
    .join(', ');

/**
 * `news: import 3 new, 5 updated from news.csv` for one collection; `Import from <source>` for many,
 * with a line per entity in the body naming its items.
 */
export function importMessage(source: string, items: ImportedItem[], files: string[]): string {
  const entities = [...new Set(items.map((i) => i.entity))];
  const lines = entities.map((entity) => {
    const of = items.filter((i) => i.entity === entity);
    const ids = (action: ImportedItem['action']) => of.filter((i) => i.action === action).map((i) => i.id);
    const parts = (['created', 'updated', 'removed'] as const)
      .map((action) => [action, ids(action)] as const)
      .filter(([, list]) => list.length)
      .map(([action, list]) => `${action} ${shortened(list.join(', '), 60)}`);
    return `${entity}: ${parts.join('; ')}`;
  });
  if (files.length) lines.push(`media library: ${files.length} file${files.length === 1 ? '' : 's'} added`);
  const subject =
    entities.length === 1 && !files.length
      ? `${entities[0]}: import ${countsText(importCounts(items))} from ${source}`
      : `Import from ${source}`;
  return `${shortened(subject, 72)}\n\n${lines.join('\n')}`;
}
