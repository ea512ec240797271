// While the markdown editor's chunk loads, a plain text box stands in for it. If the editor arrives
// while that box has the focus, the focus (and the caret, at the end) moves into the editor.
let focusedId: string | null = null;

export function rememberFocus(id: string): void {
  focusedId = id;
}

export function takeFocus(id: string): void {
  if (focusedId !== id) return;
  focusedId = null;
  const active = document.activeElement;
  if (active && active !== document.body && active.id !== id) return;
  const box = document.getElementById(id);
  if (box instanceof HTMLTextAreaElement) {
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }
}
