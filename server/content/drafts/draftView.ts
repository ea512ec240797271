// The site as it would look with a draft published: the live index, with the files the draft
// changed laid over it (merged field by field with what the live site changed since the draft
// began, draftMerge.ts). Read from git's objects, never from the work tree; made once per draft
// commit and live change, and thrown away (never updated) when either moves.
import type { EntityDef } from '../../schema/define.ts';
import { entityByName, entityForPath, translationForPath, translationPath } from '../../schema/registry.ts';
import { wordsDef } from '../../schema/translations.ts';
import type { GitStore } from '../../store/gitStore.ts';
import { blobId } from '../../store/blobId.ts';
import { type ContentIndex, type ContentView, type IndexedItem } from '../index/contentIndex.ts';
import { inOrder, itemVersion } from '../index/itemOrder.ts';
import { ChangeFeed } from '../changes.ts';
import { MediaUses, type MediaUse } from '../index/mediaUses.ts';
import { serializeItem } from '../index/fileFormat.ts';
import { itemOfBlob } from './blobItems.ts';
import { mergeDraftBlob, mergeDraftItem } from './draftMerge.ts';
import { checkCombined } from './combinedPicks.ts';
import type { Picks } from '../../schema/draftRecord.ts';
import { follow, namedEntities, renamesOf, type PageSides, type Renames } from './draftRenames.ts';

/**
 * One file the draft changed, and how it merges with the live site now. A live item the draft only
 * takes along (a card following the draft's rename of its page) is one too, with the live file on
 * all three sides.
 */
export interface DraftFile {
  path: string;
  /** The entity and id of a content file; undefined for media. */
  entity?: string;
  id?: string;
  /** A translation of that item (content/news/5.es.md): its language; its data are its words. */
  lang?: string;
  /** Blob ids: as the draft began, in the draft, on the live site now (null: no such file). */
  base: string | null;
  draft: string | null;
  live: string | null;
  /** Content files: the item as it was, in the draft, live now, and as merged (null: none/removed). */
  before?: Record<string, unknown> | null;
  mine?: Record<string, unknown> | null;
  theirs?: Record<string, unknown> | null;
  merged?: Record<string, unknown> | null;
  /** Media files: the blob id the merge keeps (null: removed), and its bytes when it is an image. */
  mergedBlob?: string | null;
  bytes?: Buffer;
  /** Fields both sides changed differently ('*': one side removed the item the other changed). */
  conflicts: string[];
}

export type { Picks } from '../../schema/draftRecord.ts';

export class DraftView implements ContentView {
  /** Never emits: a draft's view is replaced when the draft or the live site changes. */
  readonly changes = new ChangeFeed();
  private readonly items = new Map<string, Map<string, IndexedItem | null>>();
  private readonly media = new Map<string, string | null>();
  /** Translations the draft changes, by path (null: removed). */
  private readonly translations = new Map<string, IndexedItem | null>();

  constructor(
    private readonly live: ContentIndex,
    /** Every file the draft changed, merged. */
    readonly files: DraftFile[],
  ) {
    for (const f of files) if (!f.entity) this.media.set(f.path, f.mergedBlob ?? null);
    for (const f of files) {
      if (!f.entity) continue;
      const def = entityByName.get(f.entity)!;
      if (f.lang) {
        const data = f.merged ?? null;
        const words = wordsDef(def)!;
        const fileVersion = data && blobId(Buffer.from(serializeItem(words, data)));
        this.translations.set(
          f.path,
          data && fileVersion ? { id: f.id!, path: f.path, data, fileVersion, version: fileVersion } : null,
        );
        continue;
      }
      const byId = this.items.get(def.name) ?? new Map<string, IndexedItem | null>();
      this.items.set(def.name, byId);
      const data = f.merged ?? null;
      if (data === null) {
        byId.set(f.id!, null);
        continue;
      }
      const fileVersion = blobId(Buffer.from(serializeItem(def, data)));
      byId.set(f.id!, {
        id: f.id!,
        path: f.path,
        data,
        fileVersion,
        version: itemVersion(def, fileVersion, data, (p) => this.mediaVersion(p)),
      });
    }
  }

  /** Uses of media files by the items the draft changed (made on first ask: a view never changes). */
  private draftUses?: MediaUses;

  /** An item's translation as the draft leaves it: the draft's own where it changes it, else the live one. */
  translation(def: EntityDef, lang: string, id = '1'): IndexedItem | undefined {
    const path = translationPath(def, lang, id);
    if (this.translations.has(path)) return this.translations.get(path) ?? undefined;
    return this.live.translation(def, lang, id);
  }

