// All site content in memory, validated with the registry. A save hands over its files as committed
// (nothing is read back); hand edits, git pull and checkout arrive through SiteWatcher.
import type { CommitResult, GitStore } from '../../store/gitStore.ts';
import type { EntityDef } from '../../schema/define.ts';
import { entityForPath, siteEntities } from '../../schema/registry.ts';
import { fileOwner, filesAndLinksUnder, unreadableBecause, type FileOwner } from './contentFiles.ts';
import { TranslationShelf } from './translationShelf.ts';
import { parseItemFile } from './fileFormat.ts';
import { blobId } from '../../store/blobId.ts';
import { listFiles } from '../../store/listFiles.ts';
import type { ParseCache } from './parseCache.ts';
import { ChangeFeed } from '../changes.ts';
import { MediaUses, type MediaUse } from './mediaUses.ts';
import type { ContentError, ContentView, IndexedItem } from './contentView.ts';
import { inOrder, itemVersion, mediaKeys } from './itemOrder.ts';

export type { ContentError, IndexedItem };

const MISSING = 'This file is missing. Restore it (for example with git checkout).';

export type { ContentView };
export type { MediaUse };

export class ContentIndex implements ContentView {
  /** Every change to what the index holds, announced once it holds it (see changes.ts). */
  readonly changes: ChangeFeed;
  /** Files read and parsed after the load, for tests and benchmarks: the server's own saves add none. */
  readonly counters = { reads: 0, parses: 0 };
  private items = new Map<string, Map<string, IndexedItem>>();
  private media = new Map<string, string>(); // media path → blob id
  private errors = new Map<string, ContentError>();
  /** Where each media file is used, kept as items are taken in. */
  private readonly uses = new MediaUses();
  /** Items' translations (content/news/5.es.md): their words, by language. */
  readonly translations = new TranslationShelf();

  constructor(
    private readonly store: GitStore,
    private readonly log: (msg: string) => void = console.warn,
  ) {
    this.changes = new ChangeFeed(log);
    for (const def of siteEntities) this.items.set(def.name, new Map());
  }

  /**
   * Reads every content and media file once; files seen on an earlier start (same blob id) come from
   * the parse cache instead of being parsed again.
   */
  async load(cache?: ParseCache): Promise<{ files: number; parsed: number }> {
    this.cache = cache;
    this.parsedCount = 0;
    // Nothing else runs yet: the files are read synchronously, one after another, with no promise
    // per file (the thread pool's cost per call was about 10× the read's). Files git's index shows
    // unchanged are known by their blob id without being read: on a large site the stats that show
    // it run on a thread while the parse cache is read.
    const bulk = this.store.bulkRead();
    const media = await listFiles(this.store.dir, 'media');
    // Files and links (health reports those), and singletons' files even when missing.
    const singletons = siteEntities.flatMap((d) => (d.type === 'singleton' ? [`content/${d.file}.md`] : []));
    const all = [...new Set([...(await filesAndLinksUnder(this.store.dir, 'content')), ...singletons])];
    // With no parse kept from an earlier start (the first start, or new schemas) every content file
    // is read and parsed anyway: asking git's index about it first would only add a stat per file.
    // Once the cache is read this thread takes its share of the stats too.
    const cacheRead = cache?.load();
    const unchanged = await bulk.unchangedOf(cache?.saved ? [...media, ...all] : media, {
      helpAfter: cacheRead,
    });
    await cacheRead;
    const known = (rel: string) => unchanged.get(rel) ?? null;
    const read = (rel: string): ReadOutcome => {
      try {
        return { file: bulk.read(rel) };
      } catch (error) {
        return { error };
      }
    };
    // Media first: an item's version covers the media it refers to.
    for (const rel of media) {
      if (!this.loadUnchanged(rel, known(rel))) this.take(rel, read(rel));
    }
    for (const rel of all) {
      if (!this.loadUnchanged(rel, known(rel))) this.take(rel, read(rel));
    }
    return { files: all.length, parsed: this.parsedCount };
  }

  /** A file of known blob id whose parse is in the cache (or a media file): taken without a read. */
  private loadUnchanged(rel: string, blob: string | null): boolean {
    if (blob === null) return false;
    if (rel.startsWith('media/')) {
      this.setMedia(rel, blob);
      return true;
    }
    const owner = fileOwner(rel);
    const data = owner ? this.cache?.get(owner.cacheKey, blob) : undefined;
    if (!owner || !data) return false;
    this.keep(owner, rel, blob, data);
    return true;
  }

