// A collection's "Recently deleted" list: items whose file the branch once had and has no more, each
// with who deleted it and when, the commit to restore it from (the last that had it, media included),
// and its title as it was then. The store's history map already knows which files are gone, which
// commit removed each and the removed file's blob; the only reads are the titles, one old
// file per item, kept afterwards (a version in git never changes), so a list comes from memory once
// its titles have been read.
import type { CollectionDef } from '../schema/define.ts';
import { entityForPath } from '../schema/registry.ts';
import type { CommitInfo, GitStore, RemovedPath } from '../store/gitStore.ts';
import type { ContentIndex } from './index/contentIndex.ts';
import { parseItemFile } from './index/fileFormat.ts';
import { fieldText } from '../schema/fieldText.ts';

export interface DeletedItem {
  id: string;
  /** The item's title field as it was before the delete ('' when it had none). */
  title: string;
  /** The commit that deleted it: who, when, and its message. */
  deleted: CommitInfo;
  /** The last commit that had the item: restoring from it brings its media back too. */
  restoreFrom: string;
}

/** Old files read at once when titles are missing (the first look at a list). */
const READS_AT_ONCE = 16;
const TITLE_MAX = 200;

export class DeletedItems {
  /** `<commit>:<path>` → the title the item had in that commit. */
  private readonly titles = new Map<string, string>();

  constructor(
    private readonly store: GitStore,
    private readonly index: ContentIndex,
  ) {}

  /** Newest delete first. */
  async list(def: CollectionDef): Promise<DeletedItem[]> {
    const gone = (await this.store.removedUnder(`content/${def.folder}`)).flatMap((r) => {
      const owner = entityForPath(r.path);
      // Not while the site still serves the file: a removal by hand the watcher has not taken in yet,
      // or a file put back by hand and not committed. Staff never see an item in both lists.
      if (owner?.def !== def || this.index.knows(r.path)) return [];
      return [{ ...r, id: owner.id, key: `${r.lastWith}:${r.path}` }];
    });
    const missing = gone.filter((g) => !this.titles.has(g.key));
    for (let i = 0; i < missing.length; i += READS_AT_ONCE) {
      await Promise.all(
        missing.slice(i, i + READS_AT_ONCE).map(async (g) => {
          this.titles.set(g.key, await this.titleOf(def, g));
        }),
      );
    }
    return gone.map((g) => ({
      id: g.id,
      title: this.titles.get(g.key)!,
      deleted: g.removedBy,
      restoreFrom: g.lastWith,
    }));
  }

  /** The title field of the file as it was before the delete, read by its blob id. */
  private async titleOf(def: CollectionDef, gone: RemovedPath): Promise<string> {
    const key = def.admin.titleField;
    if (!key) return '';
    const bytes = await this.store.readBlobById(gone.blob);
    if (!bytes) return '';
    const parsed = parseItemFile(def, bytes.toString('utf8'));
    if (!parsed.ok) return '';
    return fieldText(parsed.data[key]).replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX);
  }
}
