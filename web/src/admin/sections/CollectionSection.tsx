// The generic section of a collection: a compact list (search, sort, pages) with an Add button that
// unfolds the add form, one item at a time opened for editing (?<entity>=<id> in the address, so
// Back returns to the list), and, folded under the list, the items deleted from it, each restored in
// one click. Where the person may not save (a contributor on the live site) there is no Add button.
// Saves and deletes anywhere refresh what is shown. After a save the focus goes back to
// the item's line; after a delete, to the section's heading (the line is gone).
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CollectionDef } from '../../../../server/schema/define.ts';
import { saveWarnings, savedNotice, type SaveAnswer } from '../entityApi.ts';
import type { SectionProps } from '../extras/types.ts';
import { EntityForm } from '../form/EntityForm.tsx';
import { RecentlyDeleted } from '../history/RecentlyDeleted.tsx';
import { firstPage, type ListQuery } from '../liveData.ts';
import { Modal } from '../ui/Modal.tsx';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { SETTLED } from '../ui/unsaved.tsx';
import { ItemList } from './ItemList.tsx';
import { ItemPanel } from './ItemPanel.tsx';
import { useCan } from '../access.ts';
import { SpreadsheetButtons } from './SpreadsheetButtons.tsx';

export { titleOf } from './rows.ts';

export function CollectionSection({ def: anyDef, extras }: SectionProps) {
  const def = anyDef as CollectionDef;
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openId = params.get(def.name);
  const [query, setQuery] = useState<ListQuery>(firstPage);
  const [adding, setAdding] = useState(false);
  const [deletes, setDeletes] = useState(0);
  /** The item just deleted, while its AfterDelete offer shows. */
  const [justDeleted, setJustDeleted] = useState<string | null>(null);
  const notice = useNotice();
  const { saveHere } = useCan();
  const noun = def.itemNoun.replace(/^this /, '');
  const heading = extras.heading ?? def.label;
  const addLabel = extras.addLabel ?? `Add a new ${noun}`;

  const close = (settled: boolean) => {
    const next = new URLSearchParams(params);
    next.delete(def.name);
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : '' }, settled ? { state: SETTLED } : undefined);
  };

  // Back on the list, focus returns to the line of the item that was open, or to the heading when
  // that item was just deleted (its line still shows until the list is read again).
  const wasOpen = useRef<string | null>(null);
  const deleted = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (openId) {
      wasOpen.current = openId;
      return;
    }
    const id = wasOpen.current;
    wasOpen.current = null;
    if (!id) return;
    const line = sectionRef.current?.querySelector<HTMLElement>(`[data-item="${CSS.escape(id)}"]`);
    if (deleted.current || !line) headingRef.current?.focus();
    else line.focus();
    deleted.current = false;
  }, [openId]);

  const onAdded = (answer: SaveAnswer) => {
    notice.success(savedNotice(extras.createdNotice ?? answer.message ?? 'Submitted', answer, false));
    if (extras.editInModal) setAdding(false);
  };
  const panel = openId && (
    <ItemPanel
      key={openId}
      def={def}
      extras={extras}
      id={openId}
      onClose={close}
      onSaved={(answer) => {
        // With things to check, the form stays open with each beside its field.
        const warned = saveWarnings(answer).length > 0;
        notice.success(savedNotice(answer.message ?? 'Updated successfully!', answer, warned));
        if (!warned) close(true);
      }}
      onDeleted={() => {
        deleted.current = true;
        setDeletes((n) => n + 1);
        setJustDeleted(openId);
        notice.success('Deleted.');
        close(true);
      }}
      notify={{ success: notice.success, error: notice.error }}
    />
  );

  const addForm = (onCancel: () => void) => (
    <EntityForm
      def={def}
      extras={extras}
      submitLabel={extras.submitLabel ?? 'Submit'}
      onSaved={onAdded}
      onCancel={onCancel}
      cancelLabel={extras.editInModal ? 'Cancel' : 'Close'}
    />
  );
  const addButton = (
    <button type="button" className="admin-button admin-button-primary" onClick={() => setAdding(true)}>
      {addLabel}
    </button>
  );
  const { ListHeader, AfterDelete } = extras;
  const inline = openId && !extras.editInModal;

  return (
    <section ref={sectionRef} className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {extras.intro && <p className="admin-help">{extras.intro}</p>}
      <Notice notice={notice.notice} onDismiss={notice.clear} />
      {AfterDelete && justDeleted && (
        <AfterDelete
          key={`deleted-${justDeleted}`} // not the opened item's key: they are siblings
          def={def}
          id={justDeleted}
          onClose={() => setJustDeleted(null)}
          onDone={(m) => {
            setJustDeleted(null);
            notice.success(m);
          }}
        />
      )}
      {inline ? (
        panel
      ) : (
        <>
          {!saveHere ? null : extras.editInModal || !adding ? (
            addButton
          ) : (
            <div className="admin-card admin-add">
              <h3>{addLabel}</h3>
              {addForm(() => setAdding(false))}
            </div>
          )}
          {saveHere && extras.editInModal && adding && (
            <Modal open onClose={() => setAdding(false)} title={addLabel} className="admin-dialog">
              {(closeAsking) => addForm(closeAsking)}
            </Modal>
          )}
          {ListHeader && <ListHeader def={def} onDone={notice.success} onError={notice.error} />}
          <SpreadsheetButtons def={def} onDone={notice.success} />
          <ItemList
            def={def}
            extras={extras}
            query={query}
            onQuery={setQuery}
            plural={heading.toLowerCase()}
          />
          {panel}
          <RecentlyDeleted def={def} deletes={deletes} onRestored={notice.success} onError={notice.error} />
        </>
      )}
    </section>
  );
}
