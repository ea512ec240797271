// All site content in memory, validated with the registry; refreshed from disk when files change
// (saves report their paths at once; chokidar catches hand edits, git pull and checkout).
import { EventEmitter } from 'node:events';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { GitStore } from '../store/gitStore.ts';
import type { EntityDef, Fields } from '../schema/define.ts';
import { entityForPath, siteEntities } from '../schema/registry.ts';
import { isMediaField } from '../schema/fields.ts';
import type { StoredItem } from '../schema/codec.ts';
import { parseItemFile } from './fileFormat.ts';
import { blobId } from './blobId.ts';
import { listFiles } from '../store/listFiles.ts';
import { UnsafePathError } from '../store/paths.ts';

export interface IndexedItem extends StoredItem {
  path: string;
  /** Blob id of the item's own file (its `version` also covers its media). */
  fileVersion: string;
}
export interface ContentError { path: string; error: string; fields?: Record<string, string> }

const SYMBOLIC_LINK =
  'This file is a symbolic link, which the site does not follow. Replace it with the file itself.';
const MISSING = 'This file is missing. Restore it (for example with git checkout).';

export declare interface ContentIndex {
  on(event: 'change', listener: (entityNames: Set<string>) => void): this;
}

export class ContentIndex extends EventEmitter {
  private items = new Map<string, Map<string, IndexedItem>>();
  private media = new Map<string, string>(); // media path → blob id
  private errors = new Map<string, ContentError>();
  private watcher?: FSWatcher;
  private pending = new Set<string>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly store: GitStore, private readonly log: (msg: string) => void = console.warn) {
    super();
    for (const def of siteEntities) this.items.set(def.name, new Map());
  }

  async load(): Promise<void> {
    // Media first: an item's version covers the media it refers to.
    for (const rel of await listFiles(this.store.dir, 'media')) await this.refreshPath(rel);
    const content = await listFiles(this.store.dir, 'content');
    // Also what the listing leaves out but health must report: links, and singletons' missing files.
    const singletons = siteEntities.flatMap((d) => (d.type === 'singleton' ? [`content/${d.file}.md`] : []));
    const links = await this.linksUnder('content');
    for (const rel of new Set([...content, ...links, ...singletons])) await this.refreshPath(rel);
  }

  list(def: EntityDef): IndexedItem[] {
    const items = [...this.items.get(def.name)!.values()];
    return def.type === 'collection' && def.order ? items.sort((a, b) => def.order!({ ...a.data, id: a.id } as never, { ...b.data, id: b.id } as never)) : items;
  }

  get(def: EntityDef, id = '1'): IndexedItem | undefined {
    return this.items.get(def.name)!.get(id);
  }

  mediaVersion(rel: string): string | undefined {
    return this.media.get(rel);
  }

  nextId(def: EntityDef): string {
    let max = 0;
    for (const id of this.items.get(def.name)!.keys()) max = Math.max(max, Number(id));
    return String(max + 1);
  }

  contentErrors(): ContentError[] {
    return [...this.errors.values()].sort((a, b) => a.path.localeCompare(b.path));
  }

  /** Re-reads the given paths now and announces what changed (used right after a save). */
  async applyPaths(paths: Iterable<string>): Promise<Set<string>> {
    const changed = new Set<string>();
    for (const p of paths) for (const name of await this.refreshPath(p)) changed.add(name);
    if (changed.size) this.emit('change', changed);
    return changed;
  }

  /** Watches the repository; changes are batched (debounced) and then re-read. */
  watch(debounceMs = 150): Promise<void> {
    this.watcher = watch([path.join(this.store.dir, 'content'), path.join(this.store.dir, 'media')], {
      ignoreInitial: true,
      ignored: (p) => path.basename(p).startsWith('.'),
      awaitWriteFinish: false,
    });
    const onEvent = (abs: string) => {
      this.pending.add(path.relative(this.store.dir, abs).split(path.sep).join('/'));
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.flush(), debounceMs);
    };
    this.watcher.on('add', onEvent).on('change', onEvent).on('unlink', onEvent);
    this.watcher.on('error', (e) => this.log(`File watcher error: ${String(e)}`));
    return new Promise((resolve) => this.watcher!.on('ready', () => resolve()));
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    await this.watcher?.close();
  }

  private async flush() {
    const paths = [...this.pending];
    this.pending.clear();
    try {
      await this.applyPaths(paths);
    } catch (e) {
      this.log(`Could not refresh content: ${(e as Error).message}`);
    }
  }

  /** Re-reads one path; returns the names of the entities whose served content changed. */
  private async refreshPath(rel: string): Promise<string[]> {
    if (rel.startsWith('media/')) return this.refreshMedia(rel);
    const owner = entityForPath(rel);
    if (!owner) return [];
    const { def, id } = owner;
    const items = this.items.get(def.name)!;
    let bytes: Buffer | null;
    try {
      bytes = await this.store.read(rel);
    } catch (e) {
      const why = e instanceof UnsafePathError
        ? SYMBOLIC_LINK
        : `This file cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`;
      return this.report(rel, why);
    }
    if (bytes === null) {
      // A singleton has no "deleted" state: its file missing is a problem, not an empty page.
      if (def.type === 'singleton') return this.report(rel, MISSING);
      this.errors.delete(rel);
      return items.delete(id) ? [def.name] : [];
    }
    const fileVersion = blobId(bytes);
    if (items.get(id)?.fileVersion === fileVersion && !this.errors.has(rel)) return [];
    const parsed = parseItemFile(def, bytes.toString('utf8'));
    if (!parsed.ok) return this.report(rel, parsed.error, parsed.fields);
    this.errors.delete(rel);
    items.set(id, { id, fileVersion, version: this.itemVersion(def, fileVersion, parsed.data), data: parsed.data, path: rel });
    return [def.name];
  }

  /** Lists a content file's problem on health (logged once per change); its last good version stays. */
  private report(rel: string, error: string, fields?: Record<string, string>): string[] {
    const had = this.errors.get(rel)?.error;
    this.errors.set(rel, { path: rel, error, ...(fields ? { fields } : {}) });
    if (had !== error) this.log(`Content file ${rel} is invalid (${error}); the last good version stays online.`);
    return [];
  }

  /** Symbolic links under a folder of the repository (the file listing leaves them out). */
  private async linksUnder(root: string): Promise<string[]> {
    const abs = path.join(this.store.dir, root);
    const entries = await readdir(abs, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isSymbolicLink())
      .map((e) => path.relative(this.store.dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((rel) => !rel.split('/').some((part) => part.startsWith('.')));
  }

  /**
   * An item's version: its file's blob id, combined with the blob ids of the media it refers to, so
   * that replacing only a picture or a PDF is a new version too (and a stale edit still gets 409).
   */
  private itemVersion(def: EntityDef, fileVersion: string, data: Record<string, unknown>): string {
    const media = mediaKeys(def).map((k) => data[k]).filter((p): p is string => typeof p === 'string' && p !== '');
    if (!media.length) return fileVersion;
    const hash = createHash('sha1').update(fileVersion);
    for (const p of media) hash.update(`\n${p}:${this.media.get(p) ?? 'missing'}`);
    return hash.digest('hex');
  }

  private async refreshMedia(rel: string): Promise<string[]> {
    const bytes = await this.store.read(rel).catch(() => null);
    const before = this.media.get(rel);
    if (bytes === null) this.media.delete(rel);
    else this.media.set(rel, blobId(bytes));
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

const mediaKeys = (def: EntityDef) => Object.entries(def.fields as Fields).filter(([, f]) => isMediaField(f)).map(([k]) => k);
