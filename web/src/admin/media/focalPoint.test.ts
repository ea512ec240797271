// The focal point: arrow keys move it in steps (bigger with Shift) and never off the picture; a
// click or tap puts it under the pointer; typed percentages and words agree.
import { describe, expect, it } from 'vitest';
import {
  BIG_STEP,
  CENTRE,
  describeFocus,
  focusAfterKey,
  focusAtPointer,
  fromPercent,
  sameFocus,
  STEP,
} from './focalPoint.ts';

describe('focusAfterKey', () => {
  it('moves the point a step in the arrow’s direction, starting from the centre when there is none', () => {
    expect(focusAfterKey(null, 'ArrowLeft')).toEqual({ x: 0.5 - STEP, y: 0.5 });
    expect(focusAfterKey({ x: 0.3, y: 0.3 }, 'ArrowRight')).toEqual({ x: 0.35, y: 0.3 });
    expect(focusAfterKey({ x: 0.3, y: 0.3 }, 'ArrowUp')).toEqual({ x: 0.3, y: 0.25 });
    expect(focusAfterKey({ x: 0.3, y: 0.3 }, 'ArrowDown')).toEqual({ x: 0.3, y: 0.35 });
  });

  it('takes bigger steps with Shift', () => {
    expect(focusAfterKey(CENTRE, 'ArrowRight', true)).toEqual({ x: 0.5 + BIG_STEP, y: 0.5 });
  });

  it('stops at the picture’s edges', () => {
    expect(focusAfterKey({ x: 0.02, y: 0.98 }, 'ArrowLeft')).toEqual({ x: 0, y: 0.98 });
    expect(focusAfterKey({ x: 0.02, y: 0.98 }, 'ArrowDown', true)).toEqual({ x: 0.02, y: 1 });
  });

  it('leaves other keys alone (Tab still moves on, Enter still presses)', () => {
    for (const key of ['Tab', 'Enter', ' ', 'a', 'Escape']) expect(focusAfterKey(CENTRE, key)).toBeNull();
  });
});

describe('focusAtPointer', () => {
  const box = { left: 100, top: 50, width: 400, height: 200 };
  it('puts the point under the pointer, as a share of the picture’s width and height', () => {
    expect(focusAtPointer(box, 200, 100)).toEqual({ x: 0.25, y: 0.25 });
    expect(focusAtPointer(box, 500, 250)).toEqual({ x: 1, y: 1 });
  });
  it('keeps a press just outside the picture on its edge', () => {
    expect(focusAtPointer(box, 90, 300)).toEqual({ x: 0, y: 1 });
  });
  it('falls back to the centre for a picture not drawn yet', () => {
    expect(focusAtPointer({ left: 0, top: 0, width: 0, height: 0 }, 5, 5)).toEqual(CENTRE);
  });
});

describe('words and percentages', () => {
  it('reads typed percentages, with or without %, and refuses what is not a number', () => {
    expect(fromPercent('30')).toBe(0.3);
    expect(fromPercent(' 12.5% ')).toBe(0.125);
    expect(fromPercent('150')).toBe(1);
    expect(fromPercent('')).toBeNull();
    expect(fromPercent('left')).toBeNull();
  });
  it('says where the point is', () => {
    expect(describeFocus(null)).toBe('the centre');
    expect(describeFocus({ x: 0.3, y: 0.7 })).toBe('30% from the left, 70% from the top');
  });
  it('counts no point as the centre', () => {
    expect(sameFocus(null, CENTRE)).toBe(true);
    expect(sameFocus(null, { x: 0.5, y: 0.6 })).toBe(false);
  });
});
