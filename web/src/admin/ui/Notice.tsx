// Feedback after an action, that waits for the reader (issue 23): a success line stays at least
// NOTICE_MIN_MS, then until the reader's next action (a click or a key that does something,
// anywhere outside it) or its Dismiss button; an error or an info line stays until dismissed. A new
// notice replaces the one before. Both are announced to screen readers (status / alert), and both
// show where the editor is looking: fixed at the bottom of the window, whatever the scroll (a save
// button can be thousands of pixels below its section's top). The notice stays inside its section
// in the page's structure, so it is announced, and found, as that section's.
import { useCallback, useEffect, useRef, useState } from 'react';
import { saysSignedOut } from '../api.ts';
import { useSignedInAgain } from '../auth.ts';

export type NoticeState = {
  kind: 'success' | 'error' | 'info';
  text: string;
  /** Which notice of its section this is: the same words again are a new notice, announced again. */
  n?: number;
} | null;

/** A success notice shows at least this long, whatever the reader does meanwhile. */
export const NOTICE_MIN_MS = 6000;

export function useNotice() {
  const [notice, setNotice] = useState<NoticeState>(null);
  const count = useRef(0);
  // Signed in again after the session ended: an error that only said "sign in" no longer holds.
  useSignedInAgain(() => setNotice((n) => (n?.kind === 'error' && saysSignedOut(n.text) ? null : n)));
  // Each call draws a new notice, the same words again included: its time starts afresh, and a
  // new element in the live region is announced again.
  const show = useCallback(
    (kind: 'success' | 'error' | 'info', text: string) => setNotice({ kind, text, n: ++count.current }),
    [],
  );
  const success = useCallback((text: string) => show('success', text), [show]);
  const error = useCallback((text: string) => show('error', text), [show]);
  const info = useCallback((text: string) => show('info', text), [show]);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, success, error, info, clear };
}

/** Keys that move around the page or only modify another: reading and reaching Dismiss, not acting. */
const NOT_AN_ACTION = new Set([
  'Tab',
  'Shift',
  'Control',
  'Alt',
  'Meta',
  'CapsLock',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageUp',
  'PageDown',
  'Home',
  'End',
]);

/** Once a success notice has shown NOTICE_MIN_MS, the reader's next action outside it clears it. */
function useGoesAtNextAction(
  box: React.RefObject<HTMLElement | null>,
  notice: NoticeState,
  onDismiss: () => void,
) {
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    if (notice?.kind !== 'success') return;
    let listening = false;
    const onAction = (e: Event) => {
      if (e instanceof KeyboardEvent && NOT_AN_ACTION.has(e.key)) return;
      if (e.target instanceof Node && box.current?.contains(e.target)) return;
      dismiss.current();
    };
    const timer = setTimeout(() => {
      listening = true;
      document.addEventListener('pointerdown', onAction, true);
      document.addEventListener('keydown', onAction, true);
    }, NOTICE_MIN_MS);
    return () => {
      clearTimeout(timer);
      if (!listening) return;
      document.removeEventListener('pointerdown', onAction, true);
      document.removeEventListener('keydown', onAction, true);
    };
  }, [notice, box]);
}

export function Notice({ notice, onDismiss }: { notice: NoticeState; onDismiss: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useGoesAtNextAction(box, notice, onDismiss);
  // The live region stays in the page so screen readers announce what appears in it.
  return (
    <div className="admin-notice-slot" aria-live="polite">
      {notice && (
        <div
          key={notice.n}
          ref={box}
          className={`admin-notice admin-toast admin-notice-${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          <p>{notice.text}</p>
          <button type="button" className="admin-button admin-button-quiet" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
