// Moving through a grid of buttons with the arrow keys (the library picker's files): Left and Right
// go to the previous and next file, Up and Down a row, Home and End the first and last; never past
// the ends. Tab still leaves the grid as usual.

/** The index the key moves to from `at`, or null when the key is not one of the grid's. */
export function gridMove(at: number, key: string, count: number, columns: number): number | null {
  if (count <= 0) return null;
  const cols = Math.max(1, columns);
  const to = (i: number) => Math.min(count - 1, Math.max(0, i));
  switch (key) {
    case 'ArrowLeft':
      return to(at - 1);
    case 'ArrowRight':
      return to(at + 1);
    case 'ArrowUp':
      return at - cols >= 0 ? at - cols : at;
    case 'ArrowDown':
      return at + cols < count ? at + cols : at;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** How many of the elements sit on the first row (those as high up as the first). */
export function columnsOf(elements: readonly HTMLElement[]): number {
  const top = elements[0]?.offsetTop;
  if (top === undefined) return 1;
  const n = elements.findIndex((e) => e.offsetTop !== top);
  return n < 0 ? elements.length : n;
}
