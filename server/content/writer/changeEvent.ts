// The one typed event a change ends in (step 7 of the one operation, writer.ts): what a committed
// change did, or, when it left every file as it was, what the person asked for.

import { entityByName } from '../../schema/registry.ts';
import type { CommitResult, FileChange } from '../../store/gitStore.ts';
import { MEDIA_LIBRARY, type Actor, type ContentChange } from '../changes.ts';
import { importedFiles, importedItems } from './importMessage.ts';
import type { Plan } from './plan.ts';
import type { Validated } from './validate.ts';

/** The one event a committed change ends in. */
export function changeEvent(
  plan: Plan,
  author: Actor,
  entities: Set<string>,
  commit: CommitResult,
  validated: Validated,
  written: FileChange[],
): ContentChange {
  if (plan.media)
    return {
      kind: 'media',
      op: plan.media.op,
      paths: plan.media.paths,
      entities,
      commit,
      author,
      ...(plan.from ? { from: plan.from } : {}),
    };
  if (plan.source !== undefined)
    return {
      kind: 'imported',
      entities,
      commit,
      author,
      source: plan.source,
      items: importedItems(plan, written),
      files: importedFiles(plan, written),
    };
  if (plan.event === 'published')
    return {
      kind: 'published',
      entities,
      commit,
      author,
      draft: { id: plan.draft!.id, title: plan.draft!.title },
      items: plan.items.map((i) => ({ entity: i.def.name, id: i.id })),
    };
  const primary = plan.items.filter((i) => i.primary);
  const paths = new Set(written.map((c) => c.path));
  const carried = validated.carried;
  const common = {
    entity: primary[0]!.def.name,
    // A bulk update names the items it changed; a single change its item.
    ids:
      plan.action === 'bulk' ? primary.filter((i) => paths.has(i.path)).map((i) => i.id) : [primary[0]!.id],
    entities,
    commit,
    author,
    ...(carried ? { carried: carried.map((c) => ({ entity: c.def.name, ids: c.ids })) } : {}),
  };
  if (plan.event === 'saved') return { kind: 'saved', created: plan.created, ...common };
  if (plan.event === 'restored') return { kind: 'restored', from: plan.from!, ...common };
  return { kind: 'deleted', ...common };
}

/** What a change that left every file as it was ends in: who asked for what, on which items. */
export function unchangedEvent(plan: Plan, author: Actor): ContentChange {
  if (plan.media)
    return {
      kind: 'unchanged',
      asked: 'media',
      op: plan.media.op,
      entity: MEDIA_LIBRARY,
      ids: plan.media.paths,
      entities: new Set<string>(),
      author,
    };
  const primary = plan.items.filter((i) => i.primary);
  if (plan.source !== undefined)
    return {
      kind: 'unchanged',
      asked: 'imported',
      source: plan.source,
      entity: primary[0]?.def.name ?? entityByName.keys().next().value!,
      ids: primary.map((i) => i.id),
      entities: new Set<string>(),
      author,
    };
  const common = {
    entity: primary[0]?.def.name ?? entityByName.keys().next().value!,
    ids: primary.map((i) => i.id),
    entities: new Set<string>(),
    author,
  };
  if (plan.event === 'restored') return { kind: 'unchanged', asked: 'restored', from: plan.from!, ...common };
  return { kind: 'unchanged', asked: plan.event === 'deleted' ? 'deleted' : 'saved', ...common };
}