  translationsOf(def: EntityDef, id: string): IndexedItem[] {
    const live = this.live.translationsOf(def, id).filter((t) => !this.translations.has(t.path));
    const own = [...this.translations.values()].filter(
      (t): t is IndexedItem => t !== null && t.id === id && translationForPath(t.path)?.def === def,
    );
    return [...live, ...own];
  }

  mediaUses(rel: string): MediaUse[] {
    if (!this.draftUses) {
      this.draftUses = new MediaUses();
      for (const [entity, byId] of this.items)
        for (const [id, item] of byId) if (item) this.draftUses.set(entityByName.get(entity)!, id, item.data);
    }
    const live = this.live.mediaUses(rel).filter((u) => !this.items.get(u.entity)?.has(u.id));
    return [...live, ...this.draftUses.usesOf(rel)];
  }

  *mediaPaths(): Iterable<string> {
    for (const rel of this.live.mediaPaths()) if (!this.media.has(rel)) yield rel;
    for (const [rel, blob] of this.media) if (blob !== null) yield rel;
  }

  /** Whether publishing now would need someone to choose between the draft and the live site. */
  get conflicts(): DraftFile[] {
    return this.files.filter((f) => f.conflicts.length);
  }

  list(def: EntityDef): IndexedItem[] {
    const overlay = this.items.get(def.name);
    if (!overlay) return this.live.list(def);
    // A view never changes: each list is put in order once (10,000 items: tens of ms).
    const key = `${def.name}|${def.type === 'collection' && def.order ? 'ordered' : ''}`;
    let ordered = this.lists.get(key);
    if (!ordered) this.lists.set(key, (ordered = inOrder(def, [...this.all(def)])));
    return [...ordered];
  }

  private readonly lists = new Map<string, IndexedItem[]>();

  *all(def: EntityDef): Iterable<IndexedItem> {
    const overlay = this.items.get(def.name);
    if (!overlay) {
      yield* this.live.all(def);
      return;
    }
    for (const item of this.live.all(def)) if (!overlay.has(item.id)) yield item;
    for (const item of overlay.values()) if (item) yield item;
  }

  get(def: EntityDef, id = '1'): IndexedItem | undefined {
    const overlay = this.items.get(def.name);
    if (overlay?.has(id)) return overlay.get(id) ?? undefined;
    return this.live.get(def, id);
  }

  mediaVersion(rel: string): string | undefined {
    if (this.media.has(rel)) return this.media.get(rel) ?? undefined;
    return this.live.mediaVersion(rel);
  }

  nextId(def: EntityDef): string {
    let max = Number(this.live.nextId(def)) - 1;
    for (const id of this.items.get(def.name)?.keys() ?? []) max = Math.max(max, Number(id));
    return String(max + 1);
  }

  blobOf(rel: string): string | undefined {
    if (rel.startsWith('media/')) return this.mediaVersion(rel);
    if (this.translations.has(rel)) return this.translations.get(rel)?.fileVersion;
    const owner = entityForPath(rel);
    if (!owner) return translationForPath(rel) ? this.live.blobOf(rel) : undefined;
    const overlay = this.items.get(owner.def.name);
    if (overlay?.has(owner.id)) return overlay.get(owner.id)?.fileVersion;
    return this.live.blobOf(rel);
  }

  /** An image the draft changed, as it holds it; undefined when the live file stands. */
  mediaBytes(rel: string): Buffer | null | undefined {
    const file = this.files.find((f) => f.path === rel && !f.entity);
    if (!file) return undefined;
    return file.bytes ?? null;
  }

  /** Whether the draft changes this file (an item's or a media file). */
  touches(rel: string): boolean {
    return this.files.some((f) => f.path === rel);
  }
}

/**
 * The draft's files between `base` (the live commit it began on) and `tip` (its last commit),
 * merged with the live index as it is now; `picks` settle conflicts (for publishing). A page renamed
 * on one side takes the other side's cards along (draftRenames.ts): the cards the draft holds follow
 * in their merge, and live cards the draft never changed are added as files of their own.
 */
