// What publishing a draft writes: each file the draft changed, merged with the live site as it is
// now (draftMerge.ts), validated once and checked against the rest of the site as it will be (the
// entity's cross-item rules, as a save is); conflicts the editor has not settled refuse the publish.
import type { FileChange, GitStore } from '../../store/gitStore.ts';
import { entityByName } from '../../schema/registry.ts';
import { AppError } from '../../schema/errors.ts';
import { serializeItem, validateItem } from '../index/fileFormat.ts';
import type { DraftFile, DraftView } from '../drafts/draftView.ts';

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

/** `site`: the live site with the draft laid over, as publishing makes it. */
export async function publishPlan(
  store: GitStore,
  files: DraftFile[],
  site: DraftView,
): Promise<PublishPlan> {
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
    // What the live site did meanwhile can break a rule across items that held in the draft (a page
    // address another page took since): a conflict with the live site, named by the draft's file.
    const problems = def.rules?.check?.({
      def,
      data: valid.data,
      before: f.theirs ?? undefined,
      id: f.id!,
      items: site,
    });
    if (problems) {
      const problem = Object.values(problems)[0]!;
      throw new AppError(409, `This draft cannot be published as it is: ${problem}`, { [f.path]: problem });
    }
    stored.set(f.path, valid.data);
    changes.push({ path: f.path, data: serializeItem(def, valid.data) });
  }
  return { changes, stored, items };
}
