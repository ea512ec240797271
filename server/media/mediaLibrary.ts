// The media library as staff see it: every file under media/ (shared uploads and the files items own)
// with its kind, size, picture size, description, focal point and where it is used (the live site's
// items and every open draft's), searched, filtered, sorted and paged from memory: the index knows the
// files and their uses, sizes are read once per version.
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ContentIndex, ContentView } from '../content/index/contentIndex.ts';
import type { AboutFiles } from '../content/media/aboutFiles.ts';
import { useViews } from '../content/media/mediaUseViews.ts';
import type { DraftView } from '../content/drafts/draftView.ts';
import type { DraftState } from '../schema/draftStates.ts';
import type { GitStore } from '../store/gitStore.ts';
import { nextTurn, pacer, type Turn } from '../store/turns.ts';
import { entityByName } from '../schema/registry.ts';
import { isOpen } from '../schema/draftStates.ts';
import {
  fileOfAbout,
  isAboutPath,
  isLibraryFile,
  isSharedFile,
  LIBRARY_FOLDER,
  mediaReferencesOf,
  mediaTypeOf,
  type DeletedFile,
  type MediaFileView,
  type MediaPage,
  type MediaSort,
  type MediaType,
  type MediaUseView,
} from '../schema/mediaLibrary.ts';
import type { ImageSize } from '../schema/site/imageVariants.ts';

export type { DeletedFile, MediaFileView, MediaPage, MediaSort };
export { MEDIA_SORTS } from '../schema/mediaLibrary.ts';

export interface MediaQuery {
  q?: string;
  type?: MediaType;
  unused?: boolean;
  /** Only files of the library itself (media/library/), which a picture or file field can take. */
  shared?: boolean;
  sort: MediaSort;
  page: number;
  per: number;
  /** Only the files this item uses. */
  item?: { entity: string; id: string };
}

/** The site a library answer is made from: the live site, or one draft's view of it. */
export interface LibrarySite {
  view: ContentView;
  /** The draft, when the view is one (its files are served under its preview). */
  draft?: { id: string; title: string };
  /** Whether the draft changed this file (its items' uses are the draft's). */
  touches?(rel: string): boolean;
}

interface FileFacts {
  blob: string;
  bytes: number;
  modified: number;
}

export class MediaLibrary {
  /** Size and time of each file's current version, by path (stat once per version). */
  private readonly facts = new Map<string, FileFacts>();
  /** Picture sizes of versions only a draft holds, by blob id. */
  private readonly draftSizes = new Map<string, ImageSize | null>();

  constructor(
    private readonly index: ContentIndex,
    private readonly store: GitStore,
    private readonly abouts: AboutFiles,
    private readonly drafts: DraftsToAsk,
    private readonly images: {
      measure(rel: string): Promise<void>;
      size(rel: string): ImageSize | undefined;
    },
  ) {}

  /** One page of the library as `site` holds it. */
  async list(site: LibrarySite, query: MediaQuery): Promise<MediaPage> {
    const { view } = site;
    const uses = await this.usesIn(site);
    let paths = [...view.mediaPaths()].filter(isLibraryFile);
    if (query.item) {
      const def = entityByName.get(query.item.entity);
      const item = def && view.get(def, query.item.id);
      const refs = new Set(item ? mediaReferencesOf(def, item.data).map((r) => r.path) : []);
      paths = paths.filter((p) => refs.has(p));
    }
    if (query.type) paths = paths.filter((p) => mediaTypeOf(p) === query.type);
    if (query.unused) paths = paths.filter((p) => !uses.isUsed(p));
    if (query.shared) paths = paths.filter(isSharedFile);
    const q = query.q?.trim().toLowerCase();
    if (q) {
      await this.readAbouts(view, paths);
      paths = paths.filter(
        (p) => p.toLowerCase().includes(q) || this.abouts.known(view, p)?.alt.toLowerCase().includes(q),
      );
    }
    const sorted = await this.sorted(view, paths, query.sort);
    const start = (query.page - 1) * query.per;
    const items = await Promise.all(
      sorted.slice(start, start + query.per).map((p) => this.fileIn(site, p, uses)),
    );
    return { items, total: sorted.length, page: query.page, per: query.per };
  }

  /** One file as `site` holds it; null when it has no such file. */
  async file(site: LibrarySite, rel: string): Promise<MediaFileView | null> {
    if (!isLibraryFile(rel) || site.view.blobOf(rel) === undefined) return null;
    return this.fileIn(site, rel, await this.usesIn(site));
  }

