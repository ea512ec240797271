// The generic add/edit form of any entity, drawn from its declaration. Keeps the input on failure,
// shows the server's messages next to the fields they concern, shows upload progress, and on a 409
// opens the conflict dialog instead of overwriting someone else's save. The content checks' warnings
// (contentWarnings.ts) sit beside their fields as staff type and after a save; they never stop it.
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { EntityDef } from '../../../../server/schema/define.ts';
import { drawnFromPdf, isMediaField, type AnyField } from '../../../../server/schema/fields.ts';
import { storedKeyFor } from '../../../../server/schema/codec.ts';
import { refusals, type FieldWarning } from '../../../../server/schema/contentChecks.ts';
import {
  ConflictError,
  fieldErrorsOf,
  messageOf,
  saysSignedOut,
  type AdminItem,
  type FieldValue,
} from '../api.ts';
import { useSignedInAgain } from '../auth.ts';
import { useCan } from '../access.ts';
import {
  changedValues,
  checkValues,
  fieldsOf,
  NOTHING_SAVED,
  saveItem,
  saveWarnings,
  formValues,
  isUpload,
  type ChosenFile,
  type FormFiles,
  type FormValues,
  type SaveAnswer,
} from '../entityApi.ts';
import type { EntityExtras, FieldOptions } from '../extras/types.ts';
import { UploadProgress } from '../ui/Progress.tsx';
import { useDirty } from '../ui/unsaved.tsx';
import { ConflictDialog } from './ConflictDialog.tsx';
import { FieldRow } from './FieldRow.tsx';
import { PartOptions } from './ListInput.tsx';
import { below } from './listValues.ts';
import { useFieldWarnings } from './fieldWarnings.ts';

interface EntityFormProps {
  def: EntityDef;
  /** The item being edited; undefined adds a new one (singletons always pass theirs). */
  item?: AdminItem;
  extras?: EntityExtras;
  submitLabel: string;
  onSaved: (answer: SaveAnswer, created: boolean) => void;
  onCancel?: () => void;
  cancelLabel?: string;
}

const noOptions = (): Record<string, FieldOptions> => ({});
const noErrors = (): Record<string, string> => ({});

/** Said while a save whose PDF came without its picture is sent and the server draws the picture. */
export const DRAWING_PICTURE = 'Making the first-page picture…';

