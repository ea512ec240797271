// An item read-only, field by field, the way visitors will see each value: markdown through the
// site's Markdown component, images as images, choices by their label, dates as "Mar 5, 2025".
import type { EntityDef } from '../../../../server/schema/define.ts';
import type { AnyField } from '../../../../server/schema/fields.ts';
import { Markdown } from '../ui/LazyMarkdown.tsx';
import type { AdminItem, FieldValue as Value } from '../api.ts';
import { adminDate, adminSiteTime } from '../dates.ts';
import { isoDate } from '../../lib/dates.ts';
import { fieldsOf, plainOf } from '../entityApi.ts';
import { itemGist, itemName } from './listValues.ts';

/** A list read-only: each item by its name and first words ("Section 2 (Buttons): Apply now"). */
function ListView({ field, value }: { field: AnyField; value: Value }) {
  const list = Array.isArray(value) ? value : [];
  if (!field.list || !list.length) return <span className="admin-muted">(empty)</span>;
  const shape = field.list;
  return (
    <ol className="admin-list-view">
      {list.map((item, i) => {
        const gist = itemGist(shape, item);
        return (
          <li key={i}>
            {itemName(shape, i, item)}
            {gist && `: ${gist}`}
          </li>
        );
      })}
    </ol>
  );
}

export function FieldValue({ field, value: stored }: { field: AnyField; value: Value }) {
  if (field.kind === 'list') return <ListView field={field} value={stored} />;
  // A yes/no is a boolean, false included; every other stored value is text.
  if (
    typeof stored === 'boolean' ||
    field.kind === 'flag' ||
    field.kind === 'codes' ||
    field.kind === 'choice'
  ) {
    const label = field.options?.find((o) => o.value === stored)?.label;
    if (label !== undefined || stored !== '') return <span>{label ?? plainOf(stored)}</span>;
  }
  const value = typeof stored === 'string' ? stored : '';
  if (!value) return <span className="admin-muted">(empty)</span>;
  switch (field.kind) {
    case 'markdown':
      return <Markdown>{value}</Markdown>;
    case 'image':
      return value.startsWith('/') ? (
        <img className="admin-thumb" src={value} alt={field.label} />
      ) : (
        <span>{value}</span>
      );
    case 'pdf':
      return value.startsWith('/') ? (
        <a href={value} target="_blank" rel="noreferrer">
          Open the PDF
        </a>
      ) : (
        <span>{value}</span>
      );
    case 'date':
      return <time dateTime={isoDate(value)}>{adminDate(value)}</time>;
    case 'datetime':
      return <time dateTime={value}>{adminSiteTime(value)}</time>;
    default:
      return <span className="admin-pre">{value}</span>;
  }
}

export function ItemView({ def, item }: { def: EntityDef; item: Partial<AdminItem> }) {
  return (
    <dl className="admin-fields">
      {fieldsOf(def).map(([key, field]) => (
        <div key={key} className="admin-field-view">
          <dt>{field.label}</dt>
          <dd>
            <FieldValue field={field} value={item[key] ?? ''} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