  /** A file's data taken in: a translation's words on its shelf, an item in its entity's map. */
  private keep(owner: FileOwner, rel: string, blob: string, data: Record<string, unknown>): void {
    const { def, id } = owner;
    if (owner.lang)
      this.translations.set(def, owner.lang, { id, fileVersion: blob, version: blob, data, path: rel });
    else
      this.setItem(def, {
        id,
        fileVersion: blob,
        version: this.itemVersion(def, blob, data),
        data,
        path: rel,
      });
  }

  private parsedCount = 0;

  private cache?: ParseCache;

  list(def: EntityDef): IndexedItem[] {
    return inOrder(def, [...this.items.get(def.name)!.values()]);
  }

  /** An entity's items in no particular order: cheaper than list() where order does not matter. */
  all(def: EntityDef): Iterable<IndexedItem> {
    return this.items.get(def.name)!.values();
  }

  get(def: EntityDef, id = '1'): IndexedItem | undefined {
    return this.items.get(def.name)!.get(id);
  }

  mediaVersion(rel: string): string | undefined {
    return this.media.get(rel);
  }

  /** Every media file the index holds (about files included), by path. */
  mediaPaths(): IterableIterator<string> {
    return this.media.keys();
  }

  translation(def: EntityDef, lang: string, id = '1'): IndexedItem | undefined {
    return this.translations.get(def, lang, id);
  }

  translationsOf(def: EntityDef, id: string): IndexedItem[] {
    return this.translations.of(def, id);
  }

  /** The live items that use a media file. */
  mediaUses(rel: string): MediaUse[] {
    return this.uses.usesOf(rel);
  }

  isMediaUsed(rel: string): boolean {
    return this.uses.isUsed(rel);
  }

  nextId(def: EntityDef): string {
    let max = 0;
    for (const id of this.items.get(def.name)!.keys()) max = Math.max(max, Number(id));
    return String(max + 1);
  }

  contentErrors(): ContentError[] {
    return [...this.errors.values()].sort((a, b) => a.path.localeCompare(b.path));
  }

  /** Every file the index knows of (items, media, and files with problems): what the watcher watches. */
  knownPaths(): string[] {
    const paths = new Set([...this.media.keys(), ...this.errors.keys(), ...this.translations.paths()]);
    for (const items of this.items.values()) for (const item of items.values()) paths.add(item.path);
    return [...paths];
  }

  /** The blob id the index holds for a file (an item's own file or a media file), if any. */
  blobOf(rel: string): string | undefined {
    if (rel.startsWith('media/')) return this.media.get(rel);
    const translation = this.translations.at(rel);
    if (translation) return translation.fileVersion;
    const owner = entityForPath(rel);
    const item = owner ? this.items.get(owner.def.name)!.get(owner.id) : undefined;
    return item?.path === rel ? item.fileVersion : undefined;
  }

  knows(rel: string): boolean {
    return this.errors.has(rel) || this.blobOf(rel) !== undefined;
  }

  /** Re-reads the given paths from the work tree and announces what changed (hand edits, git). */
  async refreshPaths(paths: Iterable<string>): Promise<Set<string>> {
    const read: Reader = (rel) => {
      this.counters.reads++;
      return this.store.read(rel);
    };
    const changed = new Set<string>();
    const list = [...paths];
    // Media first: an item's version covers the media it refers to.
    for (const p of list.filter((x) => x.startsWith('media/')))
      for (const n of await this.refreshPath(p, read)) changed.add(n);
    for (const p of list.filter((x) => !x.startsWith('media/')))
      for (const n of await this.refreshPath(p, read)) changed.add(n);
    if (changed.size) this.changes.emit({ kind: 'external', entities: changed, paths: list });
    return changed;
  }

  /**
   * A save's files as committed, taken as they are: the writer validated each item (`parsed` holds
   * its data by path) and the commit gives every file's blob id, so nothing is read back. Returns the
   * entities whose served content changed; the pipeline announces the change, not the index.
   */
  applyCommitted(commit: CommitResult, parsed: Map<string, Record<string, unknown>>): Set<string> {
    const changed = new Set<string>();
    for (const [rel, blob] of commit.blobs) {
      if (rel.startsWith('media/')) for (const n of this.setMedia(rel, blob)) changed.add(n);
    }
    for (const [rel, blob] of commit.blobs) {
      const owner = rel.startsWith('content/') ? fileOwner(rel) : null;
      if (!owner) continue;
      const { def, id } = owner;
      this.errors.delete(rel);
      changed.add(def.name);
      if (blob === null) {
        if (owner.lang) this.translations.delete(def, owner.lang, id);
        else this.deleteItem(def, id);
        continue;
      }
      const data = parsed.get(rel);
      if (!data) throw new Error(`The save of ${rel} came without its data`);
      this.keep(owner, rel, blob, data);
    }
    return changed;
  }

