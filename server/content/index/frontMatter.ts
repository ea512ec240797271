// A quick reader for the front matter the CMS itself writes (serializeItem: one `key: value` line per
// field, values plain, 'single-' or "double-quoted"), read as gray-matter and js-yaml's core schema
// read it. Whatever it is not sure of (a block scalar, a number, a comment, an odd spelling) it
// leaves to the full parser by returning null: a start without the parse cache spent more time in
// gray-matter and js-yaml than in reading the files.

export interface FrontMatter {
  data: Record<string, unknown>;
  /** What follows the closing `---` line, as gray-matter gives it. */
  content: string;
}

const LINE = /^([A-Za-z_][A-Za-z0-9_]*):(?: (.*))?$/;
const NULLS = new Set(['', '~', 'null', 'Null', 'NULL']);
const BOOLEANS = new Map([
  ['true', true],
  ['True', true],
  ['TRUE', true],
  ['false', false],
  ['False', false],
  ['FALSE', false],
]);
/** Characters the full parser may treat otherwise: controls, line and byte-order marks. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const ODD = /[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]/;
/** Plain scalars read as strings for sure: a letter first (no indicator, no number, no null or yes/no). */
const PLAIN_STRING = /^[A-Za-z][^]*$/;
const SINGLE = /^'((?:[^']|'')*)'$/;
const DOUBLE = /^"((?:[^"\\]|\\["\\/bfnrt])*)"$/;

export function readFrontMatter(text: string): FrontMatter | null {
  if (!text.startsWith('---\n')) return null;
  const close = text.indexOf('\n---', 3);
  if (close < 0) return null;
  const after = close + 4;
  if (after < text.length && text[after] !== '\n') return null; // `----` or `--- x`: not ours
  const lines = text.slice(4, close).split('\n');
  const data: Record<string, unknown> = {};
  for (const line of lines) {
    const m = LINE.exec(line);
    if (!m || Object.hasOwn(data, m[1]!) || m[1] === '__proto__') return null;
    const value = scalar(m[2] ?? '');
    if (value === undefined) return null;
    data[m[1]!] = value;
  }
  if (!lines.length || lines.every((l) => !l)) return null;
  let content = text.slice(after);
  if (content.startsWith('\n')) content = content.slice(1);
  return { data, content };
}

/** The value of a scalar, or undefined when the full parser must decide. */
function scalar(raw: string): unknown {
  if (ODD.test(raw)) return undefined;
  if (NULLS.has(raw)) return null;
  const flag = BOOLEANS.get(raw);
  if (flag !== undefined) return flag;
  const single = SINGLE.exec(raw);
  if (single) return single[1]!.replace(/''/g, "'");
  const double = DOUBLE.exec(raw);
  if (double) return JSON.parse(raw) as string;
  // In a plain scalar `: ` starts a mapping and ` #` a comment; ends with a space or a colon are odd.
  const plain = PLAIN_STRING.test(raw) && !/: |\s#|[\s:]$/.test(raw);
  return plain ? raw : undefined;
}
