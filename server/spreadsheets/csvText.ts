// A spreadsheet's text (RFC 4180 CSV, through csv-parse and csv-stringify): written with a byte-order
// mark so that spreadsheet apps read it as UTF-8, and with formulas neutralised — a cell that a
// spreadsheet would run (it starts with = + - @, a tab or a carriage return) gets a leading `'`, which
// reading takes off again, so that what is exported comes back exactly.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export const BOM = '\uFEFF';

/** A cell a spreadsheet would take as a formula; `'` before it too, so that a leading `'` survives. */
const FORMULA = /^'*[=+\-@\t\r]/;

export const neutralised = (cell: string): string => (FORMULA.test(cell) ? `'${cell}` : cell);
export const restored = (cell: string): string =>
  cell.startsWith("'") && FORMULA.test(cell) ? cell.slice(1) : cell;

/** The rows as CSV text, a BOM first, CRLF between rows, every cell neutralised. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return (
    BOM +
    stringify(
      rows.map((r) => r.map(neutralised)),
      { record_delimiter: 'windows' },
    )
  );
}

/** The rows of CSV text (a BOM is skipped), every cell restored. A row of a spreadsheet is one record. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false });
  return rows.map((r) => r.map(restored));
}
