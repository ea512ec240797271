// A modal dialog on the native <dialog>: the browser makes the rest of the page inert and keeps
// focus inside; Escape, a click on the overlay and the close button all close it, and focus
// goes back to whatever opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's visible title (becomes its accessible name). */
  title: ReactNode;
  children: ReactNode;
  className?: string;
  /** Label of the close button (spec: 'Close'). */
  closeLabel?: string;
}

export function Modal({ open, onClose, title, children, className, closeLabel = 'Close' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // Land on the first field when there is one, otherwise on the dialog's title.
      const first = dialog.querySelector<HTMLElement>('input, textarea, select');
      (first ?? dialog.querySelector<HTMLElement>('.modal-title'))?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Give focus back after closing, however it closed.
  useEffect(() => {
    if (open) return;
    const target = returnTo.current;
    returnTo.current = null;
    if (target && target.isConnected) target.focus();
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the overlay is a pointer shortcut; Escape (onCancel) and the close button are the keyboard ways
    <dialog
      ref={ref}
      className={['modal', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="modal-body">
        <div className="modal-header">
          <h2 id={titleId} className="modal-title" tabIndex={-1}>
            {title}
          </h2>
          <button type="button" className="modal-close" onClick={onClose} aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
