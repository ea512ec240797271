// The quick front-matter reader gives what gray-matter and js-yaml give, or leaves the file to them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config.ts';
import { entities } from '../../schema/registry.ts';
import { generateNews } from '../../testing/manyItems.ts';
import { newsFile } from '../../../scripts/bench/fixtures.ts';
import { readWithGrayMatter, serializeItem } from './fileFormat.ts';
import { readFrontMatter } from './frontMatter.ts';

const starterFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? starterFiles(path.join(dir, e.name))
      : e.name.endsWith('.md')
        ? [readFileSync(path.join(dir, e.name), 'utf8')]
        : [],
  );

/** Same answer as the full parser, or null (the full parser reads it). */
function agrees(text: string): boolean {
  const quick = readFrontMatter(text);
  if (quick === null) return false;
  let full: { data: unknown; content: string };
  try {
    full = readWithGrayMatter(text);
  } catch {
    throw new Error(`the quick reader read what the full parser refuses:\n${text}`);
  }
  expect(quick).toEqual({ data: full.data, content: full.content });
  return true;
}

const TRICKY_VALUES = [
  "''",
  "'it''s'",
  '"say \\"hi\\"\\n\\ttab \\\\ \\/"',
  '"\\x41"',
  '"\\u00e9"',
  'null',
  'Null',
  '~',
  'true',
  'False',
  'yes',
  'No',
  'on',
  '12',
  '-3',
  '0x1F',
  '.inf',
  '.NaN',
  '1e3',
  '2024-01-02',
  'https://example.org/a#b?c=d',
  'a: b',
  'a #comment',
  'a#b',
  'trailing ',
  'colon:',
  '|-',
  '>',
  '[a, b]',
  '{a: 1}',
  '&anchor x',
  '*alias',
  '!tag x',
  '- item',
  '? key',
  '@at',
  '`tick',
  '%pct',
  'Émile',
  'text with \t tab',
  'Hello, world! & more * stars [x] {y}',
  'it\'s "quoted" inside',
  'NaN',
  'Infinity',
  '<<',
];

describe('the quick front-matter reader', () => {
  it('reads every file the CMS writes, as the full parser does', () => {
    const files = [
      ...Array.from({ length: 2000 }, (_, i) => newsFile(i + 1, i % 3)),
      ...generateNews(500).map(({ id: _id, ...data }) => serializeItem(entities.news, data)),
    ];
    for (const text of files) expect(agrees(text)).toBe(true);
  });

  it('reads the starter site as the full parser does, or leaves a file to it', () => {
    const files = starterFiles(path.join(PROJECT_ROOT, 'content'));
    expect(files.length).toBeGreaterThan(20);
    const read = files.filter(agrees).length;
    expect(read).toBeGreaterThan(files.length / 2);
  });

  it('agrees with the full parser on odd values, or leaves them to it', () => {
    for (const value of TRICKY_VALUES) {
      const text = `---\ntitle: ${value}\nlink: ''\n---\nBody\n`;
      try {
        agrees(text);
      } catch (e) {
        throw new Error(`title: ${value}: ${(e as Error).message}`);
      }
    }
    // Each of them as the CMS writes it (dumped by js-yaml): the same answer, and most read quickly.
    const written = TRICKY_VALUES.map((value) =>
      serializeItem(entities.news, { title: value, link: '', when_date: '', what: 'x' }),
    );
    expect(written.filter(agrees).length).toBeGreaterThan(TRICKY_VALUES.length * 0.8);
  });

  it('leaves files that are not in the simple form to the full parser', () => {
    for (const text of [
      '---\n---\nBody',
      '----\ntitle: a\n---\n',
      '---yaml\ntitle: a\n---\n',
      '---\ntitle: a\n--- more\nBody',
      '---\ntitle: a\ntitle: b\n---\n',
      '---\ntitle: |-\n  two\n  lines\n---\n',
      '---\r\ntitle: a\r\n---\r\nBody',
      '\ufeff---\ntitle: a\n---\n',
      '---\n__proto__: a\n---\n',
      '---\ntitle:  two spaces\n---\n',
      'no front matter',
    ]) {
      expect(readFrontMatter(text)).toBeNull();
    }
  });

  it('gives the body as gray-matter does: after the closing line, without one leading newline', () => {
    for (const text of [
      '---\ntitle: a\n---',
      '---\ntitle: a\n---\n',
      '---\ntitle: a\n---\n\nBody\n',
      '---\ntitle: a\n---\nBody',
    ]) {
      expect(agrees(text)).toBe(true);
    }
  });
});
