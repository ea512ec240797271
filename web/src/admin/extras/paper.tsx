// Research papers (/pdfPage): the upload form (the PDF and the download name required, the first-page
// image drawn from the PDF when none is chosen, the abstract's characters remaining, 'Sending Entry
// Please Wait...' or 'Making the first-page picture…', Reset Fields, a live preview and upload
// progress); an opened paper has Download, per-field Edit / Update / Cancel and Delete Entry.
import { useEffect, useMemo } from 'react';
import type { CollectionDef } from '../../../../server/schema/define.ts';
import { PAPER_MISSING_FILES } from '../../../../server/schema/entities/paper.ts';
import { Markdown } from '../ui/LazyMarkdown.tsx';
import { formatDate } from '../../lib/dates.ts';
import type { AdminItem } from '../api.ts';
import { isUpload, textOf, type FormFiles, type FormValues } from '../entityApi.ts';
import { PaperFields } from './paperFields.tsx';
import { PaperRedirectOffer } from './paperRedirect.tsx';
import type { EntityExtras, ItemActionProps } from './types.ts';

function useFileUrl(file: File | null | undefined) {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** Roughly the paper as the research page shows it. */
function PaperPreview({ values, item, files }: { values: FormValues; item?: AdminItem; files: FormFiles }) {
  const picture = files.first_page;
  const chosen =
    useFileUrl(isUpload(picture) ? picture : null) ?? (picture && !isUpload(picture) ? picture.src : null);
  const image = chosen ?? textOf(item?.first_page);
  return (
    <article className="admin-paper-preview">
      {image && <img src={image} alt="First page" />}
      {!image && isUpload(files.pdf) && (
        <p className="admin-muted">The PDF's first page will be its picture.</p>
      )}
      <div>
        <h3>{textOf(values.study_title) || 'Study title'}</h3>
        {values.publication_date && (
          <p className="admin-muted">{formatDate(textOf(values.publication_date))}</p>
        )}
        <Markdown>{textOf(values.abstract)}</Markdown>
        <span className="admin-button" aria-hidden="true">
          Download
        </span>
      </div>
    </article>
  );
}

// The first-page image may be left out: the server then draws it from the PDF (its `fromPdf`).
const validate = (values: FormValues, files: FormFiles, creating: boolean) =>
  creating && (!textOf(values.file_name).trim() || !files.pdf) ? PAPER_MISSING_FILES : null;

function Download({ item }: ItemActionProps) {
  return (
    <a
      className="admin-button"
      href={`/api/download_pdf.php?id=${encodeURIComponent(item.id)}`}
      download={`${textOf(item.file_name) || 'paper'}.pdf`}
    >
      Download
    </a>
  );
}

function PaperEditor({ def, item, onDone }: ItemActionProps) {
  return <PaperFields def={def as CollectionDef} item={item} onDone={onDone} />;
}

export const paperExtras: EntityExtras = {
  heading: 'Papers',
  addLabel: 'Upload a paper',
  submitLabel: 'Upload',
  deleteLabel: 'Delete Entry',
  validate,
  busyText: 'Sending Entry Please Wait...',
  resetLabel: 'Reset Fields',
  Preview: PaperPreview,
  ItemActions: Download,
  ItemEditor: PaperEditor,
  AfterDelete: PaperRedirectOffer,
};
