// Keeps Tab inside an open modal <dialog>. The browser makes the page behind it inert, but Tab from
// the dialog's last control still leaves for the browser's own toolbar; here it wraps around to the
// first (and Shift+Tab from the first to the last), as the WAI-ARIA dialog pattern asks.
import { useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), ' +
  'select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.checkVisibility());
}

/** The open dialog the focus is in, else the last one opened. */
function openDialog(): HTMLDialogElement | null {
  const inside = document.activeElement?.closest<HTMLDialogElement>('dialog[open]');
  if (inside) return inside;
  const all = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  return all[all.length - 1] ?? null;
}

export function useFocusTrap(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || e.defaultPrevented) return;
      const dialog = openDialog();
      if (!dialog) return;
      const list = focusables(dialog);
      if (list.length === 0) return;
      const first = list[0]!;
      const last = list[list.length - 1]!;
      const at = document.activeElement;
      const outside = !at || !dialog.contains(at);
      if (e.shiftKey && (outside || at === first)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (outside || at === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);
}
