// A form's markdown field with files: drop or paste them on it, or use the toolbar's picture button
// ("Upload a picture or PDF") or "Choose from the library". Beside the editor: each file's progress
// while it uploads, and what went wrong in plain words. The text itself is kept by
// useMarkdownUploads.ts; this draws the editor, the file chooser and the two dialogs.
import { useMemo, useState, type ClipboardEvent, type DragEvent } from 'react';
import type { TextRange } from '@uiw/react-md-editor';
import { DescribeDialog } from '../media/DescribeDialog.tsx';
import { MediaPicker } from '../media/MediaPicker.tsx';
import { ACCEPTED_FILES } from '../media/mediaRules.ts';
import { ProgressBar } from '../media/UploadList.tsx';
import { EditorCore, type MdEditorProps } from './EditorCore.tsx';
import { fieldCommands } from './formatCommands.tsx';
import { useMarkdownUploads } from './useMarkdownUploads.ts';

const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

/** Files pasted alone (a screenshot); a copy from a document also carries its text, which is pasted instead. */
function pastedFiles(e: ClipboardEvent): File[] {
  const data = e.clipboardData;
  if (!data?.files.length) return [];
  if (data.types.includes('text/plain') || data.types.includes('text/html')) return [];
  return Array.from(data.files);
}

export function UploadingEditor(props: MdEditorProps) {
  const { id, value, onChange } = props;
  const media = useMarkdownUploads(id, value, onChange);
  /** Where a file chosen with the picture button goes: the selection when the button was pressed. */
  const [chooseAt, setChooseAt] = useState<TextRange | null>(null);
  /** Where a file picked from the library goes, while the picker is open. */
  const [picking, setPicking] = useState<TextRange | null>(null);
  const inputId = `${id}-files`;
  const toolbar = useMemo(
    () =>
      fieldCommands({
        upload: (at) => {
          setChooseAt(at);
          document.getElementById(inputId)?.click();
        },
        library: (at) => setPicking(at),
      }),
    [inputId],
  );

  return (
    <>
      <div
        className="admin-md-uploads"
        onDragOver={(e) => {
          if (!carriesFiles(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDrop={(e) => {
          if (!e.dataTransfer.files.length) return;
          e.preventDefault();
          media.uploadFiles(Array.from(e.dataTransfer.files));
        }}
        onPaste={(e) => {
          const files = pastedFiles(e);
          if (!files.length) return;
          e.preventDefault();
          media.uploadFiles(files);
        }}
      >
        <EditorCore {...props} commands={toolbar} />
      </div>
      <input
        id={inputId}
        type="file"
        multiple
        hidden
        accept={ACCEPTED_FILES}
        aria-label="Pictures or PDFs to put in the text"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) media.uploadFiles(files, chooseAt ?? undefined);
        }}
      />
      <div className="media-md-status" aria-live="polite">
        {media.sending.map((entry) => (
          <div key={entry.id} className="media-md-uploading">
            <span>Uploading {entry.file.name}…</span>
            <ProgressBar fraction={entry.progress} label={`Uploading ${entry.file.name}`} />
          </div>
        ))}
        {media.said.map((s) => (
          <div
            key={s.n}
            className={`admin-notice admin-notice-${s.kind === 'error' ? 'error' : 'info'}`}
            role={s.kind === 'error' ? 'alert' : 'status'}
          >
            <p>{s.text}</p>
            <button
              type="button"
              className="admin-button admin-button-small admin-button-quiet"
              onClick={() => media.dismiss(s.n)}
            >
              Dismiss
            </button>
          </div>
        ))}
      </div>
      {media.describing && (
        <DescribeDialog
          key={`${media.describing.file.path} ${media.describing.standIn ?? ''}`}
          file={media.describing.file}
          name={media.describing.name}
          onDone={media.described}
        />
      )}
      {picking && (
        <MediaPicker
          onClose={() => setPicking(null)}
          onPick={(file) => {
            setPicking(null);
            media.insertPicked(file, picking);
          }}
        />
      )}
    </>
  );
}
