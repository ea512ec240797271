// Validates a folder holding content/ and media/ with the same code the server uses.
import { readFile, stat } from 'node:fs/promises';
import { listFiles } from '../../store/listFiles.ts';
import path from 'node:path';
import type { Fields } from '../../schema/define.ts';
import { isMediaField } from '../../schema/fields.ts';
import { entityForPath, singletons } from '../../schema/registry.ts';
import { parseItemFile } from '../index/fileFormat.ts';

export interface CheckProblem {
  path: string;
  problem: string;
}

export async function checkContent(root: string): Promise<{ files: number; problems: CheckProblem[] }> {
  const problems: CheckProblem[] = [];
  const files = await listFiles(root, 'content');
  const seenSingletons = new Set<string>();
  for (const rel of files) {
    const owner = entityForPath(rel);
    if (!owner) {
      problems.push({ path: rel, problem: 'not a known content file (wrong folder or a non-numeric id?)' });
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
    for (const [key, field] of Object.entries(owner.def.fields as Fields)) {
      const ref = parsed.data[key];
      if (!isMediaField(field) || !ref) continue;
      const exists = await stat(path.join(root, String(ref))).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!exists)
        problems.push({ path: rel, problem: `${key} refers to ${String(ref)}, which does not exist` });
    }
  }
  for (const def of singletons) {
    if (!seenSingletons.has(def.name)) problems.push({ path: `content/${def.file}.md`, problem: 'missing' });
  }
  return { files: files.length, problems };
}
