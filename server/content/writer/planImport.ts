// The "plan" step for an import: each item planned as its own save would be (an update when the site
// has its id, else a create), shared files at the paths given, removals as deletes — and every
// problem of every item collected, so that a spreadsheet's author sees them all at once. The steps
// after it (validate, guards, commit, index, event) are every change's (writer.ts).
import type { EntityDef } from '../../schema/define.ts';
import { AppError } from '../../schema/errors.ts';
import { isSharedFile } from '../../schema/mediaLibrary.ts';
import { itemPath } from '../../schema/registry.ts';
import type { FileChange } from '../../store/gitStore.ts';
import type { ContentView } from '../index/contentIndex.ts';
import type { ImportChange, ImportItem, ImportProblem } from './change.ts';
import { planDelete, planSave, type Plan, type PlannedItem, type SaveContext } from './plan.ts';

export interface ImportContext extends Omit<SaveContext, 'newId'> {
  /** Hands out the id of a new item of `def`. */
  newIdFor: (def: EntityDef) => string;
}

/** The problems an AppError names, one per field (or one for the item). */
export function problemsOf(e: AppError, at: number, item: Pick<ImportItem, 'def' | 'id'>): ImportProblem[] {
  const fields = Object.entries(e.fields ?? {});
  const base = { item: at, entity: item.def.name, ...(item.id !== undefined ? { id: item.id } : {}) };
  return fields.length
    ? fields.map(([field, error]) => ({ ...base, field, error }))
    : [{ ...base, field: '', error: e.message }];
}

export function planImport(change: ImportChange, ctx: ImportContext): Plan {
  const { view } = ctx;
  const items: PlannedItem[] = [];
  const files: FileChange[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  for (const { path, upload } of change.files ?? []) {
    // Only new shared files: an import never writes over another file, nor outside the library.
    if (
      !isSharedFile(path) ||
      path.split('/').includes('..') ||
      (view.blobOf(path) ?? upload.blob) !== upload.blob
    )
      throw new AppError(400, `An import cannot write the file ${path}.`);
    files.push({ path, file: upload.file, size: upload.size, blob: upload.blob });
  }
  // The items see the files the import adds (a picture field may name one of them).
  const added = new Map((change.files ?? []).map((f) => [f.path, f.upload.blob]));
  const site = withFiles(view, added);
  change.items.forEach((item, at) => {
    try {
      const { def } = item;
      if (item.id !== undefined && def.type === 'collection') {
        const path = itemPath(def, item.id);
        const twice = seen.get(path);
        if (twice !== undefined)
          throw new AppError(400, `The id ${item.id} is given twice (also item ${twice + 1}).`, {
            id: 'Given twice',
          });
        seen.set(path, at);
      }
      const exists = item.id !== undefined && view.get(def, item.id) !== undefined;
      const keep = item.keepId && !exists && item.id !== undefined ? item.id : undefined;
      const planned = planSave(
        {
          kind: 'save',
          def,
          id: keep !== undefined ? undefined : item.id,
          input: item.input,
          uploads: item.uploads ?? [],
        },
        { ...ctx, view: site, newId: () => keep ?? ctx.newIdFor(def) },
      );
      for (const p of planned.items) items.push({ ...p, at });
      files.push(...planned.files);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      problems.push(...problemsOf(e, at, item));
    }
  });
  for (const { def, id } of change.remove ?? []) {
    const removed = planDelete({ kind: 'delete', def, id }, view, ctx.intoDraft);
    items.push(...removed.items);
    files.push(...removed.files);
  }
  // The items planned are validated next; all problems are told together then (validate.ts).
  return {
    problems,
    action: 'import',
    event: 'imported',
    intoDraft: ctx.intoDraft,
    items,
    files,
    verb: 'import',
    site,
    created: items.some((i) => !i.before && i.data !== null),
    source: change.source,
  };
}

/** The view with the import's new files in it, by their blob ids (nothing else of it changes). */
function withFiles(view: ContentView, added: Map<string, string>): ContentView {
  if (!added.size) return view;
  return new Proxy(view, {
    get(target, key) {
      if (key === 'blobOf') return (rel: string) => added.get(rel) ?? target.blobOf(rel);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
