// What a rebuilt index holds: every file of HEAD with its blob id and mode, as `git reset` writes it.
// A work-tree file whose bytes are HEAD's keeps its stat data (so `git status` and the next start trust
// it); any other gets none, so git and the start-up snapshot look at it again instead of trusting it.
import fs from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import git from 'isomorphic-git';
import type { IndexEntryInput } from './indexFile.ts';
import { blobId } from './blobId.ts';

export async function headIndexEntries(
  dir: string,
  commit: string,
  cache: object,
): Promise<IndexEntryInput[]> {
  const files: { path: string; oid: string; mode: number }[] = [];
  await git.walk({
    fs,
    dir,
    cache,
    trees: [git.TREE({ ref: commit })],
    map: async (filepath, [entry]) => {
      if (!entry || filepath === '.') return true;
      if ((await entry.type()) === 'blob')
        files.push({ path: filepath, oid: await entry.oid(), mode: await entry.mode() });
      return true;
    },
  });
  const out: IndexEntryInput[] = [];
  for (const f of files) {
    const abs = path.join(dir, f.path);
    const s = await lstat(abs, { bigint: true }).catch(() => null);
    const same = s?.isFile() && blobId(await readFile(abs)) === f.oid;
    out.push({ ...f, stat: same ? s : null });
  }
  return out;
}