  /** Where a file is used by open drafts other than `besides` (a live delete must wait for them too). */
  async usedInDrafts(rel: string, besides?: string): Promise<MediaUseView[]> {
    const out: MediaUseView[] = [];
    for (const [, { uses }] of await this.draftUses(besides)) out.push(...(uses.get(rel) ?? []));
    return out;
  }

  /** Library files deleted from the live site, newest first. */
  async deleted(): Promise<DeletedFile[]> {
    return (await this.store.removedUnder(LIBRARY_FOLDER))
      .filter((r) => isLibraryFile(r.path) && this.index.blobOf(r.path) === undefined)
      .map((r) => ({
        path: r.path,
        name: r.path.split('/').pop()!,
        type: mediaTypeOf(r.path),
        deleted: r.removedBy,
        restoreFrom: r.lastWith,
      }));
  }

  /**
   * Reads the size and time of every file of the live site, then every about file, once: the first
   * list sorted by newest or size then needs no stat, a search by description no read, and pages
   * have every description at hand. About files that arrive by hand or by a pull are read as they come.
   */
  async warm(turn: Turn = nextTurn): Promise<void> {
    this.index.changes.on((change) => {
      if (change.kind !== 'external') return;
      const files = change.paths.filter((p) => p.startsWith('media/') && isAboutPath(p)).map(fileOfAbout);
      if (files.length) void this.readAbouts(this.index, files).catch(() => undefined);
    });
    const paths = [...this.index.mediaPaths()].filter(isLibraryFile);
    await this.statLive(this.index, paths, turn);
    await this.readAbouts(this.index, paths, turn);
  }

  private async readAbouts(view: ContentView, paths: string[], turn: Turn = nextTurn): Promise<void> {
    const pace = pacer(turn);
    for (const p of paths) {
      if (this.abouts.known(view, p) === undefined) await this.abouts.of(view, p);
      await pace();
    }
  }

  private async fileIn(site: LibrarySite, rel: string, uses: Uses): Promise<MediaFileView> {
    const { view, draft } = site;
    const blob = view.blobOf(rel)!;
    const [facts, about, size] = await Promise.all([
      this.factsOf(view, rel),
      this.abouts.of(view, rel),
      this.sizeOf(view, rel, blob),
    ]);
    const parts = rel.split('/');
    const url = `/${rel.split('/').map(encodeURIComponent).join('/')}`;
    const root = draft && this.index.blobOf(rel) !== blob ? `/preview/${draft.id}` : '';
    return {
      path: rel,
      url,
      src: `${root}${url}?v=${blob.slice(0, 12)}`,
      name: parts[parts.length - 1]!,
      folder: parts.slice(1, -1).join('/'),
      shared: isSharedFile(rel),
      type: mediaTypeOf(rel),
      bytes: facts.bytes,
      width: size?.width ?? null,
      height: size?.height ?? null,
      alt: about.alt,
      focus: about.focus,
      modified: new Date(facts.modified).toISOString(),
      usedBy: uses.of(rel),
    };
  }

  private async sorted(view: ContentView, paths: string[], sort: MediaSort): Promise<string[]> {
    const byName = (a: string, b: string) => nameOf(a).localeCompare(nameOf(b)) || a.localeCompare(b);
    if (sort === 'name') return paths.sort(byName);
    await this.statLive(view, paths);
    const facts = new Map<string, FileFacts>();
    for (const p of paths) facts.set(p, this.kept(view, p) ?? (await this.factsOf(view, p)));
    if (sort === 'size')
      return paths.sort((a, b) => facts.get(b)!.bytes - facts.get(a)!.bytes || byName(a, b));
    return paths.sort((a, b) => facts.get(b)!.modified - facts.get(a)!.modified || byName(a, b));
  }

  /** The size and time known for the version `view` holds, if known. */
  private kept(view: ContentView, rel: string): FileFacts | undefined {
    const kept = this.facts.get(rel);
    return kept && kept.blob === view.blobOf(rel) ? kept : undefined;
  }

