// An earlier version beside the current one, field by field: the changed fields (or, on request,
// all), texts with the words that differ marked, pictures side by side, and Restore from here.
// Loaded only when someone compares (it brings the word-diff library).
import { useId, useMemo, useState } from 'react';
import type { EntityDef } from '../../../../server/schema/define.ts';
import { isMediaField } from '../../../../server/schema/fields.ts';
import type { AdminItem } from '../api.ts';
import { FieldValue } from '../form/ItemView.tsx';
import { comparesWords, fieldChanges, wordDiff, type FieldChange } from './versionDiff.ts';

interface CompareViewProps {
  def: EntityDef;
  older: AdminItem;
  current: AdminItem;
  /** 'the version saved Mar 5, 2026, 10:12 AM by Ana' */
  olderName: string;
  busy: boolean;
  onRestore: () => void;
  onBack: () => void;
}

/** Removed and added words, each also said in words for screen readers (<del>/<ins> are often silent). */
function Words({ before, after }: { before: string; after: string }) {
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  return (
    <p className="admin-diff">
      {parts.map((p, i) => {
        if (p.kind === 'same') return <span key={i}>{p.text}</span>;
        const Tag = p.kind === 'removed' ? 'del' : 'ins';
        const said = p.kind === 'removed' ? 'only in this version: ' : 'only in the current version: ';
        return (
          <Tag key={i}>
            <span className="visually-hidden">[{said}</span>
            {p.text}
            <span className="visually-hidden">]</span>
          </Tag>
        );
      })}
    </p>
  );
}

function SideBySide({ change }: { change: FieldChange }) {
  const { field, before, after } = change;
  const media = isMediaField(field);
  return (
    <div className="admin-compare-sides">
      <figure>
        <figcaption>This version</figcaption>
        {media && field.kind === 'image' && before ? (
          <img className="admin-thumb" src={String(before)} alt={`${field.label} in this version`} />
        ) : (
          <FieldValue field={field} value={before} />
        )}
      </figure>
      <figure>
        <figcaption>Current</figcaption>
        {media && field.kind === 'image' && after ? (
          <img className="admin-thumb" src={String(after)} alt={`Current ${field.label.toLowerCase()}`} />
        ) : (
          <FieldValue field={field} value={after} />
        )}
      </figure>
    </div>
  );
}

export default function CompareView(props: CompareViewProps) {
  const { def, older, current, olderName, busy, onRestore, onBack } = props;
  const id = useId();
  const [all, setAll] = useState(false);
  const changes = useMemo(() => fieldChanges(def, older, current), [def, older, current]);
  const changed = changes.filter((c) => c.changed);
  const shown = all ? changes : changed;

  return (
    <div className="admin-compare">
      <p>
        Comparing {olderName} with the current version.{' '}
        <span className="admin-muted">
          In texts, <del>struck-through</del> words are only in this version and <ins>underlined</ins> words
          only in the current one.
        </span>
      </p>
      <p role="status" className="admin-changed">
        {changed.length === 0
          ? 'Nothing differs from the current version.'
          : `${changed.length} of ${changes.length} fields differ.`}
      </p>
      <div className="admin-check">
        <input id={`${id}-all`} type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
        <label htmlFor={`${id}-all`}>Show unchanged fields too</label>
      </div>
      <div className="admin-compare-fields">
        {shown.map((c) => (
          <section key={c.key} className="admin-compare-field" aria-labelledby={`${id}-${c.key}`}>
            <h3 id={`${id}-${c.key}`}>
              {c.field.label}
              {!c.changed && <span className="admin-muted"> (unchanged)</span>}
            </h3>
            {c.changed && comparesWords(c.field) ? (
              <Words before={String(c.before)} after={String(c.after)} />
            ) : (
              <SideBySide change={c} />
            )}
          </section>
        ))}
      </div>
      <div className="admin-actions">
        <button
          type="button"
          className="admin-button admin-button-primary"
          disabled={busy}
          onClick={onRestore}
        >
          Restore this version
        </button>
        <button type="button" className="admin-button" onClick={onBack}>
          Back to the list
        </button>
      </div>
    </div>
  );
}
