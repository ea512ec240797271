// The focal point of a picture: the spot that stays in view when the site crops it (0..1 from the
// left and from the top). Set by a click or tap on the preview, moved by the arrow keys, or typed as
// percentages; these are the rules all three follow.
import type { Focus } from './mediaTypes.ts';

export const CENTRE: Focus = { x: 0.5, y: 0.5 };
/** An arrow key moves the point this far; with Shift, BIG_STEP. */
export const STEP = 0.05;
export const BIG_STEP = 0.2;

const clamp = (n: number) => Math.min(1, Math.max(0, n));
/** Kept to three decimals: a tenth of a percent is finer than any click. */
const round = (n: number) => Math.round(clamp(n) * 1000) / 1000;

export const toFocus = (x: number, y: number): Focus => ({ x: round(x), y: round(y) });

/** The point an arrow key (with or without Shift) moves to; null for any other key. */
export function focusAfterKey(point: Focus | null, key: string, shift = false): Focus | null {
  const from = point ?? CENTRE;
  const step = shift ? BIG_STEP : STEP;
  switch (key) {
    case 'ArrowLeft':
      return toFocus(from.x - step, from.y);
    case 'ArrowRight':
      return toFocus(from.x + step, from.y);
    case 'ArrowUp':
      return toFocus(from.x, from.y - step);
    case 'ArrowDown':
      return toFocus(from.x, from.y + step);
    default:
      return null;
  }
}

/** The point under a click or tap at (clientX, clientY) on a box drawn at `box`. */
export function focusAtPointer(
  box: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): Focus {
  if (box.width <= 0 || box.height <= 0) return CENTRE;
  return toFocus((clientX - box.left) / box.width, (clientY - box.top) / box.height);
}

/** A percentage typed in a box (0–100) as a coordinate; null when it is not a number. */
export function fromPercent(text: string): number | null {
  const n = Number(text.trim().replace(/%$/, ''));
  return text.trim() === '' || Number.isNaN(n) ? null : round(n / 100);
}

export const percent = (n: number) => Math.round(n * 100);

/** Where the point is, in words: 'the centre', or '30% from the left, 70% from the top'. */
export function describeFocus(point: Focus | null): string {
  const p = point ?? CENTRE;
  if (percent(p.x) === 50 && percent(p.y) === 50) return 'the centre';
  return `${percent(p.x)}% from the left, ${percent(p.y)}% from the top`;
}

export const sameFocus = (a: Focus | null, b: Focus | null) =>
  (a ?? CENTRE).x === (b ?? CENTRE).x && (a ?? CENTRE).y === (b ?? CENTRE).y;