  /** Re-reads one path; returns the names of the entities whose served content changed. */
  private async refreshPath(rel: string, read: Reader): Promise<string[]> {
    let outcome: ReadOutcome;
    try {
      const bytes = await read(rel);
      outcome = { file: bytes && { blob: blobId(bytes), text: () => bytes.toString('utf8') } };
    } catch (error) {
      outcome = { error };
    }
    return this.take(rel, outcome);
  }

  /** Takes what reading one path gave; returns the names of the entities whose served content changed. */
  private take(rel: string, outcome: ReadOutcome): string[] {
    if (rel.startsWith('media/')) return this.takeMedia(rel, outcome);
    const owner = fileOwner(rel);
    if (!owner) return [];
    const { def, id, lang } = owner;
    if ('error' in outcome) return this.report(rel, unreadableBecause(outcome.error));
    const file = outcome.file;
    if (file === null) {
      // A singleton has no "deleted" state: its file missing is a problem, not an empty page.
      if (!lang && def.type === 'singleton') return this.report(rel, MISSING);
      this.errors.delete(rel);
      const gone = lang ? this.translations.delete(def, lang, id) : this.deleteItem(def, id);
      return gone ? [def.name] : [];
    }
    const held = lang ? this.translations.get(def, lang, id) : this.items.get(def.name)!.get(id);
    if (held?.fileVersion === file.blob && !this.errors.has(rel)) return [];
    const cached = this.cache?.get(owner.cacheKey, file.blob);
    const parsed = cached ? { ok: true as const, data: cached } : parseItemFile(owner.parseAs, file.text());
    if (!parsed.ok) return this.report(rel, parsed.error, parsed.fields);
    if (!cached) {
      this.parsedCount++;
      this.counters.parses++;
      this.cache?.set(owner.cacheKey, file.blob, parsed.data);
    }
    this.errors.delete(rel);
    this.keep(owner, rel, file.blob, parsed.data);
    return [def.name];
  }

  /** Every item enters and leaves here, so where each media file is used stays true. */
  private setItem(def: EntityDef, item: IndexedItem): void {
    this.items.get(def.name)!.set(item.id, item);
    this.uses.set(def, item.id, item.data);
  }

  private deleteItem(def: EntityDef, id: string): boolean {
    this.uses.set(def, id, null);
    return this.items.get(def.name)!.delete(id);
  }

  /** Lists a content file's problem on health (logged once per change); its last good version stays. */
  private report(rel: string, error: string, fields?: Record<string, string>): string[] {
    const had = this.errors.get(rel)?.error;
    this.errors.set(rel, { path: rel, error, ...(fields ? { fields } : {}) });
    if (had !== error)
      this.log(`Content file ${rel} is invalid (${error}); the last good version stays online.`);
    return [];
  }

  private itemVersion(def: EntityDef, fileVersion: string, data: Record<string, unknown>): string {
    return itemVersion(def, fileVersion, data, (p) => this.media.get(p));
  }

  private takeMedia(rel: string, outcome: ReadOutcome): string[] {
    if ('error' in outcome) {
      // Reported like a content file, and not served (as if it were missing).
      this.report(rel, unreadableBecause(outcome.error));
      return this.setMedia(rel, null);
    }
    this.errors.delete(rel);
    return this.setMedia(rel, outcome.file?.blob ?? null);
  }

  /** Records a media file's blob id (null: gone); returns the entities whose items' versions changed. */
  private setMedia(rel: string, blob: string | null): string[] {
    const before = this.media.get(rel);
    if (blob === null) this.media.delete(rel);
    else this.media.set(rel, blob);
    if (before === this.media.get(rel)) return [];
    const names = new Set<string>();
    for (const def of siteEntities) {
      const keys = mediaKeys(def);
      if (!keys.length) continue;
      for (const item of this.items.get(def.name)!.values()) {
        if (!keys.some((k) => item.data[k] === rel)) continue;
        item.version = this.itemVersion(def, item.fileVersion, item.data);
        names.add(def.name);
      }
    }
    return [...names];
  }
}

type Reader = (rel: string) => Promise<Buffer | null>;
/** A file read (its blob id, and its text on demand; null: missing), or why it could not be read. */
type ReadOutcome = { file: { blob: string; text(): string } | null } | { error: unknown };
