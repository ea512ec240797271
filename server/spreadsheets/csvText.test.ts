import { describe, expect, it } from 'vitest';
import { BOM, neutralised, readCsv, restored, writeCsv } from './csvText.ts';

describe('CSV text', () => {
  it('writes a BOM, quotes what needs quoting, and reads it back', () => {
    const rows = [
      ['id', 'title', 'what'],
      ['1', 'Comma, and "quotes"', 'Two\nlines'],
      ['2', 'Ünïcödé ✓', ''],
    ];
    const text = writeCsv(rows);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text).toContain('"Comma, and ""quotes"""');
    expect(text).toContain('\r\n');
    expect(readCsv(text)).toEqual(rows);
  });

  it('neutralises formulas and restores them exactly', () => {
    for (const cell of ['=SUM(A1:A2)', '+1', '-5', '@me', '\tx', '\rx', "'=x", "''+y"]) {
      expect(neutralised(cell).startsWith("'")).toBe(true);
      expect(restored(neutralised(cell))).toBe(cell);
    }
    for (const cell of ['plain', "it's", "'quoted'", '', '1-2']) {
      expect(neutralised(cell)).toBe(cell);
      expect(restored(cell)).toBe(cell);
    }
    const text = writeCsv([['=HYPERLINK("http://evil")']]);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(readCsv(text)).toEqual([['=HYPERLINK("http://evil")']]);
  });

  it('reads a file without a BOM and with LF line ends', () => {
    expect(readCsv('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses broken quoting', () => {
    expect(() => readCsv('a,b\n"open,2\n')).toThrow();
  });
});
