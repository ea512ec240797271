// A collection's "Recently deleted" list, folded under its item list behind a disclosure button: the
// items that are gone from the site (read from git history, GET /api/deleted), newest delete first,
// each with who deleted it and when. Any one can be looked at as it was before the delete, and
// Restore brings it back in one click, pictures and files too (the history's restore). Read when
// first unfolded, and again while unfolded when the collection changes. Restore is offered to the
// roles that may change the live site; the others can still look.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CollectionDef } from '../../../../server/schema/define.ts';
import { onContentChange } from '../../lib/liveStream.ts';
import { messageOf, type AdminItem } from '../api.ts';
import { localTime } from '../dates.ts';
import { getDeleted, getVersion, restoreVersion, type DeletedItem } from '../entityApi.ts';
import { ItemView } from '../form/ItemView.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useCan } from '../access.ts';

/** Lines shown at first, and added by each "Show more". */
export const DELETED_SHOWN = 25;

interface RecentlyDeletedProps {
  def: CollectionDef;
  /** Changes when this tab deletes one of the collection's items: the list is read again. */
  deletes: number;
  onRestored: (message: string) => void;
  onError: (message: string) => void;
}

const nameOf = (item: DeletedItem) => item.title || `Item ${item.id}`;
const count = (n: number) => `${n.toLocaleString('en-US')} deleted item${n === 1 ? '' : 's'}`;

