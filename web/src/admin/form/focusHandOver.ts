// While the markdown editor's chunk loads, a plain text box stands in for it. If the editor arrives
// while that box has the focus, the focus and the selection (or the caret) move into the editor's
// own text box in the same commit that swaps them, so nothing typed in between is lost and a
// selection the next keystroke should replace stays selected.
//
// Both halves run in layout effects (the box's clean-up just before React removes it, the editor's
// set-up right after its text box is in the page), which React runs synchronously inside that one
// commit: no input event can arrive while the focus is on <body> between the two. With a passive
// effect there was such a gap, and text typed into it (or sent by a test's fill) vanished.

interface HandOver {
  id: string;
  start: number;
  end: number;
  direction: 'forward' | 'backward' | 'none';
  scrollTop: number;
}

let pending: HandOver | null = null;

/** Called as the stand-in box leaves the page: remembers its focus and selection if it has the focus. */
export function leaveStandIn(box: HTMLTextAreaElement | null): void {
  if (!box || document.activeElement !== box) return;
  const handOver: HandOver = {
    id: box.id,
    start: box.selectionStart,
    end: box.selectionEnd,
    direction: box.selectionDirection ?? 'none',
    scrollTop: box.scrollTop,
  };
  pending = handOver;
  // Only the editor mounted in this same commit may take it; a box that left for another reason
  // (the form closed) must not pull the focus later.
  queueMicrotask(() => {
    if (pending === handOver) pending = null;
  });
}

/** Called by the editor once its text box (with this id) is in the page. */
export function takeFocus(id: string): void {
  const h = pending;
  if (!h || h.id !== id) return;
  pending = null;
  const active = document.activeElement;
  if (active && active !== document.body && active.id !== id) return;
  const box = document.getElementById(id);
  if (!(box instanceof HTMLTextAreaElement)) return;
  box.focus({ preventScroll: true });
  const n = box.value.length;
  box.setSelectionRange(Math.min(h.start, n), Math.min(h.end, n), h.direction);
  box.scrollTop = h.scrollTop;
}
