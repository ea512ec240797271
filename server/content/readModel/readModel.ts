// The documented read endpoints: what each answers, as typed items from the index, for whom (the
// public or staff), in which order; and the media addresses a reader gets. Encoding an answer for
// the wire (or the typed shape of the project's own web app) is the HTTP edge's:
// server/http/legacy/readAnswers.ts.
import type { CollectionDef, EntityDef } from '../../schema/define.ts';
import type { StoredItem } from '../../schema/storedItem.ts';
import { entities, entityByName, entityForPath, siteEntities } from '../../schema/registry.ts';
import type { ContentView, IndexedItem } from '../index/contentIndex.ts';
import { isCommitted, type ContentChange } from '../changes.ts';
import type { GitStore } from '../../store/gitStore.ts';
import { visibleToPublic } from './visibility.ts';
import { PAGED_LISTINGS } from '../../schema/sitePaths.ts';
import { pagedEndpointOf } from '../../schema/site/paging.ts';
import { PAGE_PATHS_ENDPOINT, pageAtOf } from '../../schema/site/publicPaths.ts';

export type MediaMode = 'base64' | 'url';

/** Turns a media path into what a reader gets: base64 bytes, or a /media/ URL (undefined: left out). */
export type MediaEncoder = (path: string, kind: 'image' | 'pdf') => string | undefined;

/** What a read endpoint answers, as typed items, before the HTTP edge encodes it. */
export type ReadAnswer =
  /** A collection's items (or some of them), in order. */
  | { kind: 'list'; def: EntityDef; items: StoredItem[] }
  /** A singleton. */
  | { kind: 'item'; def: EntityDef; item: StoredItem }
  /** One page of a list, with where it stands (pages past the end have no items). */
  | { kind: 'page'; def: EntityDef; items: StoredItem[]; page: number; pages: number; total: number }
  /** Pictures by their media paths (pdf_images.php). */
  | { kind: 'pictures'; paths: string[] }
  /** Addresses of pages (page_paths: where staff's pages are). */
  | { kind: 'paths'; paths: string[] };

export interface ReadEndpoint {
  /** Path under /api/. */
  path: string;
  /** Entities whose change changes this answer. */
  deps: string[];
  /** The entity a `?id=` look-up returns one item of, if any. */
  entity?: CollectionDef;
  /** What `<path>?page=<n>&size=<m>` pages: the entity's visible items in order, those `only` keeps. */
  paged?: { def: CollectionDef; only?: (item: IndexedItem) => boolean };
  /** The answer for the public (`signedIn` false) or for staff. */
  read(signedIn: boolean): ReadAnswer;
}

/** Where a draft's view finds its media: served under its preview's path, read from its commits. */
export interface ReadModelMedia {
  /** The path media URLs start with (default `/`: the live site's /media/…). */
  root?: string;
  /** A media file's bytes where they are not the live site's (else read from the work tree). */
  read?: (rel: string) => Buffer | null | undefined;
}

export class ReadModel {
  readonly endpoints: ReadEndpoint[];
  private readonly byPath: Map<string, ReadEndpoint>;
  /**
   * What visitors see of each paged list, in order: made once (a sort of 10,000 items, 25–90 ms), then
   * kept in order as items change: a change that names its files (a save, a hand edit, a pull) moves
   * only those items; one that does not (the schedule clock) makes it again.
   */
  private readonly publicOrder = new Map<string, IndexedItem[]>();

