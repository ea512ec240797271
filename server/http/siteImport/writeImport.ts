// Writes what was read from an old site into the data folder as one import change, through the one
// operation (authorize, plan, validate, guards, one commit, index, event). With no server on the
// folder, this process takes the folder's lock and opens the site as a start does (creating it from
// the starter content on a first start); with one running, it commits beside it under git's own
// index lock, as the git CLI would, and the server's watcher takes the commit in.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { starterFolders, type Config } from '../../config.ts';
import { tryLockDataDir } from '../../dataDirLock.ts';
import { GitStore } from '../../store/gitStore.ts';
import { ContentIndex } from '../../content/index/contentIndex.ts';
import { ContentWriter } from '../../content/writer/writer.ts';
import type { ImportChange } from '../../content/writer/change.ts';
import type { ContentView } from '../../content/index/contentView.ts';
import type { Actor } from '../../content/changes.ts';
import { setSiteTimeZone } from '../../schema/siteTime.ts';
import { AuditLog } from '../../audit/auditLog.ts';
import { auditContentChanges } from '../../audit/contentAudit.ts';
import type { OldSiteContent } from './readOldSite.ts';

export interface WriteOptions {
  /** Items of the collections the old site answered for that it does not have are removed. */
  replace: boolean;
  log: (line: string) => void;
}

/** The import as one change: each item created or updated under its old id, each shared file added. */
export function importChangeOf(content: OldSiteContent, view: ContentView, replace: boolean): ImportChange {
  const kept = new Set(content.items.map((i) => `${i.def.name}\n${i.id ?? ''}`));
  const remove = replace
    ? content.answered.flatMap((def) =>
        def.type === 'collection'
          ? view
              .list(def)
              .filter((item) => !kept.has(`${def.name}\n${item.id}`))
              .map((item) => ({ def, id: item.id }))
          : [],
      )
    : [];
  return {
    kind: 'import',
    source: content.source,
    items: content.items.map(({ def, id, input, uploads }) => ({ def, id, input, uploads, keepId: true })),
    files: content.files,
    remove,
  };
}

/** Writes the import; answers one line saying what it did. */
export async function writeImport(
  config: Config,
  content: OldSiteContent,
  options: WriteOptions,
): Promise<string> {
  const privateDir = path.join(config.dataDir, 'private');
  await mkdir(privateDir, { recursive: true, mode: 0o700 });
  const folderLock = await tryLockDataDir(privateDir);
  try {
    const siteDir = path.join(config.dataDir, 'site');
    const { store, created } = folderLock
      ? await GitStore.open(siteDir, { starter: starterFolders(config), log: options.log })
      : await GitStore.open(siteDir, { guest: true, log: options.log });
    if (created) options.log(`Created the site repository at ${store.dir} from the starter content.`);
    if (!folderLock) options.log('The server is running on this folder: the import is committed beside it.');
    setSiteTimeZone(config.timeZone);
    const index = new ContentIndex(store, () => undefined);
    await index.load();
    const audit = new AuditLog(privateDir);
    auditContentChanges(index.changes, audit);
    const writer = new ContentWriter(store, index);
    const actor: Actor = {
      name: config.adminName ?? 'Site import',
      email: config.adminEmail ?? 'import@localhost',
      username: 'import-site',
      role: 'admin',
    };
    const result = await writer.run(actor, importChangeOf(content, index, options.replace || created));
    await audit.idle();
    if (!result.commit) return 'Nothing changed since the last import: no commit was made.';
    const { created: made, updated, removed } = result.imported!;
    return (
      `Imported into ${config.dataDir}: ${made} created, ${updated} updated, ${removed} removed, ` +
      `${content.files.length} shared files; commit ${result.commit.slice(0, 7)}.`
    );
  } finally {
    await folderLock?.release();
  }
}
