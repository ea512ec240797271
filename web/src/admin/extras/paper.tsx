// Research papers (/pdfPage): the upload form (both files and the download name required, the
// abstract's characters remaining, 'Sending Entry Please Wait...', Reset Fields, a live preview and
// upload progress), then each paper with Download, per-field Edit / Update / Cancel and Delete Entry.
import { useEffect, useId, useMemo, useState } from 'react';
import type { CollectionDef } from '../../../../server/schema/define.ts';
import { PAPER_MISSING_FILES } from '../../../../server/schema/entities/paper.ts';
import { Markdown } from '../../markdown/Markdown.tsx';
import { useApi } from '../../lib/useApi.ts';
import { formatDate } from '../../lib/dates.ts';
import { ConflictError, messageOf, type WireItem } from '../api.ts';
import { deleteItem, listKey, type FormFiles, type FormValues, type SaveAnswer } from '../entityApi.ts';
import { EntityForm } from '../form/EntityForm.tsx';
import { HistoryDialog } from '../history/HistoryDialog.tsx';
import { LoadState } from '../sections/LoadState.tsx';
import { LIST_NOTICE_MS, Notice, useNotice } from '../ui/Notice.tsx';
import { PaperFields } from './paperFields.tsx';
import type { EntityExtras, SectionProps } from './types.ts';

function useFileUrl(file: File | null | undefined) {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);
  return url;
}

/** Roughly the paper as the research page shows it. */
function PaperPreview({ values, item, files }: { values: FormValues; item?: WireItem; files: FormFiles }) {
  const chosen = useFileUrl(files.first_page);
  const image = chosen ?? item?.first_page;
  return (
    <article className="admin-paper-preview">
      {image && <img src={image} alt="First page" />}
      <div>
        <h3>{values.study_title || 'Study title'}</h3>
        {values.publication_date && <p className="admin-muted">{formatDate(values.publication_date)}</p>}
        <Markdown>{values.abstract ?? ''}</Markdown>
        <span className="admin-button" aria-hidden="true">Download</span>
      </div>
    </article>
  );
}

const validate = (values: FormValues, files: FormFiles, creating: boolean) =>
  creating && (!values.file_name?.trim() || !files.pdf || !files.first_page) ? PAPER_MISSING_FILES : null;

const uploadExtras: EntityExtras = {
  validate,
  busyText: 'Sending Entry Please Wait...',
  resetLabel: 'Reset Fields',
  Preview: PaperPreview,
};

function PaperSection({ def: anyDef }: SectionProps) {
  const def = anyDef as CollectionDef;
  const headingId = useId();
  const state = useApi<WireItem[]>(listKey(def));
  const notice = useNotice();
  const [history, setHistory] = useState<WireItem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const onSaved = (answer: SaveAnswer) => notice.success(answer.message || 'Object sent successfully', LIST_NOTICE_MS);

  const remove = async (item: WireItem) => {
    if (!window.confirm(`Are you sure you want to delete ${def.itemNoun}?`)) return;
    setBusy(item.id);
    try {
      try {
        await deleteItem(def, item.id, item.version);
      } catch (e) {
        if (!(e instanceof ConflictError)) throw e;
        if (!window.confirm('Someone else changed this paper after this page loaded it. Delete it anyway?')) return;
        await deleteItem(def, item.id, e.current.version);
      }
      notice.success('Deleted.', LIST_NOTICE_MS);
    } catch (e) {
      notice.error(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Upload a paper</h2>
      <div className="admin-card admin-add">
        <EntityForm def={def} extras={uploadExtras} submitLabel="Upload" onSaved={onSaved} />
      </div>
      <Notice notice={notice.notice} />
      <h2>Papers</h2>
      <LoadState state={state} what="the papers">
        <ul className="admin-list">
          {(state.data ?? []).map((item) => (
            <li key={item.id} className="admin-card admin-item">
              <h3>{item.study_title || `Paper ${item.id}`}</h3>
              <PaperFields def={def} item={item} onDone={(m) => notice.success(m, LIST_NOTICE_MS)} />
              <div className="admin-actions">
                <a className="admin-button" href={`/api/download_pdf.php?id=${encodeURIComponent(item.id)}`} download={`${item.file_name || 'paper'}.pdf`}>Download</a>
                <button type="button" className="admin-button" aria-label={`History: ${item.study_title}`} onClick={() => setHistory(item)}>History</button>
                <button type="button" className="admin-button admin-button-danger" disabled={busy === item.id} aria-label={`Delete Entry: ${item.study_title}`} onClick={() => void remove(item)}>Delete Entry</button>
              </div>
            </li>
          ))}
          {state.data?.length === 0 && <li className="admin-muted">No papers yet.</li>}
        </ul>
      </LoadState>
      {history && (
        <HistoryDialog def={def} id={history.id} name={history.study_title || 'this paper'} onClose={() => setHistory(null)} onRestored={(m) => notice.success(m, LIST_NOTICE_MS)} />
      )}
    </section>
  );
}

export const paperExtras: EntityExtras = { Section: PaperSection };
