// The fields' quick checks (quickCheck.ts, declared in the *Fields.ts helpers) must give exactly
// what their zod schemas give, or leave the decision to zod: over every entity, generated items
// mixing ordinary, untidy, invalid and odd values are validated both ways, and the starter site's
// own files too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { objectSchema, type EntityDef, type Fields } from './define.ts';
import type { AnyField } from './fields.ts';
import { entities } from './registry.ts';
import { quickValidate, validateItem } from './validate.ts';
import { readFrontMatter } from '../content/index/frontMatter.ts';
import { PROJECT_ROOT } from '../config.ts';

const STRINGS = [
  '',
  ' ',
  'Plain words',
  '  padded  ',
  'line\r\nbreak\r\n',
  'trailing \n\n',
  '\u00a0no-break spaces\u00a0',
  '# A heading\n\n- a list item  \n\n    indented code',
  'x'.repeat(130),
  'x'.repeat(5000),
  'ünïcödé ✓',
  'https://example.org/a?b=c#d',
  'example.org',
  'http://localhost:3000/x',
  'localhost:3000/x',
  '/a/page',
  ' /padded/page ',
  '#anchor',
  '?q=1',
  '//another.site',
  '/\\another.site',
  'javascript:alert(1)',
  'mailto:someone@example.org',
  'ftp://example.org',
  'a b',
  'tab\there',
  '2025-03-05',
  ' 2025-03-05 ',
  '2025-02-30',
  '2024-02-29',
  '05/03/2025',
  '2026-03-05T09:00',
  '2026-03-05 09:00',
  '2026-03-05T09:00:00-08:00',
  '2026-07-05T09:00:00-07:00',
  '2026-03-05T09:00:00Z',
  '2026-03-05T09:00:00.123+01:00',
  '2026-13-05T09:00',
  '2026-11-01T01:30',
  'media/news/1.jpg',
  ' media/papers/a_b-1.pdf ',
  'media/../secret.jpg',
  'other/x.jpg',
  'media/news/1.exe',
  'true',
  '1',
  '0',
];
const OTHERS: unknown[] = [
  undefined,
  null,
  0,
  1,
  42,
  true,
  false,
  new Date(Date.UTC(2025, 2, 5, 17)),
  ['a'],
  {},
];

/** Values of a field's own kind: its options, its initial value, and what a form or file would hold. */
function ownValues(field: AnyField): unknown[] {
  const own: unknown[] = [field.initial];
  for (const o of field.options ?? []) own.push(o.value, ` ${String(o.value)} `);
  if (field.kind === 'codes') own.push('9', 'bogus');
  return own;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function generated(def: EntityDef, count: number, seed: number): Record<string, unknown>[] {
  const random = rng(seed);
  const fields = Object.entries(def.fields as Fields);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
  const items: Record<string, unknown>[] = [];
  for (let n = 0; n < count; n++) {
    const raw: Record<string, unknown> = {};
    // Mostly values of the field's own kind (so whole items often pass), sometimes anything at all.
    for (const [key, field] of fields) {
      const r = random();
      if (r < 0.1) continue; // absent
      raw[key] = r < 0.55 ? pick(ownValues(field)) : r < 0.9 ? pick(STRINGS) : pick(OTHERS);
    }
    items.push(raw);
  }
  return items;
}

/** Quick and zod agree: the same item with its keys in the same order, or quick leaves it to zod. */
function compare(def: EntityDef, raw: Record<string, unknown>): 'quick' | 'zod' {
  const quick = quickValidate(def, raw);
  const zod = objectSchema(def).safeParse(raw);
  if (quick === null) return 'zod';
  expect(zod.success, `${def.name}: zod refuses ${JSON.stringify(raw)}, which the quick check took`).toBe(
    true,
  );
  expect(Object.keys(quick)).toEqual(Object.keys(zod.data!));
  expect(quick).toStrictEqual(zod.data);
  return 'quick';
}

describe('quick checks', () => {
  it('every entity: the quick check gives what zod gives, or leaves the item to zod', () => {
    let quick = 0;
    let total = 0;
    for (const [i, def] of Object.values(entities).entries()) {
      for (const raw of generated(def, 1500, 1000 + i)) {
        total++;
        if (compare(def, raw) === 'quick') quick++;
      }
    }
    // Not a test of nothing: a good share of the generated items took the quick road.
    expect(quick / total).toBeGreaterThan(0.02);
    expect(quick).toBeGreaterThan(500);
  });

  it("each field's own values alone: the quick check agrees with zod field by field", () => {
    for (const def of Object.values(entities)) {
      const base = Object.fromEntries(
        Object.entries(def.fields as Fields).map(([k, f]) => [k, f.initial] as const),
      );
      for (const [key, field] of Object.entries(def.fields as Fields))
        for (const value of [...ownValues(field), ...STRINGS, ...OTHERS])
          compare(def, { ...base, [key]: value });
    }
  });

  it('the starter site: every file takes the quick road, to the same item', () => {
    const root = path.join(PROJECT_ROOT, 'content');
    const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) =>
      e.name.endsWith('.md'),
    );
    expect(files.length).toBeGreaterThan(20);
    let quick = 0;
    for (const e of files) {
      const rel = path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/');
      const def = Object.values(entities).find((d) =>
        d.type === 'singleton' ? `${d.file}.md` === rel : rel.startsWith(`${d.folder}/`),
      );
      if (!def) continue;
      const m = readFrontMatter(readFileSync(path.join(root, rel), 'utf8'));
      if (!m) continue;
      const raw: Record<string, unknown> = { ...m.data };
      if (def.body) raw[def.body] = m.content.replace(/^\n/, '');
      if (compare(def, raw) === 'quick') quick++;
    }
    expect(quick).toBeGreaterThan(20);
  });

  it('validateItem still answers problems with the schema’s messages', () => {
    const result = validateItem(entities.news, { title: '  ', link: 'javascript:alert(1)' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.fields ?? {})).toEqual(expect.arrayContaining(['title', 'link']));
  });

  it('a "Show until" before "Show from" is refused, as the schema refuses it', () => {
    const raw = { title: 'T', show_from: '2026-03-05T09:00', show_until: '2026-03-04T09:00' };
    expect(quickValidate(entities.news, raw)).toBeNull();
    const result = validateItem(entities.news, raw);
    expect(result.ok).toBe(false);
  });
});
