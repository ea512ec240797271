// A save answered 409: someone saved this item after it was loaded here. Show their version and
// let the editor choose knowingly: take theirs (dropping these changes), or save these over it.
import type { EntityDef } from '../../../../server/schema/define.ts';
import type { AdminItem } from '../api.ts';
import type { FormValues } from '../entityApi.ts';
import { Modal } from '../ui/Modal.tsx';
import { ItemView } from './ItemView.tsx';

interface ConflictDialogProps {
  def: EntityDef;
  mine?: FormValues;
  theirs: AdminItem;
  onLoadTheirs: () => void;
  onOverwrite: () => void;
  onClose: () => void;
  overwriteLabel?: string;
}

export function ConflictDialog({
  def,
  theirs,
  onLoadTheirs,
  onOverwrite,
  onClose,
  overwriteLabel = 'Save mine anyway',
}: ConflictDialogProps) {
  return (
    <Modal
      open
      onClose={onClose}
      title="Someone else changed this while you were editing"
      className="admin-dialog admin-conflict"
    >
      <p>
        This was saved by someone else after you opened it. Nothing has been overwritten yet. Here is the
        newer version:
      </p>
      <div className="admin-conflict-theirs">
        <ItemView def={def} item={theirs} />
      </div>
      <p>
        <strong>Load the newer version</strong> to see it in the form (your changes here are dropped), or
        <strong> {overwriteLabel.toLowerCase()}</strong> to replace it with yours.
      </p>
      <div className="admin-actions">
        <button type="button" className="admin-button admin-button-primary" onClick={onLoadTheirs}>
          Load the newer version
        </button>
        <button type="button" className="admin-button admin-button-danger" onClick={onOverwrite}>
          {overwriteLabel}
        </button>
        <button type="button" className="admin-button admin-button-quiet" onClick={onClose}>
          Keep editing
        </button>
      </div>
    </Modal>
  );
}
