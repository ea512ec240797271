// The generic list of a collection: an add form, then every item with Edit, History and Delete,
// plus whatever the entity's extras add. Refreshed live when anyone saves.
import { useId, useState } from 'react';
import type { CollectionDef } from '../../../../server/schema/define.ts';
import { useApi } from '../../lib/useApi.ts';
import { ConflictError, messageOf, type WireItem } from '../api.ts';
import { deleteItem, listKey, type SaveAnswer } from '../entityApi.ts';
import type { SectionProps } from '../extras/types.ts';
import { EntityForm } from '../form/EntityForm.tsx';
import { ItemView } from '../form/ItemView.tsx';
import { HistoryDialog } from '../history/HistoryDialog.tsx';
import { Modal } from '../ui/Modal.tsx';
import { LIST_NOTICE_MS, Notice, useNotice } from '../ui/Notice.tsx';
import { LoadState } from './LoadState.tsx';

export const titleOf = (def: CollectionDef, item: WireItem) =>
  (def.admin.titleField ? item[def.admin.titleField] : '') || `Item ${item.id}`;

export function CollectionSection({ def: anyDef, extras }: SectionProps) {
  const def = anyDef as CollectionDef;
  const headingId = useId();
  const state = useApi<WireItem[]>(listKey(def));
  const notice = useNotice();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(!extras.foldAddForm && !extras.editInModal);
  const [history, setHistory] = useState<WireItem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const ms = extras.noticeMs ?? LIST_NOTICE_MS;
  const noun = def.itemNoun.replace(/^this /, '');
  const items = state.data ?? [];

  const onSaved = (answer: SaveAnswer, created: boolean) => {
    notice.success(created ? (extras.createdNotice ?? answer.message ?? 'Submitted') : (answer.message ?? 'Updated successfully!'), ms);
    if (created && extras.editInModal) setAdding(false);
    if (!created) setEditing(null);
  };

  const remove = async (item: WireItem) => {
    if (!window.confirm(`Are you sure you want to delete ${def.itemNoun}?`)) return;
    setBusy(item.id);
    notice.clear();
    try {
      try {
        await deleteItem(def, item.id, item.version);
      } catch (e) {
        if (!(e instanceof ConflictError)) throw e;
        if (!window.confirm(`Someone else changed “${titleOf(def, e.current)}” after this page loaded it. Delete it anyway?`)) return;
        await deleteItem(def, item.id, e.current.version);
      }
      if (editing === item.id) setEditing(null);
      notice.success('Deleted.', ms);
    } catch (e) {
      notice.error(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  const addForm = (
    <EntityForm
      def={def} extras={extras} items={items} submitLabel="Submit" onSaved={onSaved}
      onCancel={extras.editInModal || extras.foldAddForm ? () => setAdding(false) : undefined}
    />
  );
  const editingItem = items.find((i) => i.id === editing);
  const editForm = (item: WireItem) => (
    <EntityForm
      key={item.id} def={def} item={item} extras={extras} items={items} submitLabel="Update"
      onSaved={onSaved} onCancel={() => setEditing(null)}
    />
  );
  const { ItemActions, ListHeader } = extras;
  const skip = [def.admin.titleField ?? '', ...(extras.hiddenFields ?? [])];

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{extras.heading ?? def.label}</h2>
      {extras.intro && <p className="admin-help">{extras.intro}</p>}
      <Notice notice={notice.notice} />
      {!extras.editInModal && (adding ? (
        <div className="admin-card admin-add">
          <h3>{extras.addLabel ?? `Add a new ${noun}`}</h3>
          {addForm}
        </div>
      ) : (
        <button type="button" className="admin-button admin-button-primary" onClick={() => setAdding(true)}>{extras.addLabel ?? `Add a new ${noun}`}</button>
      ))}
      {extras.editInModal && (
        <>
          <button type="button" className="admin-button admin-button-primary" onClick={() => setAdding(true)}>{extras.addLabel ?? `Add a new ${noun}`}</button>
          {adding && <Modal open onClose={() => setAdding(false)} title={extras.addLabel ?? `Add a new ${noun}`} className="admin-dialog">{addForm}</Modal>}
          {editingItem && <Modal open onClose={() => setEditing(null)} title={`Edit ${titleOf(def, editingItem)}`} className="admin-dialog">{editForm(editingItem)}</Modal>}
        </>
      )}
      {ListHeader && <ListHeader def={def} items={items} />}
      <LoadState state={state} what={def.label.toLowerCase()}>
        {items.length === 0 ? <p className="admin-muted">There is nothing here yet.</p> : (
          <ul className="admin-list">
            {items.map((item) => {
              const isEditing = editing === item.id;
              const title = titleOf(def, item);
              return (
                <li key={item.id} className="admin-card admin-item">
                  <h3>{title}</h3>
                  {isEditing && !extras.editInModal ? editForm(item) : <ItemView def={def} item={item} skip={skip} compact />}
                  <div className="admin-actions">
                    <button type="button" className="admin-button" aria-expanded={isEditing} aria-label={`${isEditing ? 'Close Edit Form' : 'Edit'}: ${title}`} onClick={() => setEditing(isEditing ? null : item.id)}>
                      {isEditing ? 'Close Edit Form' : 'Edit'}
                    </button>
                    {ItemActions && <ItemActions def={def} item={item} items={items} onDone={(m) => notice.success(m, ms)} onError={notice.error} />}
                    <button type="button" className="admin-button" aria-label={`History: ${title}`} onClick={() => setHistory(item)}>History</button>
                    <button type="button" className="admin-button admin-button-danger" aria-label={`${extras.deleteLabel ?? 'Delete'}: ${title}`} disabled={busy === item.id} onClick={() => void remove(item)}>
                      {extras.deleteLabel ?? 'Delete'}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </LoadState>
      {history && (
        <HistoryDialog def={def} id={history.id} name={titleOf(def, history)} onClose={() => setHistory(null)} onRestored={(m) => notice.success(m, ms)} />
      )}
    </section>
  );
}
