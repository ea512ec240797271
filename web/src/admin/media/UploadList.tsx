// The files being uploaded: each with its progress bar while it is sent, then "Uploaded" (with a
// button to its details) or the reason it failed, in the server's words, and Retry.
import { BUSY_MESSAGE, type UploadEntry } from './uploadQueue.ts';
import type { MediaFile } from './mediaTypes.ts';

interface UploadListProps {
  entries: readonly UploadEntry[];
  onRetry: (id: number) => void;
  onDismiss: (id: number) => void;
  onOpen?: (file: MediaFile) => void;
}

export function ProgressBar({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div
      className="media-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
    >
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}

function Line({
  entry,
  onRetry,
  onDismiss,
  onOpen,
}: { entry: UploadEntry } & Omit<UploadListProps, 'entries'>) {
  const { file, state } = entry;
  const name = file.name;
  return (
    <li className={`media-upload is-${state}`}>
      <span className="media-upload-name">{name}</span>
      {(state === 'uploading' || state === 'paused') && (
        <>
          <ProgressBar fraction={entry.progress} label={`Uploading ${name}`} />
          <span className="admin-muted">
            {state === 'paused' ? BUSY_MESSAGE : `${Math.round(entry.progress * 100)}%`}
          </span>
        </>
      )}
      {state === 'waiting' && <span className="admin-muted">Waiting its turn…</span>}
      {state === 'done' && (
        <>
          <span className="media-upload-ok">Uploaded.</span>
          {onOpen && entry.result && (
            <button
              type="button"
              className="admin-button admin-button-small"
              aria-label={`Open ${name}`}
              onClick={() => onOpen(entry.result!)}
            >
              Open
            </button>
          )}
        </>
      )}
      {state === 'failed' && (
        <>
          <span className="admin-field-error">Not uploaded: {entry.error}</span>
          <span className="admin-actions">
            {entry.sent && (
              <button
                type="button"
                className="admin-button admin-button-small"
                aria-label={`Retry ${name}`}
                onClick={() => onRetry(entry.id)}
              >
                Retry
              </button>
            )}
            <button
              type="button"
              className="admin-button admin-button-small admin-button-quiet"
              aria-label={`Remove ${name} from the list`}
              onClick={() => onDismiss(entry.id)}
            >
              Remove
            </button>
          </span>
        </>
      )}
    </li>
  );
}

export function UploadList({ entries, ...actions }: UploadListProps) {
  if (!entries.length) return null;
  return (
    <ul className="media-uploads" aria-label="Uploads">
      {entries.map((entry) => (
        <Line key={entry.id} entry={entry} {...actions} />
      ))}
    </ul>
  );
}
