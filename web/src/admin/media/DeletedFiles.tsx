// "Recently deleted": library files deleted from the site (read from its history), newest first,
// each with who deleted it and when, and Restore for those who may restore. Folded at first; read
// when unfolded, and again on the change stream's word and after a delete on this page.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { onContentChange } from '../../lib/liveStream.ts';
import { messageOf } from '../api.ts';
import { localTime } from '../dates.ts';
import { deletedMedia, restoreMedia } from './mediaApi.ts';
import { TYPE_LABELS } from './mediaRules.ts';
import type { DeletedMedia, MediaFile } from './mediaTypes.ts';

interface Props {
  /** Changes when this page deletes a file: the list is read again. */
  deletes: number;
  mayRestore: boolean;
  onRestored: (file: MediaFile) => void;
}

export function DeletedFiles({ deletes, mayRestore, onRestored }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<DeletedMedia[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const toggle = useRef<HTMLButtonElement>(null);

  const reload = useCallback(() => {
    deletedMedia().then(
      (list) => {
        setItems(list);
        setError(null);
      },
      (e: unknown) => setError(messageOf(e)),
    );
  }, []);
  useEffect(() => {
    if (open) reload();
  }, [open, deletes, reload]);
  useEffect(() => (open ? onContentChange(reload) : undefined), [open, reload]);

  const restore = async (item: DeletedMedia) => {
    setBusy(item.path);
    setSaid('');
    try {
      const file = await restoreMedia(item.path, item.restoreFrom);
      setItems((list) => list?.filter((i) => i.path !== item.path) ?? null);
      setSaid(`Restored “${item.name}”. It is back in the library.`);
      // Its button is gone: the keyboard carries on from the list's heading.
      toggle.current?.focus();
      onRestored(file);
    } catch (e) {
      setSaid(`Could not restore “${item.name}”: ${messageOf(e)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="admin-deleted media-deleted" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>
        <button
          ref={toggle}
          type="button"
          className="admin-deleted-toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> Recently deleted files
        </button>
      </h2>
      <div id={`${id}-panel`} className="admin-deleted-panel" hidden={!open}>
        <p className="admin-help">
          Files deleted from the library, newest first.{' '}
          {mayRestore
            ? 'Restore puts one back at its old address.'
            : 'Editors and admins can restore them here; anyone can in a draft.'}
        </p>
        <p className="admin-list-status" role="status">
          {said ||
            (items === null
              ? error
                ? ''
                : 'Loading the deleted files…'
              : items.length === 0
                ? 'No library file has been deleted.'
                : `${items.length} deleted file${items.length === 1 ? '' : 's'}.`)}
        </p>
        {error && (
          <div className="admin-notice admin-notice-error" role="alert">
            <p>Could not load the deleted files: {error}</p>
            <button type="button" className="admin-button" onClick={reload}>
              Try again
            </button>
          </div>
        )}
        {items && items.length > 0 && (
          <ul className="admin-rows" aria-label="Deleted files">
            {items.map((item) => (
              <li key={`${item.path} ${item.deleted.oid}`} className="admin-row">
                <span className="admin-row-title">{item.name}</span>
                <span className="admin-row-meta">
                  <span>{TYPE_LABELS[item.type]}</span>
                  <span>
                    Deleted <time dateTime={String(item.deleted.date)}>{localTime(item.deleted.date)}</time>{' '}
                    by {item.deleted.author.name}
                  </span>
                </span>
                {mayRestore && (
                  <button
                    type="button"
                    className="admin-button admin-button-small admin-button-primary"
                    disabled={busy !== null}
                    aria-label={`Restore ${item.name}`}
                    onClick={() => void restore(item)}
                  >
                    {busy === item.path ? 'Restoring…' : 'Restore'}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
