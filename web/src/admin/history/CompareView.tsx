// An earlier version beside the current one (or beside any later one), field by field: the changed fields (or, on request,
// all), texts with the words that differ marked, pictures side by side, and Restore from here.
// The field-by-field part (FieldsCompare) also compares a draft with the live site (drafts/).
// Loaded only when someone compares (it brings the word-diff library).
import { plainOf } from '../entityApi.ts';
import { useId, useMemo, useState } from 'react';
import type { EntityDef } from '../../../../server/schema/define.ts';
import { isMediaField } from '../../../../server/schema/fields.ts';
import type { AdminItem } from '../api.ts';
import { FieldValue } from '../form/ItemView.tsx';
import { comparesWords, fieldChanges, type FieldChange } from './versionDiff.ts';
import WordsDiff from './WordsDiff.tsx';

interface CompareViewProps {
  def: EntityDef;
  older: AdminItem;
  /** The current version, or a later one named by `newerName`. */
  newer: AdminItem;
  /** 'the version saved Mar 5, 2026, 10:12 AM by Ana' */
  olderName: string;
  /** Absent when `newer` is the current version. */
  newerName?: string | undefined;
  busy: boolean;
  /** Absent where restoring is not offered (in a draft: history/HistoryDialog.tsx). */
  onRestore?: () => void;
  onBack: () => void;
}

/** What the two sides are called. */
export interface CompareNames {
  /** Over each side of a short value: 'This version', 'Current'. */
  before: string;
  after: string;
  /** Said to screen readers before a word only on one side: 'only in this version: '. */
  onlyBefore: string;
  onlyAfter: string;
  /** When no field differs. */
  same: string;
  /** A picture's text alternative on each side, from its field's label. */
  altBefore: (label: string) => string;
  altAfter: (label: string) => string;
}

const HISTORY_NAMES: CompareNames = {
  before: 'This version',
  after: 'Current',
  onlyBefore: 'only in this version: ',
  onlyAfter: 'only in the current version: ',
  same: 'Nothing differs from the current version.',
  altBefore: (label) => `${label} in this version`,
  altAfter: (label) => `Current ${label.toLowerCase()}`,
};

const TWO_VERSIONS_NAMES: CompareNames = {
  before: 'Older version',
  after: 'Newer version',
  onlyBefore: 'only in the older version: ',
  onlyAfter: 'only in the newer version: ',
  same: 'Nothing differs between the two versions.',
  altBefore: (label) => `${label} in the older version`,
  altAfter: (label) => `${label} in the newer version`,
};

function Side({
  change,
  value,
  caption,
  alt,
}: {
  change: FieldChange;
  value: FieldChange['before'];
  caption: string;
  alt: (label: string) => string;
}) {
  const { field } = change;
  return (
    <figure>
      <figcaption>{caption}</figcaption>
      {isMediaField(field) && field.kind === 'image' && value ? (
        <img className="admin-thumb" src={plainOf(value)} alt={alt(field.label)} />
      ) : (
        <FieldValue field={field} value={value} />
      )}
    </figure>
  );
}

function SideBySide({ change, names }: { change: FieldChange; names: CompareNames }) {
  return (
    <div className="admin-compare-sides">
      <Side change={change} value={change.before} caption={names.before} alt={names.altBefore} />
      <Side change={change} value={change.after} caption={names.after} alt={names.altAfter} />
    </div>
  );
}

interface FieldsCompareProps {
  def: EntityDef;
  before: Partial<AdminItem>;
  after: Partial<AdminItem>;
  names?: CompareNames;
  /** The level of each field's heading (3 in the history dialog). */
  level?: 3 | 4;
  /**
   * The id of the heading naming the item, when a page compares several: each field's region is
   * named by both ('Title News item “Fair”'), so no two regions of the page share a name.
   */
  itemHeading?: string;
}

/** Two versions of an item field by field: how many differ, those (or all), words marked in texts. */
export function FieldsCompare({
  def,
  before,
  after,
  names = HISTORY_NAMES,
  level = 3,
  itemHeading,
}: FieldsCompareProps) {
  const id = useId();
  const [all, setAll] = useState(false);
  const changes = useMemo(() => fieldChanges(def, before, after), [def, before, after]);
  const changed = changes.filter((c) => c.changed);
  const shown = all ? changes : changed;
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <>
      <p role="status" className="admin-changed">
        {changed.length === 0 ? names.same : `${changed.length} of ${changes.length} fields differ.`}
      </p>
      <div className="admin-check">
        <input id={`${id}-all`} type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
        <label htmlFor={`${id}-all`}>Show unchanged fields too</label>
      </div>
      <div className="admin-compare-fields">
        {shown.map((c) => (
          <section
            key={c.key}
            className="admin-compare-field"
            aria-labelledby={itemHeading ? `${id}-${c.key} ${itemHeading}` : `${id}-${c.key}`}
          >
            <Heading id={`${id}-${c.key}`}>
              {c.field.label}
              {!c.changed && <span className="admin-muted"> (unchanged)</span>}
            </Heading>
            {c.changed && comparesWords(c.field) ? (
              <WordsDiff before={plainOf(c.before)} after={plainOf(c.after)} names={names} />
            ) : (
              <SideBySide change={c} names={names} />
            )}
          </section>
        ))}
      </div>
    </>
  );
}

export default function CompareView(props: CompareViewProps) {
  const { def, older, newer, olderName, newerName, busy, onRestore, onBack } = props;
  return (
    <div className="admin-compare">
      {newerName === undefined ? (
        <p>
          Comparing {olderName} with the current version.{' '}
          <span className="admin-muted">
            In texts, <del>struck-through</del> words are only in this version and <ins>underlined</ins> words
            only in the current one.
          </span>
        </p>
      ) : (
        <p>
          Comparing {olderName} (older) with {newerName} (newer).{' '}
          <span className="admin-muted">
            In texts, <del>struck-through</del> words are only in the older version and <ins>underlined</ins>{' '}
            words only in the newer one.
          </span>
        </p>
      )}
      <FieldsCompare
        def={def}
        before={older}
        after={newer}
        {...(newerName === undefined ? {} : { names: TWO_VERSIONS_NAMES })}
      />
      <div className="admin-actions">
        {onRestore && (
          <button
            type="button"
            className="admin-button admin-button-primary"
            disabled={busy}
            onClick={onRestore}
          >
            {newerName === undefined ? 'Restore this version' : 'Restore the older version'}
          </button>
        )}
        <button type="button" className="admin-button" onClick={onBack}>
          Back to the list
        </button>
      </div>
    </div>
  );
}
