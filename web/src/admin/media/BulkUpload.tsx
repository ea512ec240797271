// Uploading many files at once: a drop zone that also has a "Choose files" button (the keyboard's
// and the phone's way), then the list of files with their progress and results. Each file goes in
// its own request so each has its own bar; the queue sends two at a time. Leaving the page while
// files are still being sent asks first.
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useDirty } from '../ui/unsaved.tsx';
import { workingDraftId } from '../drafts/workingDraft.ts';
import { uploadMedia } from './mediaApi.ts';
import { ACCEPTED_FILES, TAKES } from './mediaRules.ts';
import type { MediaFile } from './mediaTypes.ts';
import { UploadList } from './UploadList.tsx';
import { uploadSummary, useUploadQueue } from './useUploadQueue.ts';

const hasFiles = (e: DragEvent | globalThis.DragEvent) => !!e.dataTransfer?.types.includes('Files');

interface BulkUploadProps {
  /** Hears each file the server stored (the list shows it). */
  onUploaded: (file: MediaFile) => void;
  onOpen: (file: MediaFile) => void;
}

export function BulkUpload({ onUploaded, onOpen }: BulkUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [draft] = useState(workingDraftId);
  const { queue, entries } = useUploadQueue(
    (file, onProgress) => uploadMedia(file, { onProgress, draft }),
    (entry) => {
      if (entry.result) onUploaded(entry.result);
    },
  );
  useDirty(queue.busy);

  // A file dropped beside the zone would open in the tab instead and leave the page: not here.
  useEffect(() => {
    const keep = (e: globalThis.DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);

  const take = (files: FileList | null | undefined) => {
    if (files?.length) queue.add(Array.from(files));
  };
  const onDrag = (e: DragEvent) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const summary = uploadSummary(entries);
  const finished = entries.some((e) => e.state === 'done');

  return (
    <section className="admin-section media-upload-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Upload files</h2>
      <div
        className={`media-drop${over ? ' is-over' : ''}`}
        onDragEnter={onDrag}
        onDragOver={onDrag}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          take(e.dataTransfer.files);
        }}
      >
        <p className="media-drop-words">Drag pictures and PDFs here, or</p>
        <button
          type="button"
          className="admin-button admin-button-primary"
          aria-describedby={`${id}-takes`}
          onClick={() => input.current?.click()}
        >
          Choose files
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPTED_FILES}
          aria-label="Files to upload"
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
        <p id={`${id}-takes`} className="admin-help">
          {TAKES} You can choose many at once.
        </p>
      </div>
      <p className="admin-list-status" role="status">
        {summary}
      </p>
      <UploadList
        entries={entries}
        onRetry={(n) => queue.retry(n)}
        onDismiss={(n) => queue.dismiss(n)}
        onOpen={onOpen}
      />
      {finished && (
        <button type="button" className="admin-button admin-button-quiet" onClick={() => queue.clearDone()}>
          Clear uploaded files from this list
        </button>
      )}
    </section>
  );
}