/** Whether every word typed is in the item's title or is its number. */
function matches(item: DeletedItem, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const title = item.title.toLowerCase();
  return words.every((w) => title.includes(w) || item.id === w.replace(/^#/, ''));
}

export function RecentlyDeleted({ def, deletes, onRestored, onError }: RecentlyDeletedProps) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<DeletedItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [shown, setShown] = useState(DELETED_SHOWN);
  const [busy, setBusy] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{ item: DeletedItem; version: AdminItem } | null>(null);
  const mayRestore = useCan().restore;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** After a restore, the line that takes the restored one's place gets the focus. */
  const focusLine = useRef<number | null>(null);

  const reload = useCallback(() => {
    getDeleted(def).then(
      (list) => {
        setItems(list);
        setLoadError(null);
      },
      (e: unknown) => setLoadError(messageOf(e)),
    );
  }, [def]);

  useEffect(() => {
    if (open) reload();
  }, [open, deletes, reload]);

  useEffect(() => {
    if (!open) return;
    return onContentChange((endpoints) => {
      if (endpoints === 'all' || endpoints.includes(def.legacy.endpoint)) reload();
    });
  }, [open, def, reload]);

  const visible = items?.filter((i) => matches(i, filter)) ?? [];

  useEffect(() => {
    const at = focusLine.current;
    if (at === null || !items) return;
    focusLine.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-restore]');
    const next = buttons?.[Math.min(at, buttons.length - 1)];
    if (next) next.focus();
    else toggleRef.current?.focus();
  }, [items]);

  // After "Show more", the keyboard carries on from the first line it added.
  const firstAdded = useRef<number | null>(null);
  useEffect(() => {
    const at = firstAdded.current;
    firstAdded.current = null;
    if (at !== null) listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-view]')[at]?.focus();
  }, [shown]);

  const view = async (item: DeletedItem) => {
    setBusy(item.id);
    try {
      setViewing({ item, version: await getVersion(def, item.id, item.restoreFrom) });
    } catch (e) {
      onError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  const restore = async (item: DeletedItem) => {
    setBusy(item.id);
    try {
      const answer = await restoreVersion(def, item.id, item.restoreFrom);
      // What else the restore changed ('2 event cards moved with the renamed page.').
      const more = answer.message?.replace(/^Restored\.\s*/, '');
      onRestored(`Restored “${nameOf(item)}”. It is back in the list above.${more ? ` ${more}` : ''}`);
      setViewing(null);
      focusLine.current = visible.indexOf(item);
      setItems((list) => list?.filter((i) => i.id !== item.id) ?? null);
      reload();
    } catch (e) {
      onError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  const status = !items
    ? loadError
      ? ''
      : 'Loading the deleted items…'
    : items.length === 0
      ? 'Nothing has been deleted here.'
      : !filter.trim()
        ? items.length === 1
          ? '1 deleted item.'
          : `${count(items.length)}, the most recently deleted first.`
        : visible.length === 0
          ? `No deleted items match “${filter.trim()}”.`
          : `${visible.length.toLocaleString('en-US')} of ${count(items.length)} match “${filter.trim()}”.`;

  const panel = (
    <>
      <p className="admin-help">
        Items deleted from this list, newest first.{' '}
        {mayRestore
          ? 'Restore puts one back as it was just before it was deleted, with its pictures and files.'
          : 'View shows one as it was just before it was deleted. Editors and admins can restore them.'}
      </p>
      {items && items.length > 0 && (
        <div className="admin-search">
          <label htmlFor={`${ids}-filter`}>Filter deleted items by title or number</label>
          <input
            id={`${ids}-filter`}
            type="search"
            value={filter}
            maxLength={200}
            autoComplete="off"
            onChange={(e) => {
              setFilter(e.target.value);
              setShown(DELETED_SHOWN);
            }}
          />
        </div>
      )}
      <p className="admin-list-status" aria-live="polite">
        {status}
      </p>
      {loadError && (
        <div className="admin-notice admin-notice-error" role="alert">
          <p>Could not load the deleted items: {loadError}</p>
          <button type="button" className="admin-button" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      {visible.length > 0 && (
        <ul ref={listRef} className="admin-rows admin-deleted-rows" aria-label="Deleted items">
          {visible.slice(0, shown).map((item) => {
            const name = nameOf(item);
            return (
              <li key={item.id} className="admin-row">
                <span className="admin-row-title">{name}</span>
                <span className="admin-row-meta">
                  <span>
                    Deleted <time dateTime={String(item.deleted.date)}>{localTime(item.deleted.date)}</time>{' '}
                    by {item.deleted.author.name}
                  </span>
                </span>
                <span className="admin-actions">
                  <button
                    type="button"
                    className="admin-button admin-button-small"
                    data-view
                    disabled={busy !== null}
                    onClick={() => void view(item)}
                    aria-label={`View “${name}” as it was before it was deleted`}
                  >
                    View
                  </button>
                  {mayRestore && (
                    <button
                      type="button"
                      className="admin-button admin-button-small admin-button-primary"
                      data-restore
                      disabled={busy !== null}
                      onClick={() => void restore(item)}
                      aria-label={`Restore “${name}”`}
                    >
                      {busy === item.id ? 'Restoring…' : 'Restore'}
                    </button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {visible.length > shown && (
        <button
          type="button"
          className="admin-button admin-deleted-more"
          onClick={() => {
            firstAdded.current = shown;
            setShown((n) => n + DELETED_SHOWN);
          }}
        >
          Show more ({(visible.length - shown).toLocaleString('en-US')} not shown)
        </button>
      )}
      {viewing && (
        <Modal
          open
          onClose={() => setViewing(null)}
          title={`${nameOf(viewing.item)}, before it was deleted`}
          className="admin-dialog admin-history"
        >
          <div className="admin-history-version">
            <p>
              Deleted {localTime(viewing.item.deleted.date)} by {viewing.item.deleted.author.name}. This is
              how it was just before; restoring brings it back like this, with its pictures and files.
            </p>
            <ItemView def={def} item={viewing.version} />
            <div className="admin-actions">
              {mayRestore && (
                <button
                  type="button"
                  className="admin-button admin-button-primary"
                  disabled={busy !== null}
                  onClick={() => void restore(viewing.item)}
                >
                  Restore it
                </button>
              )}
              <button type="button" className="admin-button" onClick={() => setViewing(null)}>
                Back to the list
              </button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );

  return (
    <div className="admin-deleted">
      <h3>
        <button
          ref={toggleRef}
          type="button"
          className="admin-deleted-toggle"
          aria-expanded={open}
          aria-controls={`${ids}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> Recently deleted
        </button>
      </h3>
      <div id={`${ids}-panel`} className="admin-deleted-panel" hidden={!open}>
        {open && panel}
      </div>
    </div>
  );
}
