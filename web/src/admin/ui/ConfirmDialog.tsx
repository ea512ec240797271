// "Are you sure?" before something that cannot be undone (revoke a token, discard a draft, remove an
// account, sign out everywhere): what will happen in plain words, the action in red, and a way back.
import type { ReactNode } from 'react';
import { Modal } from './Modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. "Revoke this token?". */
  title: string;
  /** What happens, and what cannot be undone. */
  children: ReactNode;
  /** The action's button, e.g. "Revoke the token". */
  confirmLabel: string;
  /** The way back; "Cancel" unless the question reads better with e.g. "Keep it". */
  cancelLabel?: string;
  /** While the action runs: its button is disabled so it is not sent twice. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  return (
    <Modal open={p.open} onClose={p.onCancel} title={p.title} className="admin-dialog">
      {p.children}
      <div className="admin-actions">
        <button
          type="button"
          className="admin-button admin-button-danger"
          disabled={p.busy}
          onClick={p.onConfirm}
        >
          {p.confirmLabel}
        </button>
        <button type="button" className="admin-button" onClick={p.onCancel}>
          {p.cancelLabel ?? 'Cancel'}
        </button>
      </div>
    </Modal>
  );
}