  constructor(
    private readonly index: ContentView,
    private readonly store: GitStore,
    private readonly media: ReadModelMedia = {},
  ) {
    const generated: ReadEndpoint[] = siteEntities.map((def) => ({
      path: def.legacy.endpoint,
      deps: [def.name],
      entity: def.type === 'collection' ? def : undefined,
      paged: def.type === 'collection' ? { def } : undefined,
      read: (signedIn) => (def.type === 'collection' ? this.list(def, signedIn) : this.singleton(def)),
    }));
    // A listing of some of an entity's items (the events page: cards shown everywhere) reads its own.
    const listings: ReadEndpoint[] = PAGED_LISTINGS.flatMap((listing) => {
      const def = entityByName.get(listing.entity);
      const listed = listing.listed;
      if (!listed || def?.type !== 'collection') return [];
      const only = (item: IndexedItem) => listed(item.data);
      return [
        {
          path: listing.endpoint,
          deps: [def.name],
          paged: { def, only },
          read: (signedIn: boolean) => this.list(def, signedIn, only),
        },
      ];
    });
    const derived: ReadEndpoint[] = [
      {
        path: 'get_data.php',
        deps: [entities.eventCard.name],
        read: (signedIn) => this.list(entities.eventCard, signedIn, (c) => c.data.news_type === 'spotlight'),
      },
      {
        // Where visitors find staff's pages: the public site tells a page from a missing one by it.
        path: PAGE_PATHS_ENDPOINT,
        deps: [entities.page.name],
        read: (signedIn) => ({
          kind: 'paths',
          paths: this.visible(entities.page, signedIn).map((p) => String(p.data.path)),
        }),
      },
      {
        path: 'pdf_images.php',
        deps: [entities.paper.name],
        read: (signedIn) => ({
          kind: 'pictures',
          paths: this.visible(entities.paper, signedIn).map((p) => String(p.data.first_page)),
        }),
      },
    ];
    this.endpoints = [...generated, ...derived, ...listings];
    this.byPath = new Map(this.endpoints.map((e) => [e.path, e]));
    index.changes.on((change) => {
      // Pages come and go by change, and by the clock (show from / until): any change may move them.
      this.pagePaths = null;
      for (const name of change.entities) {
        const order = this.publicOrder.get(name);
        if (!order) continue;
        const def = entityByName.get(name) as CollectionDef;
        const ids = changedIds(change, name);
        const moved = ids && this.reordered(def, order, ids);
        if (moved) this.publicOrder.set(name, moved);
        else this.publicOrder.delete(name);
      }
    });
  }

  /** An endpoint by its path; `<list>?page=<n>&size=<m>` is one page of a list (the public site's). */
  endpoint(path: string): ReadEndpoint | undefined {
    return this.byPath.get(path) ?? this.pagedEndpoint(path) ?? this.pageAtEndpoint(path);
  }

  /** `pages?path=/summer-camp`: the page at that address, as a list of it alone (none: empty). */
  private pageAtEndpoint(path: string): ReadEndpoint | undefined {
    const at = pageAtOf(path);
    if (at === null || !/^\/[a-z0-9/-]{1,200}$/.test(at)) return undefined;
    const def = entities.page;
    return {
      path,
      deps: [def.name],
      read: (signedIn) => this.list(def, signedIn, (p) => p.data.path === at),
    };
  }

  /**
   * The address of the public page staff built at `pathname` (any case, a slash at the end or not),
   * or undefined when there is none: what the page renderer draws there.
   */
  publicPageAt(pathname: string): string | undefined {
    if (!this.pagePaths) {
      this.pagePaths = new Map();
      for (const p of this.visible(entities.page, false)) {
        const at = String(p.data.path);
        this.pagePaths.set(at.toLowerCase(), at);
      }
    }
    const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    return this.pagePaths.get(p.toLowerCase());
  }

  private pagePaths: Map<string, string> | null = null;

  private pagedEndpoint(path: string): ReadEndpoint | undefined {
    const named = pagedEndpointOf(path);
    const paged = named && this.byPath.get(named.endpoint)?.paged;
    if (!paged) return undefined;
    const { page, size } = named;
    return { path, deps: [paged.def.name], read: (signedIn) => this.listPage(paged, signedIn, page, size) };
  }

  /** One page of a list in its order, with where it stands (pages past the end have no items). */
  private listPage(
    { def, only }: NonNullable<ReadEndpoint['paged']>,
    signedIn: boolean,
    page: number,
    size: number,
  ): ReadAnswer {
    const all = signedIn ? this.visible(def, signedIn) : this.publicInOrder(def);
    const items = only ? all.filter(only) : all;
    return {
      kind: 'page',
      def,
      items: items.slice((page - 1) * size, page * size),
      page,
      pages: Math.max(1, Math.ceil(items.length / size)),
      total: items.length,
    };
  }

