// Deleting a file, after a question. A library file goes to "Recently deleted", where an editor can
// restore it; a file that belongs to an item stays in the site's history. While something uses the
// file the server refuses (409): its words show, with the uses, each linked to its item.
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, messageOf } from '../api.ts';
import { deleteMedia } from './mediaApi.ts';
import { MediaUses } from './MediaUses.tsx';
import type { MediaFile, MediaUse } from './mediaTypes.ts';

/** Where a deleted file can be found again, in words. */
export const afterDelete = (file: Pick<MediaFile, 'shared'>) =>
  file.shared
    ? 'It goes to “Recently deleted” on this page, where an editor can restore it.'
    : 'It stays in the site’s history.';

interface Props {
  file: MediaFile;
  onDeleted: (message: string) => void;
}

export function DeleteFile({ file, onDeleted }: Props) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ error: string; usedBy: MediaUse[] } | null>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // Refused: the question is gone with the focus in it; the focus goes back to the button.
  useEffect(() => {
    if (refused) deleteButton.current?.focus();
  }, [refused]);

  const remove = async () => {
    setBusy(true);
    setRefused(null);
    try {
      const answer = await deleteMedia(file.path);
      onDeleted(answer.message || `Deleted “${file.name}”. ${afterDelete(file)}`);
    } catch (e) {
      const usedBy =
        e instanceof ApiError && Array.isArray(e.answer?.usedBy) ? (e.answer.usedBy as MediaUse[]) : [];
      setRefused({ error: messageOf(e), usedBy });
      setAsking(false);
      setBusy(false);
    }
  };

  return (
    <section className="media-part" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Delete</h3>
      <button
        ref={deleteButton}
        type="button"
        className="admin-button admin-button-danger"
        aria-expanded={asking}
        aria-controls={asking ? `${id}-ask` : undefined}
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        Delete this file
      </button>
      {asking && (
        <div
          id={`${id}-ask`}
          className="admin-notice admin-notice-info"
          role="group"
          aria-labelledby={`${id}-q`}
        >
          <p id={`${id}-q`}>
            Delete “{file.name}”? {afterDelete(file)}
          </p>
          <div className="admin-actions">
            <button
              type="button"
              className="admin-button admin-button-danger"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the question just opened: its answer is the next step
              autoFocus
              disabled={busy}
              onClick={() => void remove()}
            >
              {busy ? 'Deleting…' : 'Yes, delete it'}
            </button>
            <button
              type="button"
              className="admin-button"
              disabled={busy}
              onClick={() => {
                setAsking(false);
                deleteButton.current?.focus();
              }}
            >
              No, keep it
            </button>
          </div>
        </div>
      )}
      {refused && (
        <div className="admin-notice admin-notice-error" role="alert">
          <p>{refused.error}</p>
          {refused.usedBy.length > 0 && <MediaUses uses={refused.usedBy} />}
        </div>
      )}
    </section>
  );
}
