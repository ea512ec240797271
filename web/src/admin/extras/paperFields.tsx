// One paper, field by field: each has its own Edit, then Update or Cancel (spec: per-field edit).
// An update sends only that field (pdf_update.php with fileId), with upload progress for files.
import { useEffect, useId, useRef, useState } from 'react';
import type { CollectionDef } from '../../../../server/schema/define.ts';
import { isMediaField, type AnyField } from '../../../../server/schema/fields.ts';
import {
  ConflictError,
  fieldErrorsOf,
  messageOf,
  saysSignedOut,
  type AdminItem,
  type FieldValue as Value,
} from '../api.ts';
import { useSignedInAgain } from '../auth.ts';
import {
  checkValues,
  fieldsOf,
  formValues,
  isUpload,
  NOTHING_SAVED,
  saveItem,
  type ChosenFile,
} from '../entityApi.ts';
import { ConflictDialog } from '../form/ConflictDialog.tsx';
import { FieldRow } from '../form/FieldRow.tsx';
import { FieldValue } from '../form/ItemView.tsx';
import { UploadProgress } from '../ui/Progress.tsx';
import { useDirty } from '../ui/unsaved.tsx';

interface PaperFieldsProps {
  def: CollectionDef;
  item: AdminItem;
  onDone: (message: string) => void;
}

export function PaperFields({ def, item, onDone }: PaperFieldsProps) {
  const values = formValues(def, item);
  return (
    <dl className="admin-fields">
      {fieldsOf(def).map(([key, field]) => (
        <OneField
          key={key}
          def={def}
          item={item}
          name={key}
          field={field}
          value={values[key] ?? ''}
          onDone={onDone}
        />
      ))}
    </dl>
  );
}

interface OneFieldProps {
  def: CollectionDef;
  item: AdminItem;
  name: string;
  field: AnyField;
  value: Value;
  onDone: (m: string) => void;
}

function OneField({ def, item, name, field, value, onDone }: OneFieldProps) {
  const formId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<AdminItem | null>(null);
  const media = isMediaField(field);
  // Closing the field's editor (saved or cancelled) gives the focus back to its Edit button.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  useSignedInAgain(() => setError((e) => (saysSignedOut(e) ? null : e)));
  useDirty(editing && (media ? !!file : draft !== value));

  const open = () => {
    setDraft(value);
    setFile(null);
    setError(null);
    setEditing(true);
  };
  const update = async (version: string) => {
    if (busy) return;
    if (media && !file) {
      setError('Choose a file first.');
      return;
    }
    if (!media && draft === value) {
      setEditing(false);
      onDone(NOTHING_SAVED);
      return;
    }
    // The server's schema and messages, before anything is sent (the server checks again).
    const refused = media ? null : checkValues(def, { ...formValues(def, item), [name]: draft });
    if (refused) {
      setError(refused.fields[name] ?? refused.error);
      return;
    }
    setBusy(true);
    setError(null);
    setProgress(isUpload(file) ? 0 : null);
    try {
      const answer = await saveItem(
        def,
        {
          id: item.id,
          version,
          values: media ? {} : { [name]: draft },
          files: media ? { [name]: file } : {},
        },
        { onProgress: setProgress },
      );
      setEditing(false);
      onDone(answer.message || 'Updated successfully!');
    } catch (e) {
      if (e instanceof ConflictError) setConflict(e.current);
      else setError(fieldErrorsOf(e)[name] ?? messageOf(e));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const shown = item[name] ?? value;
  return (
    <div className="admin-field-view">
      <dt>{field.label}</dt>
      <dd>
        {editing ? (
          <div className="admin-inline-edit">
            <FieldRow
              formId={formId}
              name={name}
              field={{ ...field, label: `New ${field.label.toLowerCase()}` }}
              value={draft}
              file={file}
              fileInputKey={0}
              onChange={setDraft}
              onFile={setFile}
            />
            <UploadProgress fraction={progress} />
            {error && (
              <p className="admin-notice admin-notice-error" role="alert">
                {error}
              </p>
            )}
            <div className="admin-actions">
              <button
                type="button"
                className="admin-button admin-button-primary"
                aria-disabled={busy || undefined}
                onClick={() => void update(item.version)}
              >
                {busy ? 'Saving…' : 'Update'}
              </button>
              <button
                type="button"
                className="admin-button"
                disabled={busy}
                onClick={() => setEditing(false)}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div className="admin-field-line">
            <FieldValue field={field} value={shown} />
            <button
              ref={editButton}
              type="button"
              className="admin-button admin-button-small"
              aria-label={`Edit ${field.label.toLowerCase()}`}
              onClick={open}
            >
              Edit
            </button>
          </div>
        )}
        {conflict && (
          <ConflictDialog
            def={def}
            theirs={conflict}
            onLoadTheirs={() => {
              setConflict(null);
              setEditing(false);
            }}
            onOverwrite={() => {
              const v = conflict.version;
              setConflict(null);
              void update(v);
            }}
            onClose={() => setConflict(null)}
          />
        )}
      </dd>
    </div>
  );
}
