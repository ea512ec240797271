import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Files under `base/sub`, as paths relative to `base` ('/'-separated); dot files and folders skipped. */
export async function listFiles(base: string, sub = ''): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(path.join(base, sub), { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(base, rel)));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}
