// One thing to translate: the English (read-only, with what changed since the translation was saved
// marked word by word) beside the box for the translation — the same input the edit form draws for
// the field's kind — and the server's message about it. On a phone the two stack, English first.
import { lazy, Suspense } from 'react';
import { inputs } from '../form/inputs.tsx';
import { FieldRow } from '../form/FieldRow.tsx';
import type { WordRow } from './wordRows.ts';

// The diff brings the word-diff library: loaded only where the English changed.
const WordsDiff = lazy(() => import('../history/WordsDiff.tsx'));

const DIFF_NAMES = {
  onlyBefore: 'removed from the English: ',
  onlyAfter: 'added to the English: ',
};

interface WordRowViewProps {
  formId: string;
  row: WordRow;
  /** The language's name in itself ('Español'). */
  language: string;
  value: string;
  error?: string;
  /** Absent where this person may not save: the translation is shown, not edited. */
  onChange?: (value: string) => void;
}

export function WordRowView({ formId, row, language, value, error, onChange }: WordRowViewProps) {
  const id = `${formId}-${row.path.replace(/\./g, '-')}`;
  const changedId = `${id}-changed`;
  const errorId = `${id}-error`;
  const { Input } = inputs[row.field.kind];
  const describedBy = [row.was !== undefined ? changedId : '', error ? errorId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={row.was !== undefined ? 'admin-translate-row is-changed' : 'admin-translate-row'}>
      <div className="admin-translate-english">
        <p className="admin-translate-side">English: {row.label}</p>
        {row.was !== undefined ? (
          <>
            <p className="admin-translate-changed" id={changedId}>
              The English changed since this was translated.
            </p>
            <Suspense fallback={<p className="admin-translate-text">{row.english}</p>}>
              <WordsDiff before={row.was} after={row.english} names={DIFF_NAMES} />
            </Suspense>
          </>
        ) : (
          <p className="admin-translate-text">
            {row.english || <span className="admin-muted">(empty)</span>}
          </p>
        )}
      </div>
      <div className="admin-translate-target">
        {onChange ? (
          <div className="admin-field">
            <label htmlFor={id}>
              {language}: {row.label}
            </label>
            <Input
              id={id}
              name={row.path}
              field={{ ...row.field, label: `${language}: ${row.label}` }}
              value={value}
              onChange={(v) => onChange(typeof v === 'string' ? v : '')}
              file={null}
              onFile={() => undefined}
              describedBy={describedBy || undefined}
              invalid={!!error}
              Row={FieldRow}
            />
            {error && (
              <p id={errorId} className="admin-field-error">
                {error}
              </p>
            )}
          </div>
        ) : (
          <>
            <p className="admin-translate-side">
              {language}: {row.label}
            </p>
            <p className="admin-translate-text">
              {value || <span className="admin-muted">(not translated yet)</span>}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
