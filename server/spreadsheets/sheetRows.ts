// A collection as a spreadsheet and back: one row per item, `id` first, then the entity's stored
// field names (its declaration's, not the documented wire's spellings). A cell holds the stored
// value as text: words, dates and names as they are, a yes/no field as `true`/`false`, and a list
// (a page's sections, an event's parts) as JSON — so every field comes back as it went out.
// The JSON form is the same rows as objects, with the values as stored.
import type { EntityDef, Fields } from '../schema/define.ts';
import type { AnyField } from '../schema/fields.ts';
import type { StoredItem } from '../schema/storedItem.ts';
import { readCsv, writeCsv } from './csvText.ts';

export type SheetFormat = 'csv' | 'json';

/** One row of a file, ready to import: its id (an update) or none (a create), and the fields it has. */
export interface SheetRow {
  /** The row as a spreadsheet shows it (the header is row 1); a JSON file's item, 1 first. */
  row: number;
  id?: string;
  input: Record<string, unknown>;
}

export interface SheetProblem {
  row: number;
  /** The column ('' for the row as a whole). */
  field: string;
  error: string;
}

export const columnsOf = (def: EntityDef): string[] => ['id', ...Object.keys(def.fields as Fields)];

function cellOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const YES = new Set(['true', 'yes', '1']);
const NO = new Set(['false', 'no', '0', '']);

/** A cell's stored value by its field's kind, or the problem in plain words. */
function valueOf(field: AnyField, cell: string): { value: unknown } | { error: string } {
  if (field.kind === 'flag') {
    const v = cell.trim().toLowerCase();
    if (YES.has(v)) return { value: true };
    if (NO.has(v)) return { value: false };
    return { error: `Write true or false (found “${cell}”).` };
  }
  if (field.kind === 'list') {
    if (!cell.trim()) return { value: [] };
    try {
      return { value: JSON.parse(cell) as unknown };
    } catch {
      return { error: 'This list is not written as the export writes it (JSON, starting with [).' };
    }
  }
  return { value: cell };
}

/** The items as a file of the format: its text. */
export function writeSheet(def: EntityDef, items: readonly StoredItem[], format: SheetFormat): string {
  const columns = columnsOf(def);
  if (format === 'json')
    return `${JSON.stringify(
      items.map((i) => Object.fromEntries(columns.map((c) => [c, c === 'id' ? i.id : (i.data[c] ?? null)]))),
      null,
      2,
    )}\n`;
  return writeCsv([columns, ...items.map((i) => columns.map((c) => cellOf(c === 'id' ? i.id : i.data[c])))]);
}

/** The rows of a file and what is wrong with any of them (a column that is no field, a cell unreadable). */
export function readSheet(
  def: EntityDef,
  text: string,
  format: SheetFormat,
): { rows: SheetRow[]; problems: SheetProblem[] } {
  return format === 'json' ? readJson(def, text) : readCsvRows(def, text);
}

const NOT_A_FILE = (format: string) => `This is not a ${format} file the site can read`;

function readCsvRows(def: EntityDef, text: string): { rows: SheetRow[]; problems: SheetProblem[] } {
  let table: string[][];
  try {
    table = readCsv(text);
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    const near = line ? ` Something is wrong near line ${line} (often a quote mark " out of place).` : '';
    return { rows: [], problems: [{ row: line ?? 1, field: '', error: `${NOT_A_FILE('CSV')}.${near}` }] };
  }
  const [header, ...records] = table;
  if (!header?.some((h) => h.trim()))
    return {
      rows: [],
      problems: [{ row: 1, field: '', error: 'The file is empty: the first row names the columns.' }],
    };
  const names = header.map((h) => h.trim());
  const problems = headerProblems(def, names);
  const rows: SheetRow[] = [];
  records.forEach((cells, at) => {
    const row = at + 2;
    if (cells.every((c) => !c.trim())) return; // a blank row a spreadsheet left
    if (cells.length > names.length)
      problems.push({
        row,
        field: '',
        error: 'This row has more cells than the first row has column names.',
      });
    const read = rowOf(def, row, Object.fromEntries(names.map((n, i) => [n, cells[i] ?? ''])), 'cell');
    if ('problems' in read) problems.push(...read.problems);
    else rows.push(read.row);
  });
  return { rows, problems };
}

function readJson(def: EntityDef, text: string): { rows: SheetRow[]; problems: SheetProblem[] } {
  let items: unknown;
  try {
    items = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return { rows: [], problems: [{ row: 1, field: '', error: `${NOT_A_FILE('JSON')}: ${plain(e)}.` }] };
  }
  if (!Array.isArray(items))
    return {
      rows: [],
      problems: [{ row: 1, field: '', error: 'The file must hold a list of items ([ … ]).' }],
    };
  const problems: SheetProblem[] = [];
  const rows: SheetRow[] = [];
  (items as unknown[]).forEach((item, at) => {
    const row = at + 1;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      problems.push({ row, field: '', error: 'Each item must be written as { "field": value, … }.' });
      return;
    }
    problems.push(...headerProblems(def, Object.keys(item), row));
    const read = rowOf(def, row, item as Record<string, unknown>, 'value');
    if ('problems' in read) problems.push(...read.problems);
    else rows.push(read.row);
  });
  return { rows, problems };
}

/** Columns that are no field of the entity (a typo would otherwise change nothing, silently). */
function headerProblems(def: EntityDef, names: string[], row = 1): SheetProblem[] {
  const known = new Set(columnsOf(def));
  const problems: SheetProblem[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (!known.has(name))
      problems.push({
        row,
        field: name,
        error: `“${name}” is not a field of ${def.label}. Columns: ${columnsOf(def).join(', ')}.`,
      });
    else if (seen.has(name))
      problems.push({ row, field: name, error: `The column “${name}” is there twice.` });
    seen.add(name);
  }
  return problems;
}

/** A row's id and fields: cells (text) are read by their field's kind; JSON values are taken as they are. */
function rowOf(
  def: EntityDef,
  row: number,
  given: Record<string, unknown>,
  from: 'cell' | 'value',
): { row: SheetRow } | { problems: SheetProblem[] } {
  const fields = def.fields as Fields;
  const problems: SheetProblem[] = [];
  const input: Record<string, unknown> = {};
  for (const [name, sent] of Object.entries(given)) {
    const field = fields[name];
    if (!field) continue;
    if (from === 'value') {
      input[name] = sent;
      continue;
    }
    const read = valueOf(field, sent as string);
    if ('error' in read) problems.push({ row, field: name, error: read.error });
    else input[name] = read.value;
  }
  const rawId = given.id;
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId).trim() : '';
  if (rawId !== undefined && rawId !== null && typeof rawId === 'object')
    problems.push({ row, field: 'id', error: 'An id is a number: leave it empty for a new item.' });
  if (id && !/^\d{1,12}$/.test(id))
    problems.push({ row, field: 'id', error: `“${id}” is not an id: leave it empty for a new item.` });
  if (problems.length) return { problems };
  return { row: { row, ...(id ? { id } : {}), input } };
}

const plain = (e: unknown) => (e instanceof Error ? e.message.replace(/\.$/, '') : 'unreadable');