export async function draftFiles(
  store: GitStore,
  live: ContentIndex,
  { id: draftId, base, tip }: { id: string; base: string; tip: string },
  picks: Picks = {},
): Promise<DraftFile[]> {
  checkCombined(picks);
  const files: DraftFile[] = [];
  const changed = await store.drafts.changes(draftId, base, tip);
  for (const [path, draft] of changed) {
    const baseBlob = await store.drafts.blob(base, path);
    const liveBlob = live.blobOf(path) ?? null;
    const owner = path.startsWith('content/') ? entityForPath(path) : null;
    const translated = path.startsWith('content/') && !owner ? translationForPath(path) : null;
    const words = translated && wordsDef(translated.def);
    if (translated && words) {
      // A translation merges field by field like an item, its words its fields.
      const read = (blob: string | null) => (blob === null ? null : itemOfBlob(store, words, blob));
      files.push({
        path,
        entity: translated.def.name,
        id: translated.id,
        lang: translated.lang,
        base: baseBlob,
        draft,
        live: liveBlob,
        before: await read(baseBlob),
        mine: await read(draft),
        theirs: live.translation(translated.def, translated.lang, translated.id)?.data ?? null,
        conflicts: [],
      });
      continue;
    }
    if (!owner) {
      if (!path.startsWith('media/')) continue; // only content and media are the site's
      const merged = mergeDraftBlob(baseBlob, draft, liveBlob, picks[path]?.['*']);
      // Images are kept for reads that send them inline (base64); PDFs are only ever downloaded.
      const image = merged.blob !== null && !path.endsWith('.pdf');
      files.push({
        ...(image ? { bytes: await store.drafts.bytes(merged.blob!) } : {}),
        path,
        base: baseBlob,
        draft,
        live: liveBlob,
        mergedBlob: merged.blob,
        conflicts: merged.conflict ? ['*'] : [],
      });
      continue;
    }
    const { def, id } = owner;
    const read = (blob: string | null) => (blob === null ? null : itemOfBlob(store, def, blob));
    const before = await read(baseBlob);
    const mine = await read(draft);
    const theirs = live.get(def, id)?.data ?? null;
    files.push({
      path,
      entity: def.name,
      id,
      base: baseBlob,
      draft,
      live: liveBlob,
      before,
      mine,
      theirs,
      conflicts: [],
    });
  }
  const renames = await renamesIn(store, live, base, files, picks);
  for (const f of files) {
    if (!f.entity) continue;
    const r = f.lang ? undefined : renames.get(f.entity);
    const side = (data: Data | null | undefined) =>
      r ? follow(data ?? null, r.link, r.names) : (data ?? null);
    const merged = mergeDraftItem(side(f.before), side(f.mine), side(f.theirs), picks[f.path]);
    f.merged = merged.data;
    f.conflicts = merged.conflicts;
  }
  return [...files, ...carriedAlong(live, files, renames)];
}

type Data = Record<string, unknown>;

/** Per linking entity (event cards), the page names its items follow in this draft's merge. */
async function renamesIn(
  store: GitStore,
  live: ContentIndex,
  base: string,
  files: DraftFile[],
  picks: Picks,
): Promise<Map<string, Renames>> {
  const out = new Map<string, Renames>();
  for (const { def, link } of namedEntities()) {
    const followers = files.some((f) => f.entity === link.def.name && !f.lang);
    const pages: PageSides[] = files
      .filter((f) => f.entity === def.name && !f.lang)
      .map((f) => ({
        id: f.id!,
        before: f.before ?? null,
        mine: f.mine ?? null,
        theirs: f.theirs ?? null,
        merged: mergeDraftItem(f.before ?? null, f.mine ?? null, f.theirs ?? null, picks[f.path]).data,
      }));
    if (!pages.length && !followers) continue;
    const inDraft = new Set(pages.map((p) => p.id));
    const current = pages.map((p) => p.merged?.[link.field]);
    for (const page of live.all(def)) {
      if (inDraft.has(page.id)) continue;
      current.push(page.data[link.field]);
      if (!followers) continue;
      // Renamed on the live site since the draft began: the draft's cards may name it by its old name.
      const was = await store.drafts.blob(base, page.path);
      if (was === null || was === live.blobOf(page.path)) continue;
      const before = await itemOfBlob(store, def, was);
      pages.push({ id: page.id, before, mine: before, theirs: page.data, merged: page.data });
    }
    out.set(
      link.def.name,
      renamesOf(
        link,
        pages,
        current.filter((name): name is string => typeof name === 'string'),
      ),
    );
  }
  return out;
}

/**
 * Live items the draft never changed that follow a page the draft renames (cards the live site
 * added to it meanwhile). Each is a file of the draft's merge like the others: publishing writes
 * it, the preview shows it; its three sides are the live file.
 */
function carriedAlong(live: ContentIndex, files: DraftFile[], renames: Map<string, Renames>): DraftFile[] {
  const out: DraftFile[] = [];
  const inDraft = new Set(files.map((f) => f.path));
  for (const { link, liveNames } of renames.values()) {
    if (!liveNames.size) continue;
    for (const item of live.all(link.def)) {
      if (inDraft.has(item.path)) continue;
      const moved = follow(item.data, link, liveNames);
      if (moved === item.data) continue;
      const blob = live.blobOf(item.path) ?? null;
      out.push({
        path: item.path,
        entity: link.def.name,
        id: item.id,
        base: blob,
        draft: blob,
        live: blob,
        before: item.data,
        mine: item.data,
        theirs: item.data,
        merged: moved,
        conflicts: [],
      });
    }
  }
  return out;
}