  /**
   * Size and time of the live files among `paths` not known yet, each stat synchronous, a slice at a
   * time between turns of the event loop. An awaited stat per file is a trip through libuv's thread
   * pool each: at 10,000 files the first sorted list took 0.35 s on a quiet machine, and 3–4 s at a
   * start, queued behind the picture sizes and descriptions read then. 10,000 synchronous stats take
   * about 70 ms.
   */
  private async statLive(view: ContentView, paths: string[], turn: Turn = nextTurn): Promise<void> {
    const pace = pacer(turn);
    for (const rel of paths) {
      const blob = view.blobOf(rel);
      if (!blob || this.index.blobOf(rel) !== blob || this.facts.get(rel)?.blob === blob) continue;
      try {
        const s = statSync(path.join(this.store.dir, rel));
        this.facts.set(rel, { blob, bytes: s.size, modified: s.mtimeMs });
      } catch {
        // Gone meanwhile: factsOf answers for it.
      }
      await pace();
    }
  }

  /** Size and time of the version `view` holds: the work tree's file, or a draft's blob. */
  private async factsOf(view: ContentView, rel: string): Promise<FileFacts> {
    const blob = view.blobOf(rel)!;
    const kept = this.facts.get(rel);
    if (kept?.blob === blob) return kept;
    let facts: FileFacts;
    if (this.index.blobOf(rel) === blob) {
      const s = await stat(path.join(this.store.dir, rel)).catch(() => null);
      facts = { blob, bytes: s?.size ?? 0, modified: s?.mtimeMs ?? 0 };
      if (s) this.facts.set(rel, facts);
    } else {
      const bytes = await this.store.readBlobById(blob);
      facts = { blob, bytes: bytes?.length ?? 0, modified: Date.now() };
    }
    return facts;
  }

  private async sizeOf(view: ContentView, rel: string, blob: string): Promise<ImageSize | undefined> {
    if (mediaTypeOf(rel) !== 'image') return undefined;
    if (this.index.blobOf(rel) === blob) {
      await this.images.measure(rel);
      return this.images.size(rel);
    }
    if (!this.draftSizes.has(blob)) {
      let size: ImageSize | null = null;
      try {
        const bytes = await this.store.readBlobById(blob);
        const { default: sharp } = await import('sharp');
        const meta = bytes ? await sharp(bytes).metadata() : null;
        if (meta?.autoOrient.width && meta.autoOrient.height)
          size = { width: meta.autoOrient.width, height: meta.autoOrient.height };
      } catch {
        size = null;
      }
      this.draftSizes.set(blob, size);
    }
    return this.draftSizes.get(blob) ?? undefined;
  }

  /** Where each file is used as `site` sees it, and by the open drafts it is not. */
  private async usesIn(site: LibrarySite): Promise<Uses> {
    const { view, draft } = site;
    const others = [...(await this.draftUses(draft?.id)).values()];
    const inDraft = (u: MediaUseView) => {
      const item = draft && site.touches ? view.get(entityByName.get(u.entity)!, u.id) : undefined;
      return item !== undefined && site.touches!(item.path) ? { ...u, draft } : u;
    };
    return {
      isUsed: (rel) => view.mediaUses(rel).length > 0 || others.some((d) => d.uses.has(rel)),
      of: (rel) => [
        ...useViews(view, view.mediaUses(rel)).map(inDraft),
        ...others.flatMap((d) => d.uses.get(rel) ?? []),
      ],
    };
  }

  /** Per open draft (but `besides`), the uses its own items make of files. */
  private async draftUses(besides?: string): Promise<Map<string, { uses: Map<string, MediaUseView[]> }>> {
    const out = new Map<string, { uses: Map<string, MediaUseView[]> }>();
    for (const record of this.drafts.list()) {
      if (record.id === besides || !isOpen(record.state)) continue;
      const view = await this.drafts.view(record.id).catch(() => null);
      if (!view) continue;
      const uses = new Map<string, MediaUseView[]>();
      for (const f of view.files) {
        if (!f.entity || !f.merged) continue;
        const def = entityByName.get(f.entity)!;
        for (const ref of mediaReferencesOf(def, f.merged)) {
          const [use] = useViews(view, [{ entity: f.entity, id: f.id!, field: ref.field }], {
            id: record.id,
            title: record.title,
          });
          uses.set(ref.path, [...(uses.get(ref.path) ?? []), use!]);
        }
      }
      out.set(record.id, { uses });
    }
    return out;
  }
}

/** What the library needs of the drafts: the open ones and each one's view of the site. */
export interface DraftsToAsk {
  list(): { id: string; title: string; state: DraftState }[];
  view(id: string): Promise<DraftView>;
}

interface Uses {
  isUsed(rel: string): boolean;
  of(rel: string): MediaUseView[];
}

const nameOf = (rel: string) => rel.slice(rel.lastIndexOf('/') + 1).toLowerCase();
