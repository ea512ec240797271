// What an import would do, item by item, told before it runs (the admin's preview): made, changed
// (and which fields), or left as it is — read from the plan after its checks, nothing written.
import type { Fields } from '../../schema/define.ts';
import { blobId } from '../../store/blobId.ts';
import { serializeItem } from '../index/fileFormat.ts';
import type { Plan } from './plan.ts';

export interface PreviewedItem {
  /** The item's place in the import's items (0 first). */
  item: number;
  entity: string;
  /** The id it has, or would be given. */
  id: string;
  action: 'create' | 'update' | 'unchanged';
  /** The fields an update changes (a create: the fields it fills). */
  fields: string[];
}

const empty = (v: unknown) => v === undefined || v === null || v === '';
const same = (a: unknown, b: unknown) => (empty(a) && empty(b)) || JSON.stringify(a) === JSON.stringify(b);

export function previewOf(plan: Plan): PreviewedItem[] {
  return plan.items
    .filter((i) => i.at !== undefined && i.data !== null)
    .map((i) => {
      const data = i.data!;
      const keys = Object.keys(i.def.fields as Fields);
      const base = { item: i.at!, entity: i.def.name, id: i.id };
      if (!i.before) return { ...base, action: 'create', fields: keys.filter((k) => !empty(data[k])) };
      const text = i.text ?? serializeItem(i.def, data);
      if (blobId(Buffer.from(text)) === i.before.fileVersion)
        return { ...base, action: 'unchanged', fields: [] };
      return { ...base, action: 'update', fields: keys.filter((k) => !same(data[k], i.before!.data[k])) };
    });
}
