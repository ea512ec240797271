// An item read-only, field by field, the way visitors will see each value: markdown through the
// site's Markdown component, images as images, choices by their label, dates as "Mar 5, 2025".
import type { EntityDef } from '../../../../server/schema/define.ts';
import { wireName } from '../../../../server/schema/define.ts';
import type { AnyField } from '../../../../server/schema/fields.ts';
import { Markdown } from '../ui/LazyMarkdown.tsx';
import type { WireItem } from '../api.ts';
import { adminDate, adminSiteTime } from '../dates.ts';
import { isoDate } from '../../lib/dates.ts';
import { fieldsOf } from '../entityApi.ts';

export function FieldValue({ field, value }: { field: AnyField; value: string }) {
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
    case 'flag':
    case 'codes':
    case 'choice':
      return <span>{field.options?.find((o) => o.value === value)?.label ?? value}</span>;
    default:
      return <span className="admin-pre">{value}</span>;
  }
}

export function ItemView({ def, item }: { def: EntityDef; item: Partial<WireItem> }) {
  return (
    <dl className="admin-fields">
      {fieldsOf(def).map(([key, field]) => (
        <div key={key} className="admin-field-view">
          <dt>{field.label}</dt>
          <dd>
            <FieldValue field={field} value={item[wireName(def, key)] ?? ''} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