export function EntityForm({
  def,
  item,
  extras,
  submitLabel,
  onSaved,
  onCancel,
  cancelLabel = 'Cancel',
}: EntityFormProps) {
  const formId = useId();
  const creating = def.type === 'collection' && !item;
  const [baseline, setBaseline] = useState<FormValues>(() => formValues(def, item));
  const [version, setVersion] = useState(item?.version);
  const [values, setValues] = useState<FormValues>(baseline);
  const [files, setFiles] = useState<FormFiles>({});
  const [fileInputKey, setFileInputKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [conflict, setConflict] = useState<AdminItem | null>(null);
  /** The last save's warnings, each kept until its field changes. */
  const [savedWarnings, setSavedWarnings] = useState<FieldWarning[]>([]);
  const formRef = useRef<HTMLFormElement>(null);

  // Signed in again after the session ended: "Please sign in to do this." no longer holds.
  useSignedInAgain(() => setError((e) => (saysSignedOut(e) ? null : e)));

  const useFieldOptions = extras?.useFieldOptions ?? noOptions;
  const fieldOptions = useFieldOptions(item);
  const useLiveErrors = extras?.useLiveErrors ?? noErrors;
  // Fields that load code on the public site (declared `onlyAdmins`): shown, not editable, to others.
  const { codeOnSite } = useCan();
  const optionsOf = (key: string, field: AnyField): FieldOptions | undefined =>
    field.onlyAdmins && !codeOnSite
      ? { ...fieldOptions[key], readOnly: field.help ?? 'Only an admin can change this.' }
      : fieldOptions[key];
  const hidden = extras?.hiddenFields ?? [];
  const shown = fieldsOf(def).filter(([key, f]) => !hidden.includes(key) && !f.formHidden);

  const changed = useMemo(() => changedValues(def, values, baseline), [def, values, baseline]);
  const hasFiles = Object.values(files).some(Boolean);
  // Only files to upload make a save an upload, with its progress (a library file goes as its path).
  const uploads = Object.values(files).some(isUpload);
  // The server draws a picture from a PDF sent without one (a paper's first page): said while it does.
  const drawsPicture = shown.some(([key, f]) => drawnFromPdf(f, key, (k) => isUpload(files[k]), values[key]));
  const busyText = drawsPicture ? DRAWING_PICTURE : extras?.busyText;
  const dirty = Object.keys(changed).length > 0 || hasFiles;
  useDirty(dirty);

  const follow = extras?.follow;
  const liveErrors = useLiveErrors(values, item);
  const { local, warnings } = useFieldWarnings(def, extras, values, files, baseline, savedWarnings);

  const set = (key: string, v: FieldValue) => {
    setValues((prev) => (follow ? follow({ ...prev, [key]: v }, prev) : { ...prev, [key]: v }));
    if (fieldErrors[key]) setFieldErrors(({ [key]: _gone, ...rest }) => rest);
    setSavedWarnings((ws) => (ws.some((w) => w.field === key) ? ws.filter((w) => w.field !== key) : ws));
  };
  const setFile = (key: string, f: ChosenFile | null) => {
    setFiles((prev) => ({ ...prev, [key]: f }));
    if (fieldErrors[key]) setFieldErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const reset = (to: FormValues, nextVersion: string | undefined) => {
    setBaseline(to);
    setValues(to);
    setVersion(nextVersion);
    setFiles({});
    setFileInputKey((k) => k + 1);
  };

  const submit = async (versionToSend: string | undefined) => {
    setError(null);
    setFieldErrors({});
    const problem = extras?.validate?.(values, files, creating);
    if (problem) {
      setError(problem);
      return;
    }
    // The server's schema and messages, before anything is sent (the server checks again).
    const refused = checkValues(def, values, files);
    if (refused) {
      setError(refused.error);
      setFieldErrors(refused.fields);
      return;
    }
    // An image without a description is refused by the server too, with the same words.
    const undescribed = refusals(local);
    if (undescribed) {
      setError(Object.values(undescribed)[0]!);
      setFieldErrors(undescribed);
      return;
    }
    if (!creating && !dirty) {
      setError(NOTHING_SAVED);
      return;
    }
    setBusy(true);
    setProgress(uploads ? 0 : null);
    try {
      const answer = await saveItem(
        def,
        {
          id: item?.id,
          version: versionToSend,
          values: creating ? onlyText(def, values) : changed,
          files,
        },
        { onProgress: setProgress },
      );
      if (creating) reset(formValues(def, undefined), undefined);
      else reset(formValues(def, answer), answer.version);
      setSavedWarnings(creating ? [] : saveWarnings(answer));
      // A cleared add form is ready for the next item: the first box takes the focus (a form that
      // closes hands it on instead). An edit form keeps it on its Update button.
      if (creating) formRef.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
      onSaved(answer, creating);
    } catch (e) {
      if (e instanceof ConflictError) setConflict(e.current);
      else {
        setError(messageOf(e));
        setFieldErrors(fieldErrorsOf(e));
      }
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    void submit(version);
  };

  const Preview = extras?.Preview;
  const beside = !!(Preview && extras?.previewBeside);
  const preview = Preview && (
    <section className="admin-item-preview" aria-label="Preview">
      <h3>Preview</h3>
      <Preview values={values} item={item} files={files} />
    </section>
  );
  return (
    <form ref={formRef} className="admin-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <div className={beside ? 'admin-form-split' : 'admin-form-fields'}>
        <div className="admin-form-main">
          <PartOptions.Provider value={fieldOptions}>
            {shown.map(([key, field]) => (
              <FieldRow
                key={key}
                formId={formId}
                name={key}
                field={field}
                value={values[key] ?? ''}
                file={files[key] ?? null}
                fileInputKey={fileInputKey}
                error={fieldErrors[key] ?? liveErrors[key]}
                errors={field.kind === 'list' ? below(fieldErrors, key) : undefined}
                warnings={warnings[key]}
                opts={optionsOf(key, field)}
                onChange={(v) => set(key, v)}
                onFile={(f) => setFile(key, f)}
              />
            ))}
          </PartOptions.Provider>
        </div>
        {beside && preview}
      </div>
      {/* Messages for fields the form does not show; one under a documented form name (a paper's
          firstPage) is the same as its field's (first_page), shown beside it already. */}
      {Object.entries(fieldErrors)
        .filter(
          ([k]) => !shown.some(([key]) => key === (storedKeyFor(def, k) ?? k) || k.startsWith(`${key}.`)),
        )
        .map(([k, m]) => (
          <p key={k} className="admin-field-error">
            {m}
          </p>
        ))}
      {!beside && preview}
      {busy && busyText && (
        <p className="admin-status" role="status">
          {busyText}
        </p>
      )}
      <UploadProgress fraction={progress} />
      {error && (
        <p className="admin-notice admin-notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        {/* Not disabled while saving: a disabled button loses the focus, and it would fall to the page. */}
        <button type="submit" className="admin-button admin-button-primary" aria-disabled={busy || undefined}>
          {busy ? (uploads ? 'Uploading…' : 'Saving…') : submitLabel}
        </button>
        {creating && extras?.resetLabel && (
          <button
            type="button"
            className="admin-button"
            disabled={busy}
            onClick={() => {
              reset(formValues(def, undefined), undefined);
              setError(null);
              setFieldErrors({});
            }}
          >
            {extras.resetLabel}
          </button>
        )}
        {onCancel && (
          <button type="button" className="admin-button" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
        )}
        {!creating && dirty && !onCancel && (
          <button
            type="button"
            className="admin-button admin-button-quiet"
            onClick={() => reset(baseline, version)}
            disabled={busy}
          >
            Undo my changes
          </button>
        )}
      </div>
      {conflict && (
        <ConflictDialog
          def={def}
          mine={values}
          theirs={conflict}
          onLoadTheirs={() => {
            reset(formValues(def, conflict), conflict.version);
            setConflict(null);
          }}
          onOverwrite={() => {
            const v = conflict.version;
            setVersion(v);
            setConflict(null);
            void submit(v);
          }}
          onClose={() => setConflict(null)}
        />
      )}
    </form>
  );
}

/** A new item sends every value but its files (so declared defaults apply); files go separately. */
function onlyText(def: EntityDef, values: FormValues): FormValues {
  return Object.fromEntries(
    fieldsOf(def)
      .filter(([, f]) => !isMediaField(f))
      .map(([k]) => [k, values[k] ?? '']),
  );
}
