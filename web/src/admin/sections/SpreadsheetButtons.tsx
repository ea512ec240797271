// A collection as a spreadsheet and back (issue 37): Export (CSV or JSON) downloads the list as the
// page shows it (live, or the draft worked in); Import opens a dialog that reads the chosen file,
// shows what it would change — new items, updated ones and which fields, every problem by row and
// field — and writes only once "Import" is pressed. Where the person may not save, no Import.
import { useId, useState } from 'react';
import type { CollectionDef } from '../../../../server/schema/define.ts';
import { ApiError, messageOf, send } from '../api.ts';
import { useCan } from '../access.ts';
import { inDraft } from '../drafts/workingDraft.ts';
import { refresh } from '../liveData.ts';
import { Modal } from '../ui/Modal.tsx';

interface RowError {
  row: number;
  field: string;
  error: string;
}
interface ImportAnswer {
  created: number;
  updated: number;
  unchanged?: number;
  rows?: { row: number; id: string; action: 'create' | 'update' | 'unchanged'; fields: string[] }[];
  errors: RowError[];
}

const formatOf = (file: File) =>
  /\.json$/i.test(file.name) || file.type === 'application/json' ? 'json' : 'csv';

export function SpreadsheetButtons({
  def,
  onDone,
}: {
  def: CollectionDef;
  onDone: (message: string) => void;
}) {
  const { saveHere } = useCan();
  const [importing, setImporting] = useState(false);
  const exportUrl = (format: 'csv' | 'json') => inDraft(`/api/export?entity=${def.name}&format=${format}`);
  return (
    <>
      <div className="admin-actions admin-spreadsheet" role="group" aria-label="Spreadsheet">
        <a className="admin-button admin-button-small" href={exportUrl('csv')} download>
          Export CSV
        </a>
        <a className="admin-button admin-button-small" href={exportUrl('json')} download>
          Export JSON
        </a>
        {saveHere && (
          <button
            type="button"
            className="admin-button admin-button-small"
            onClick={() => setImporting(true)}
          >
            Import…
          </button>
        )}
      </div>
      {importing && (
        <Modal
          open
          onClose={() => setImporting(false)}
          title={`Import ${def.label.toLowerCase()} from a spreadsheet`}
          className="admin-dialog"
        >
          {(close) => (
            <ImportDialog
              def={def}
              onClose={close}
              onImported={(m) => {
                refresh(def);
                onDone(m);
              }}
            />
          )}
        </Modal>
      )}
    </>
  );
}

function ImportDialog({
  def,
  onClose,
  onImported,
}: {
  def: CollectionDef;
  onClose: () => void;
  onImported: (message: string) => void;
}) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [errors, setErrors] = useState<RowError[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const label = (field: string) => def.fields[field]?.label ?? field;

  const call = async (chosen: File, asPreview: boolean): Promise<ImportAnswer | null> => {
    const query = `entity=${def.name}&format=${formatOf(chosen)}&name=${encodeURIComponent(chosen.name)}`;
    setBusy(true);
    setProblem(null);
    setErrors([]);
    try {
      return await send<ImportAnswer>(
        'POST',
        inDraft(`import?${query}${asPreview ? '&preview=1' : ''}`),
        chosen,
      );
    } catch (e) {
      const listed =
        e instanceof ApiError ? (e.answer as { errors?: RowError[] } | undefined)?.errors : undefined;
      if (listed?.length) setErrors(listed);
      else setProblem(messageOf(e));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setDone(null);
    if (chosen) setPreview(await call(chosen, true));
  };
  const run = async () => {
    if (!file) return;
    const answer = await call(file, false);
    if (!answer) return;
    const said = `Imported from ${file.name}: ${answer.created} new, ${answer.updated} updated.`;
    setDone(
      answer.created || answer.updated
        ? said
        : 'Nothing in the file differs from the list, so nothing was changed.',
    );
    setPreview(null);
    onImported(said);
  };
  const changes = preview ? preview.created + preview.updated : 0;

  return (
    <div className="admin-import">
      <p className="admin-help">
        A file exported here (CSV or JSON), changed in a spreadsheet app. Rows with an id update that item;
        rows without one add a new item. Nothing is changed until you press Import.
      </p>
      <label htmlFor={inputId}>Spreadsheet file</label>
      <input
        id={inputId}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        onChange={(e) => void choose(e.target.files?.[0] ?? null)}
      />
      <div aria-live="polite">
        {busy && <p>Reading the file…</p>}
        {problem && <p className="admin-notice admin-notice-error">{problem}</p>}
        {errors.length > 0 && (
          <div className="admin-notice admin-notice-error">
            <p>
              {errors.length === 1 ? 'One problem' : `${errors.length} problems`} to fix in the file first
              (nothing was changed):
            </p>
            <ul>
              {errors.map((e, i) => (
                <li key={i}>
                  Row {e.row}
                  {e.field ? `, ${label(e.field)}` : ''}: {e.error}
                </li>
              ))}
            </ul>
          </div>
        )}
        {preview && (
          <div className="admin-import-preview">
            <p>
              <strong>
                {preview.created} new, {preview.updated} updated
              </strong>
              {preview.unchanged ? `, ${preview.unchanged} unchanged` : ''}.
            </p>
            <ul>
              {preview.rows
                ?.filter((r) => r.action !== 'unchanged')
                .map((r) => (
                  <li key={r.row}>
                    Row {r.row}:{' '}
                    {r.action === 'create'
                      ? 'a new item'
                      : `item ${r.id}, changes ${r.fields.map(label).join(', ')}`}
                  </li>
                ))}
            </ul>
          </div>
        )}
        {done && <p className="admin-notice admin-notice-success">{done}</p>}
      </div>
      <div className="admin-actions">
        {!done && (
          <button
            type="button"
            className="admin-button admin-button-primary"
            disabled={busy || !preview || changes === 0}
            onClick={() => void run()}
          >
            Import
          </button>
        )}
        <button type="button" className="admin-button" onClick={onClose}>
          {done ? 'Done' : 'Cancel'}
        </button>
      </div>
    </div>
  );
}
