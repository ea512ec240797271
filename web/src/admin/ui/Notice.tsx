// Feedback after an action: a success line that clears itself after the spec's duration, or an
// error that stays until the next attempt or until dismissed. Both are announced to screen readers,
// and both show where the editor is looking: fixed at the bottom of the window, whatever the scroll
// (a save button can be thousands of pixels below its section's top). The notice stays inside its
// section in the page's structure, so it is announced, and found, as that section's.
import { useCallback, useEffect, useRef, useState } from 'react';
import { saysSignedOut } from '../api.ts';
import { useSignedInAgain } from '../auth.ts';

export type NoticeState = { kind: 'success' | 'error' | 'info'; text: string } | null;

/** Success notices: 2000 ms for lists (news, banners, event pages, dropdowns, event cards), 3000 ms for text updates. */
export const LIST_NOTICE_MS = 2000;
export const TEXT_NOTICE_MS = 3000;

export function useNotice() {
  const [notice, setNotice] = useState<NoticeState>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Signed in again after the session ended: an error that only said "sign in" no longer holds.
  useSignedInAgain(() => setNotice((n) => (n?.kind === 'error' && saysSignedOut(n.text) ? null : n)));
  const success = useCallback((text: string, ms: number) => {
    clearTimeout(timer.current);
    setNotice({ kind: 'success', text });
    timer.current = setTimeout(() => setNotice(null), ms);
  }, []);
  const error = useCallback((text: string) => {
    clearTimeout(timer.current);
    setNotice({ kind: 'error', text });
  }, []);
  const info = useCallback((text: string) => {
    clearTimeout(timer.current);
    setNotice({ kind: 'info', text });
  }, []);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setNotice(null);
  }, []);
  return { notice, success, error, info, clear };
}

export function Notice({ notice, onDismiss }: { notice: NoticeState; onDismiss?: () => void }) {
  // The live region stays in the page so screen readers announce what appears in it.
  return (
    <div className="admin-notice-slot" aria-live="polite">
      {notice && (
        <div
          className={`admin-notice admin-toast admin-notice-${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          <p>{notice.text}</p>
          {notice.kind !== 'success' && onDismiss && (
            <button type="button" className="admin-button admin-button-quiet" onClick={onDismiss}>
              Dismiss
            </button>
          )}
        </div>
      )}
    </div>
  );
}
