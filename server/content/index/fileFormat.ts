// The storage format: YAML front matter (keys in declared order) plus the body field as markdown.
// Front matter is data only: gray-matter's JavaScript engines are replaced by ones that refuse.
import matter from 'gray-matter';
import * as yaml from 'js-yaml';
import type { EntityDef, Fields } from '../../schema/define.ts';
import { validateItem } from '../../schema/validate.ts';
import { readFrontMatter } from './frontMatter.ts';
import { fieldText } from '../../schema/fieldText.ts';
import { compactList } from '../../schema/listFields.ts';

// The schema's check, shared with the admin form (server/schema/validate.ts).
export { validateItem };

const refuse = () => {
  throw new Error('JavaScript front matter is not allowed; use YAML');
};

const matterOptions = {
  language: 'yaml',
  engines: {
    yaml: {
      parse: (s: string) => yaml.load(s, { schema: yaml.CORE_SCHEMA }) ?? {},
      stringify: () => '',
    },
    js: { parse: refuse, stringify: refuse },
    javascript: { parse: refuse, stringify: refuse },
    json: { parse: (s: string) => JSON.parse(s) as object, stringify: () => '' },
  },
} as unknown as matter.GrayMatterOption<string, never>;

export type ParseResult =
  { ok: true; data: Record<string, unknown> } | { ok: false; error: string; fields?: Record<string, string> };

/** Front matter and body by gray-matter and js-yaml (the core schema): any YAML, slower. */
export function readWithGrayMatter(text: string): { data: unknown; content: string } {
  // gray-matter caches by input string; a cached result could skip our engines, so bypass it.
  return matter(text, { ...matterOptions, excerpt: false } as never);
}

/** Parses and validates one content file with the entity's schema. */
export function parseItemFile(def: EntityDef, text: string): ParseResult {
  let parsed: { data: Record<string, unknown>; content: string };
  try {
    // The form the CMS writes is read directly (frontMatter.ts); anything else by the full parser.
    const m = readFrontMatter(text) ?? readWithGrayMatter(text);
    if (typeof m.data !== 'object' || m.data === null || Array.isArray(m.data)) {
      return { ok: false, error: 'Front matter must be a YAML mapping' };
    }
    parsed = { data: m.data as Record<string, unknown>, content: m.content };
  } catch (e) {
    return { ok: false, error: `Cannot read front matter: ${(e as Error).message.split('\n')[0]}` };
  }
  const raw: Record<string, unknown> = { ...parsed.data };
  if (def.body) raw[def.body] = parsed.content.replace(/^\n/, '');
  const known = Object.keys(def.fields as Fields);
  const unknown = Object.keys(raw).filter((k) => !known.includes(k));
  if (unknown.length) return { ok: false, error: `Unknown field(s): ${unknown.join(', ')}` };
  return validateItem(def, raw);
}

/** Serialises a stored item deterministically: declared key order, body last, trailing newline. */
export function serializeItem(def: EntityDef, data: Record<string, unknown>): string {
  const front: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(def.fields as Fields)) {
    if (key === def.body) continue;
    // No time set ("Show from" empty) is no line: files written before the field existed stay as they are.
    if ((field.kind === 'datetime' || field.omitWhenEmpty) && !data[key]) continue;
    front[key] = field.kind === 'list' ? compactList(field, data[key]) : data[key];
  }
  // Dumped with the default schema so strings other YAML readers would take for dates or numbers are quoted.
  const yamlText = yaml.dump(front, {
    lineWidth: -1,
    noRefs: true,
    sortKeys: false,
    schema: yaml.DEFAULT_SCHEMA,
  });
  const body = def.body ? fieldText(data[def.body]).replace(/\s+$/, '') : '';
  return `---\n${yamlText}---\n${body ? `${body}\n` : ''}`;
}
