// What the index asks of a file of the site: whose it is (an item, or a translation's words), why it
// could not be read, and which files lie under a folder.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { EntityDef } from '../../schema/define.ts';
import { entityForPath, translationForPath } from '../../schema/registry.ts';
import { wordsDef } from '../../schema/translations.ts';
import { UnsafePathError } from '../../store/paths.ts';
import { UnreadableFileError } from '../../store/regularFile.ts';

const SYMBOLIC_LINK =
  'This file is a symbolic link, which the site does not follow. Replace it with the file itself.';

/** What a content file holds: an item of an entity, or (with `lang`) the words of its translation. */
export interface FileOwner {
  def: EntityDef;
  id: string;
  lang?: string;
  /** The declaration the file is read with: the entity's, or its words' (translations.ts). */
  parseAs: EntityDef;
  /** Its parses' name in the parse cache. */
  cacheKey: string;
}

export function fileOwner(rel: string): FileOwner | null {
  const owner = entityForPath(rel);
  if (owner) return { ...owner, parseAs: owner.def, cacheKey: owner.def.name };
  const translation = translationForPath(rel);
  const words = translation && wordsDef(translation.def);
  return translation && words
    ? { ...translation, parseAs: words, cacheKey: `${translation.def.name}.words` }
    : null;
}

/** Why a file of the site could not be read, in plain words for health and the admin home. */
export function unreadableBecause(e: unknown): string {
  if (e instanceof UnsafePathError) return SYMBOLIC_LINK;
  if (e instanceof UnreadableFileError) return e.message;
  return `This file cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`;
}

/** Files and symbolic links under a folder of the repository, in one listing; dot names skipped. */
export async function filesAndLinksUnder(dir: string, root: string): Promise<string[]> {
  const abs = path.join(dir, root);
  const entries = await readdir(abs, { recursive: true, withFileTypes: true }).catch(() => []);
  const folders = new Map<string, string>(); // entry folder → its path relative to the repository
  const relFolder = (parent: string) => {
    let rel = folders.get(parent);
    if (rel === undefined) folders.set(parent, (rel = path.relative(dir, parent).split(path.sep).join('/')));
    return rel;
  };
  return entries
    .filter((e) => e.isFile() || e.isSymbolicLink())
    .map((e) => `${relFolder(e.parentPath)}/${e.name}`)
    .filter((rel) => !rel.split('/').some((part) => part.startsWith('.')));
}