  /** The endpoints whose answers depend on any of the changed entities. */
  endpointsFor(changed: ReadonlySet<string>): string[] {
    return this.endpoints.filter((e) => e.deps.some((d) => changed.has(d))).map((e) => e.path);
  }

  /** One stored item, if it exists and this reader may see it. */
  storedItem(def: EntityDef, id: string, signedIn: boolean): IndexedItem | undefined {
    const item = this.index.get(def, id);
    return item && (signedIn || visibleToPublic(def, item.data)) ? item : undefined;
  }

  private publicInOrder(def: CollectionDef): IndexedItem[] {
    let items = this.publicOrder.get(def.name);
    if (!items) {
      // Sorted with one copy of each item's data, not one per comparison as index.list() makes.
      items = this.index.list({ ...def, order: undefined }).filter((i) => visibleToPublic(def, i.data));
      if (def.order) {
        const keyed = items.map((item) => ({ item, key: orderKey(item) }));
        keyed.sort((a, b) => def.order!(a.key, b.key));
        items = keyed.map((k) => k.item);
      }
      this.publicOrder.set(def.name, items);
    }
    return items;
  }

  /**
   * The public order with the changed items (by id) taken out and, where visitors see them now, put
   * back at their place: what sorting again gives, in O(n) instead of a sort. Null when it cannot
   * tell (no declared order, or an item the order cannot tell from another): then it is made again.
   */
  private reordered(
    def: CollectionDef,
    order: IndexedItem[],
    ids: ReadonlySet<string>,
  ): IndexedItem[] | null {
    if (!def.order) return null;
    const items = order.filter((item) => !ids.has(item.id));
    for (const id of ids) {
      const item = this.index.get(def, id);
      if (!item || !visibleToPublic(def, item.data)) continue;
      const key = orderKey(item);
      let lo = 0;
      let hi = items.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const c = def.order(orderKey(items[mid]!), key);
        if (c === 0) return null; // a tie: its place among equals is the sort's to decide
        if (c < 0) lo = mid + 1;
        else hi = mid;
      }
      items.splice(lo, 0, item);
    }
    return items;
  }

  private visible(def: EntityDef, signedIn: boolean): IndexedItem[] {
    const items = this.index.list(def);
    return signedIn ? items : items.filter((i) => visibleToPublic(def, i.data));
  }

  private list(def: EntityDef, signedIn: boolean, only?: (item: IndexedItem) => boolean): ReadAnswer {
    const items = this.visible(def, signedIn);
    return { kind: 'list', def, items: only ? items.filter(only) : items };
  }

  private singleton(def: EntityDef): ReadAnswer {
    const item: StoredItem = this.index.get(def) ?? { id: '1', version: '', data: {} };
    return { kind: 'item', def, item };
  }

  /** How this reader gets media: as addresses under the site's (or a draft preview's) root, or inline. */
  encoder(mode: MediaMode): MediaEncoder {
    if (mode === 'url') {
      return (path) => {
        const v = this.index.mediaVersion(path);
        return v ? `${this.media.root ?? '/'}${path}?v=${v.slice(0, 12)}` : '';
      };
    }
    // The documented default: images inline as base64; PDFs are only downloaded (download_pdf.php).
    return (path, kind) => {
      if (kind === 'pdf') return undefined;
      return (this.media.read?.(path) ?? this.store.readSync(path))?.toString('base64') ?? '';
    };
  }
}

/** What a declared order compares: the item's data with its id. */
const orderKey = (item: IndexedItem) => ({ ...item.data, id: item.id }) as never;

/**
 * The items of `entity` a change touched, by id, from the files it names (a commit's, or those a hand
 * edit or pull re-read); null when it names none (the schedule clock: any item may have changed).
 * A change of a media file alone names no item: the items referring to it keep their data and place.
 */
function changedIds(change: ContentChange, entity: string): Set<string> | null {
  const paths = isCommitted(change) ? change.commit.paths : change.kind === 'external' ? change.paths : null;
  if (!paths) return null;
  const ids = new Set<string>();
  for (const rel of paths) {
    const owner = entityForPath(rel);
    if (owner?.def.name === entity) ids.add(owner.id);
  }
  return ids;
}
