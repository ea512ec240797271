// An item read-only, field by field, the way visitors will see each value: markdown through the
// site's Markdown component, images as images, choices by their label.
import type { EntityDef } from '../../../../server/schema/define.ts';
import { wireName } from '../../../../server/schema/define.ts';
import type { AnyField } from '../../../../server/schema/fields.ts';
import { Markdown } from '../../markdown/Markdown.tsx';
import type { WireItem } from '../api.ts';
import { fieldsOf } from '../entityApi.ts';

/** Markdown longer than this folds behind its first words in lists. */
const LONG = 320;

/** The first words of a markdown text, without its markup. */
const excerpt = (md: string) =>
  md.replace(/<[^>]*>/g, ' ').replace(/\]\([^)]*\)|[#*_>`[\]]/g, '').replace(/\s+/g, ' ').trim().slice(0, 160);

export function FieldValue({ field, value, compact }: { field: AnyField; value: string; compact?: boolean }) {
  if (!value) return <span className="admin-muted">(empty)</span>;
  switch (field.kind) {
    case 'markdown':
      if (compact && value.length > LONG) {
        return (
          <details className="admin-long">
            <summary><span className="admin-excerpt">{excerpt(value)}… </span><span className="admin-more">Show all</span></summary>
            <Markdown>{value}</Markdown>
          </details>
        );
      }
      return <Markdown>{value}</Markdown>;
    case 'image': return value.startsWith('/') ? <img className="admin-thumb" src={value} alt={field.label} /> : <span>{value}</span>;
    case 'pdf': return value.startsWith('/') ? <a href={value} target="_blank" rel="noreferrer">Open the PDF</a> : <span>{value}</span>;
    case 'flag': case 'codes': case 'choice':
      return <span>{field.options?.find((o) => o.value === value)?.label ?? value}</span>;
    default: return <span className="admin-pre">{value}</span>;
  }
}

interface ItemViewProps {
  def: EntityDef;
  item: Partial<WireItem>;
  /** Fields not to show (the title, or ones an extra shows its own way). */
  skip?: readonly string[];
  /** Fold long texts (lists). */
  compact?: boolean;
}

export function ItemView({ def, item, skip = [], compact }: ItemViewProps) {
  return (
    <dl className="admin-fields">
      {fieldsOf(def).filter(([key]) => !skip.includes(key)).map(([key, field]) => (
        <div key={key} className="admin-field-view">
          <dt>{field.label}</dt>
          <dd><FieldValue field={field} value={item[wireName(def, key)] ?? ''} compact={compact} /></dd>
        </div>
      ))}
    </dl>
  );
}
