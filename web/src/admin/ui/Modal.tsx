// Admin dialogs reuse the site's accessible modal (native <dialog>: focus kept inside, Escape closes),
// with three additions. Closing it (Escape, a click outside, its × or a Cancel that asks for `close`)
// asks first when a form inside has unsaved changes, as leaving the page does. Tab wraps around
// inside it instead of leaving for the browser's toolbar (focusTrap.ts). And when the dialog
// leaves the page with its section (an added item closes the add dialog), the focus goes back to
// what opened it instead of falling to the page.
import { useCallback, useEffect, useLayoutEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { Modal as SiteModal } from '../../shared/Modal.tsx';
import { DISCARD_MESSAGE, DirtyScope } from './unsaved.tsx';
import { useFocusTrap } from './focusTrap.ts';

type ModalProps = Omit<ComponentProps<typeof SiteModal>, 'children'> & {
  /** The content, or a function of `close` (which asks first) for a Cancel button inside. */
  children: ReactNode | ((close: () => void) => ReactNode);
};

export function Modal({ onClose, children, ...rest }: ModalProps) {
  useFocusTrap(rest.open);
  const dirtyRef = useRef(false);
  const close = useCallback(() => {
    if (dirtyRef.current && !window.confirm(DISCARD_MESSAGE)) return;
    onClose();
  }, [onClose]);

  // Taken before the dialog opens (the site modal opens it in a later, passive effect).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  useEffect(
    () => () => {
      const back = opener.current;
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && back?.isConnected) back.focus();
    },
    [],
  );

  return (
    <SiteModal {...rest} onClose={close}>
      <DirtyScope dirtyRef={dirtyRef}>
        {typeof children === 'function' ? <WithClose render={children} close={close} /> : children}
      </DirtyScope>
    </SiteModal>
  );
}

/** Draws content that is given `close` for its Cancel button (which calls it later, on a click). */
function WithClose({ render, close }: { render: (close: () => void) => ReactNode; close: () => void }) {
  return render(close);
}
