// Where a file is used, named for people: the item's entity label and title (its id without one).
import { entityByName } from '../../schema/registry.ts';
import { fieldText } from '../../schema/fieldText.ts';
import type { MediaUseView } from '../../schema/mediaLibrary.ts';
import type { ContentView, MediaUse } from '../index/contentIndex.ts';

export function useViews(
  view: Pick<ContentView, 'get'>,
  uses: readonly MediaUse[],
  draft?: { id: string; title: string },
): MediaUseView[] {
  return uses.map((u) => {
    const def = entityByName.get(u.entity)!;
    const titleField = def.admin.titleField;
    const item = view.get(def, u.id);
    const title =
      (titleField && fieldText(item?.data[titleField]).trim()) ||
      (def.type === 'singleton' ? def.label : u.id);
    return { ...u, label: def.label, title, ...(draft ? { draft } : {}) };
  });
}

/** The uses of `rel` in `site`, leaving out the items a change is itself writing (`writing`: entity\nid). */
export function usesBesides(
  site: Pick<ContentView, 'mediaUses'>,
  rel: string,
  writing: ReadonlySet<string>,
): MediaUse[] {
  return site.mediaUses(rel).filter((u) => !writing.has(`${u.entity}\n${u.id}`));
}
