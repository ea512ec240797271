// What publishing a draft writes: each file the draft changed, merged with the live site as it is
// now (draftMerge.ts), validated once; conflicts the editor has not settled refuse the publish.
import type { FileChange, GitStore } from '../../store/gitStore.ts';
import { entityByName } from '../../schema/registry.ts';
import { AppError } from '../../schema/errors.ts';
import { serializeItem, validateItem } from '../index/fileFormat.ts';
import type { DraftFile } from '../drafts/draftView.ts';

/** Fields changed on the live site and in the draft differently: someone has to choose. */
export class DraftConflictError extends AppError {
  constructor(readonly files: DraftFile[]) {
    super(
      409,
      'Since this draft began, the live site changed some of the same things. Choose which version to keep for each.',
      Object.fromEntries(
        files.map((f) => [
          f.path,
          f.conflicts.includes('*')
            ? 'Removed on one side and changed on the other'
            : `Changed on both sides: ${f.conflicts.join(', ')}`,
        ]),
      ),
    );
  }
}

export interface PublishPlan {
  changes: FileChange[];
  /** The validated data of each item file written, by path. */
  stored: Map<string, Record<string, unknown>>;
  items: { entity: string; id: string }[];
}

export async function publishPlan(store: GitStore, files: DraftFile[]): Promise<PublishPlan> {
  const conflicts = files.filter((f) => f.conflicts.length);
  if (conflicts.length) throw new DraftConflictError(conflicts);
  const changes: FileChange[] = [];
  const stored = new Map<string, Record<string, unknown>>();
  const items: { entity: string; id: string }[] = [];
  for (const f of files) {
    if (!f.entity) {
      const blob = f.mergedBlob ?? null;
      changes.push({ path: f.path, data: blob === null ? null : await store.drafts.bytes(blob) });
      continue;
    }
    const def = entityByName.get(f.entity)!;
    items.push({ entity: f.entity, id: f.id! });
    if (f.merged == null) {
      changes.push({ path: f.path, data: null });
      continue;
    }
    const valid = validateItem(def, f.merged);
    if (!valid.ok)
      throw new AppError(400, `This draft cannot be published: ${valid.error}`, valid.fields ?? {});
    stored.set(f.path, valid.data);
    changes.push({ path: f.path, data: serializeItem(def, valid.data) });
  }
  return { changes, stored, items };
}
