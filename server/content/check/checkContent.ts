// Validates a folder holding content/ and media/ with the same code the server uses, then runs the
// content checks over it (schema/siteAddresses.ts: the same function as the admin's Content checks page).
import { readFile } from 'node:fs/promises';
import { listFiles } from '../../store/listFiles.ts';
import path from 'node:path';
import type { EntityDef, Fields } from '../../schema/define.ts';
import { isMediaField } from '../../schema/fields.ts';
import { entityForPath, itemPath, singletons, translationForPath } from '../../schema/registry.ts';
import { wordsDef } from '../../schema/translations.ts';
import { siteFactsOf, siteFindings, type SiteFinding } from '../../schema/siteAddresses.ts';
import { parseItemFile } from '../index/fileFormat.ts';
import { fieldText } from '../../schema/fieldText.ts';

export interface CheckProblem {
  path: string;
  problem: string;
}

type Item = { id: string; data: Record<string, unknown> };

export async function checkContent(
  root: string,
): Promise<{ files: number; problems: CheckProblem[]; findings: SiteFinding[] }> {
  const problems: CheckProblem[] = [];
  const files = await listFiles(root, 'content');
  const media = new Set(await listFiles(root, 'media'));
  const items = new Map<string, Item[]>();
  const seenSingletons = new Set<string>();
  for (const rel of files) {
    const owner = entityForPath(rel);
    if (!owner) {
      const problem = translationProblem(rel, await readFile(path.join(root, rel), 'utf8'));
      if (problem) problems.push({ path: rel, problem });
      continue;
    }
    const parsed = parseItemFile(owner.def, await readFile(path.join(root, rel), 'utf8'));
    if (!parsed.ok) {
      problems.push({
        path: rel,
        problem: parsed.fields ? `${parsed.error} (${Object.keys(parsed.fields).join(', ')})` : parsed.error,
      });
      continue;
    }
    if (owner.def.type === 'singleton') seenSingletons.add(owner.def.name);
    const list = items.get(owner.def.name) ?? [];
    list.push({ id: owner.id, data: parsed.data });
    items.set(owner.def.name, list);
    for (const [key, field] of Object.entries(owner.def.fields as Fields)) {
      const ref = fieldText(parsed.data[key]);
      if (!isMediaField(field) || !ref) continue;
      if (!media.has(ref))
        problems.push({ path: rel, problem: `${key} refers to ${ref}, which does not exist` });
    }
  }
  for (const def of singletons) {
    if (!seenSingletons.has(def.name)) problems.push({ path: `content/${def.file}.md`, problem: 'missing' });
  }
  const listOf = (def: EntityDef) =>
    [...(items.get(def.name) ?? [])].sort((a, b) => Number(a.id) - Number(b.id));
  const lookup = {
    list: listOf,
    get: (def: EntityDef, id?: string) => listOf(def).find((i) => id === undefined || i.id === id),
  };
  const findings = siteFindings(
    lookup,
    siteFactsOf(lookup, (rel) => media.has(rel)),
  );
  return { files: files.length, problems, findings };
}

/** Where a finding is: the item's file and the field's label. */
export const findingPlace = (f: SiteFinding, def: EntityDef) => `${itemPath(def, f.id)} (${f.label})`;

/** What is wrong with a file that is no item's own: none when it is a valid translation (5.es.md). */
function translationProblem(rel: string, text: string): string | null {
  const translation = translationForPath(rel);
  const words = translation && wordsDef(translation.def);
  if (!words) return 'not a known content file (wrong folder or a non-numeric id?)';
  const parsed = parseItemFile(words, text);
  if (parsed.ok) return null;
  return parsed.fields ? `${parsed.error} (${Object.keys(parsed.fields).join(', ')})` : parsed.error;
}
