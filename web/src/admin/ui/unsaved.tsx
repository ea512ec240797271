// A warning before leaving with unsaved changes: the browser's own prompt when the tab closes or
// reloads, and a confirm when a link inside the app would leave the page, or open or close an item
// of its list (that swaps the forms shown). Every form of a page reports whether it is dirty; the
// page holds one guard (the router allows one blocker at a time). A dialog holds a scope of its own
// too, so that closing it can ask about the forms inside it (ui/Modal.tsx).
import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';

export const LEAVE_MESSAGE = 'You have changes that are not saved yet. Leave this page and lose them?';
export const DISCARD_MESSAGE = 'You have changes that are not saved yet. Close this and lose them?';

/** Navigation state of a move made because the form was just saved or deleted: nothing to lose. */
export const SETTLED = { settled: true } as const;
const settled = (state: unknown) => (state as { settled?: unknown } | null)?.settled === true;

const DirtyContext = createContext<(id: string, dirty: boolean) => void>(() => undefined);

/** Reports this form's unsaved state to the page's guard. */
export function useDirty(dirty: boolean): void {
  const id = useId();
  const report = useContext(DirtyContext);
  useEffect(() => {
    report(id, dirty);
    return () => report(id, false);
  }, [id, dirty, report]);
}

/**
 * Keeps `dirtyRef.current` saying whether any form inside `children` has unsaved changes (a dialog's
 * forms). Set as each form reports, not a render later: an Escape right after typing must know.
 */
export function DirtyScope({ children, dirtyRef }: { children: ReactNode; dirtyRef: { current: boolean } }) {
  const outer = useContext(DirtyContext);
  const [forms] = useState(() => new Set<string>());
  const report = useCallback(
    (id: string, isDirty: boolean) => {
      outer(id, isDirty);
      if (isDirty) forms.add(id);
      else forms.delete(id);
      dirtyRef.current = forms.size > 0;
    },
    [outer, forms, dirtyRef],
  );
  return <DirtyContext.Provider value={report}>{children}</DirtyContext.Provider>;
}

export function UnsavedGuard({ children }: { children: ReactNode }) {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback((id: string, isDirty: boolean) => {
    setDirty((prev) => {
      if (prev.has(id) === isDirty) return prev;
      const next = new Set(prev);
      if (isDirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const any = dirty.size > 0;

  useEffect(() => {
    if (!any) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [any]);

  // useBlocker needs a data router; under a plain <BrowserRouter> only the unload prompt applies.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return (
    <DirtyContext.Provider value={report}>
      {children}
      {dataRouter && <LeaveBlocker when={any} />}
    </DirtyContext.Provider>
  );
}

function LeaveBlocker({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !settled(nextLocation.state) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  return null;
}
