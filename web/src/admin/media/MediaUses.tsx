// Where a file is used: one line per item, linked to the item's form (in its draft, for a use in a
// draft), with the fields that show the file. Drawn on the cards, in the details and after a
// refused delete.
import { Link } from 'react-router-dom';
import type { Fields } from '../../../../server/schema/define.ts';
import { entityByName } from '../../../../server/schema/registry.ts';
import { formHref } from '../itemLinks.ts';
import { keepDraft } from '../drafts/workingDraft.ts';
import type { MediaUse } from './mediaTypes.ts';

export interface UsedItem {
  key: string;
  use: MediaUse;
  /** The fields of the item that show the file, in words. */
  fields: string[];
}

const fieldLabel = (use: MediaUse) => {
  const def = entityByName.get(use.entity);
  return (def && (def.fields as Fields)[use.field]?.label) || use.field;
};

/** The uses item by item (a picture in an item's image and its text is one item, two fields). */
export function usedItems(uses: readonly MediaUse[]): UsedItem[] {
  const byItem = new Map<string, UsedItem>();
  for (const use of uses) {
    const key = `${use.draft?.id ?? ''}/${use.entity}/${use.id}`;
    const item = byItem.get(key) ?? { key, use, fields: [] };
    const label = fieldLabel(use);
    if (!item.fields.includes(label)) item.fields.push(label);
    byItem.set(key, item);
  }
  return [...byItem.values()];
}

/** 'Used by 3 items', or 'Not used'. */
export function usedByWords(uses: readonly MediaUse[]): string {
  const n = usedItems(uses).length;
  return n === 0 ? 'Not used' : `Used by ${n} item${n === 1 ? '' : 's'}`;
}

export function MediaUses({ uses }: { uses: readonly MediaUse[] }) {
  return (
    <ul className="media-uses">
      {usedItems(uses).map(({ key, use, fields }) => {
        const href = formHref(use.entity, use.id);
        const name = `${use.label}: ${use.title || `item ${use.id}`}`;
        return (
          <li key={key}>
            {href ? <Link to={keepDraft(href, use.draft?.id ?? null)}>{name}</Link> : name}
            <span className="admin-muted">
              {' '}
              ({fields.join(', ')}
              {use.draft ? `, in the draft “${use.draft.title}”` : ''})
            </span>
          </li>
        );
      })}
    </ul>
  );
}
