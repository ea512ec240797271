// One item of a collection, opened from its list: read by id (kept fresh by the live stream), with
// its extras' actions, History and Delete, and its edit form (or the entity's own editor). Where the
// person may not save (a contributor on the live site) it is shown read-only, with its History.
import { useEffect, useId, useRef, useState } from 'react';
import type { CollectionDef } from '../../../../server/schema/define.ts';
import { getSnapshot } from '../../lib/resourceStore.ts';
import { ConflictError, messageOf, type AdminItem } from '../api.ts';
import { deleteItem, type SaveAnswer } from '../entityApi.ts';
import type { EntityExtras } from '../extras/types.ts';
import { EntityForm } from '../form/EntityForm.tsx';
import { ItemView } from '../form/ItemView.tsx';
import { useCan } from '../access.ts';
import { HistoryDialog } from '../history/HistoryDialog.tsx';
import { itemKey, useAdminApi } from '../liveData.ts';
import { Modal } from '../ui/Modal.tsx';
import { titleOf } from './rows.ts';
import { deleteQuestion } from './deleteQuestion.ts';
import { TranslationStatus } from '../translations/TranslationStatus.tsx';

interface ItemPanelProps {
  def: CollectionDef;
  extras: EntityExtras;
  id: string;
  /** Back to the list; `settled` after a save or delete (nothing left unsaved). */
  onClose: (settled: boolean) => void;
  onSaved: (answer: SaveAnswer) => void;
  onDeleted: () => void;
  notify: { success: (message: string) => void; error: (message: string) => void };
}

export function ItemPanel({ def, extras, id, onClose, onSaved, onDeleted, notify }: ItemPanelProps) {
  const headingId = useId();
  const key = itemKey(def, id);
  const state = useAdminApi<AdminItem>(key);
  // An answer cached from an earlier visit may be out of date: the form waits for this visit's.
  const [earlier] = useState(() => getSnapshot<AdminItem>(key).data);
  const fresh = state.data !== earlier ? state.data : undefined;
  // A restored version goes into the form at once, before the refreshed item arrives.
  const [restored, setRestored] = useState<AdminItem | null>(null);
  const item = restored && fresh?.version !== restored.version ? restored : fresh;
  const [history, setHistory] = useState(false);
  const [busy, setBusy] = useState(false);
  const { saveHere } = useCan();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [id]);

  const noun = def.itemNoun.replace(/^this /, '');
  const title = item ? titleOf(def, item) : `${noun[0]!.toUpperCase()}${noun.slice(1)} ${id}`;

  const remove = async (current: AdminItem) => {
    setBusy(true);
    const [question, warning] = await Promise.all([
      deleteQuestion(def, current.id),
      extras.deleteWarning?.(current) ?? null,
    ]);
    setBusy(false);
    if (!window.confirm(warning ? `${warning}\n\n${question}` : question)) return;
    setBusy(true);
    try {
      try {
        await deleteItem(def, current.id, current.version);
      } catch (e) {
        if (!(e instanceof ConflictError)) throw e;
        const theirs = titleOf(def, e.current);
        const ask = `Someone else changed “${theirs}” after this page loaded it. Delete it anyway?`;
        if (!window.confirm(ask)) return;
        await deleteItem(def, current.id, e.current.version);
      }
      onDeleted();
    } catch (e) {
      notify.error(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const { ItemActions, ItemEditor } = extras;
  const historyDialog = history && (
    <HistoryDialog
      def={def}
      id={id}
      name={title}
      onClose={() => setHistory(false)}
      onRestored={(m, back) => {
        setRestored(back);
        notify.success(m);
      }}
    />
  );
  // In a dialog, Cancel closes it the dialog's way (asking first if there are changes).
  const body = (cancel: () => void) =>
    item &&
    (!saveHere ? (
      <>
        <ItemView def={def} item={item} />
        <div className="admin-actions admin-item-more">
          <button type="button" className="admin-button" onClick={() => setHistory(true)}>
            History
          </button>
        </div>
        {historyDialog}
      </>
    ) : (
      <>
        <TranslationStatus def={def} id={item.id} version={item.version} />
        {ItemActions && (
          <div className="admin-actions admin-item-actions">
            <ItemActions def={def} item={item} onDone={notify.success} onError={notify.error} />
          </div>
        )}
        {ItemEditor ? (
          <ItemEditor def={def} item={item} onDone={notify.success} onError={notify.error} />
        ) : (
          <EntityForm
            key={restored?.version ?? id}
            def={def}
            item={item}
            extras={extras}
            submitLabel="Update"
            onSaved={onSaved}
            onCancel={cancel}
          />
        )}
        <div className="admin-actions admin-item-more">
          <button type="button" className="admin-button" onClick={() => setHistory(true)}>
            History
          </button>
          <button
            type="button"
            className="admin-button admin-button-danger"
            disabled={busy}
            onClick={() => void remove(item)}
          >
            {extras.deleteLabel ?? 'Delete'}
          </button>
        </div>
        {historyDialog}
      </>
    ));
  const failed = state.error && (
    <div className="admin-notice admin-notice-error" role="alert">
      <p>
        Could not open this {noun}: {state.error.message}
      </p>
      <button type="button" className="admin-button" onClick={state.retry}>
        Try again
      </button>
    </div>
  );
  const waiting = !item && !state.error && (
    <p className="admin-loading" role="status">
      Loading…
    </p>
  );

  if (extras.editInModal) {
    return (
      // The dialog asked already if its form had changes: leaving it is settled.
      <Modal
        open
        onClose={() => onClose(true)}
        title={saveHere ? `Edit ${title}` : title}
        className="admin-dialog"
      >
        {(closeAsking) => (
          <>
            {failed}
            {waiting}
            {body(closeAsking)}
          </>
        )}
      </Modal>
    );
  }
  return (
    <section className="admin-card admin-item-panel" aria-labelledby={headingId}>
      <button
        type="button"
        className="admin-button admin-button-quiet admin-back-to-list"
        onClick={() => onClose(false)}
      >
        Back to the list
      </button>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h3>
      {failed}
      {waiting}
      {body(() => onClose(false))}
    </section>
  );
}
