// The library picker's arrow keys over a grid of files (here 3 columns, 7 files: rows of 3, 3, 1).
import { describe, expect, it } from 'vitest';
import { gridMove } from './gridKeys.ts';

const move = (at: number, key: string) => gridMove(at, key, 7, 3);

describe('gridMove', () => {
  it('goes to the next and previous file, stopping at the ends', () => {
    expect(move(1, 'ArrowRight')).toBe(2);
    expect(move(3, 'ArrowLeft')).toBe(2);
    expect(move(0, 'ArrowLeft')).toBe(0);
    expect(move(6, 'ArrowRight')).toBe(6);
  });
  it('goes a row up or down, staying put where there is no row', () => {
    expect(move(1, 'ArrowDown')).toBe(4);
    expect(move(4, 'ArrowUp')).toBe(1);
    expect(move(1, 'ArrowUp')).toBe(1);
    expect(move(5, 'ArrowDown')).toBe(5);
    expect(move(3, 'ArrowDown')).toBe(6);
  });
  it('goes to the first and last with Home and End', () => {
    expect(move(4, 'Home')).toBe(0);
    expect(move(0, 'End')).toBe(6);
  });
  it('leaves other keys (Tab, Enter, letters) alone, and an empty grid', () => {
    expect(move(1, 'Tab')).toBeNull();
    expect(move(1, 'Enter')).toBeNull();
    expect(gridMove(0, 'ArrowRight', 0, 3)).toBeNull();
  });
});
