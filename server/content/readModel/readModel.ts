// The documented read endpoints: each answer built from the index through the entity's wire codec,
// or, for the project's own web app (`shape: 'typed'`), as stored values with media as URLs.
import type { CollectionDef, EntityDef } from '../../schema/define.ts';
import { toWire, typedItem, type MediaEncoder, type StoredItem } from '../../schema/codec.ts';
import { entities, entityByName, entityForPath, siteEntities } from '../../schema/registry.ts';
import type { ContentView, IndexedItem } from '../index/contentIndex.ts';
import { isCommitted, type ContentChange } from '../changes.ts';
import type { GitStore } from '../../store/gitStore.ts';
import { visibleToPublic } from './visibility.ts';
import { PAGED_LISTINGS } from '../../schema/sitePaths.ts';

export type MediaMode = 'base64' | 'url';
/** 'wire': the documented strings ('0'/'1', codes, DD/MM/YYYY); 'typed': the stored values. */
export type Shape = 'wire' | 'typed';
export interface ReadContext {
  signedIn: boolean;
  media: MediaMode;
  shape?: Shape;
}

const codecOf = (shape: Shape | undefined) => (shape === 'typed' ? typedItem : toWire);

export interface ReadEndpoint {
  /** Path under /api/. */
  path: string;
  /** Entities whose change changes this answer. */
  deps: string[];
  /** The entity a `?id=` look-up returns one item of, if any. */
  entity?: CollectionDef;
  /** What `<path>?page=<n>&size=<m>` pages: the entity's visible items in order, those `only` keeps. */
  paged?: { def: CollectionDef; only?: (item: IndexedItem) => boolean };
  build(ctx: ReadContext): unknown;
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
      build: (ctx) => (def.type === 'collection' ? this.list(def, ctx) : this.singleton(def, ctx)),
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
          build: (ctx: ReadContext) => this.list(def, ctx, only),
        },
      ];
    });
    const derived: ReadEndpoint[] = [
      {
        path: 'get_data.php',
        deps: [entities.eventCard.name],
        build: (ctx) => this.list(entities.eventCard, ctx, (c) => c.data.news_type === 'spotlight'),
      },
      {
        path: 'pdf_images.php',
        deps: [entities.paper.name],
        build: (ctx) =>
          this.visible(entities.paper, ctx).map(
            (p) => this.encoder(ctx.media)(String(p.data.first_page), 'image') ?? '',
          ),
      },
    ];
    this.endpoints = [...generated, ...derived, ...listings];
    this.byPath = new Map(this.endpoints.map((e) => [e.path, e]));
    index.changes.on((change) => {
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
    return this.byPath.get(path) ?? this.pagedEndpoint(path);
  }

  private pagedEndpoint(path: string): ReadEndpoint | undefined {
    const m = /^([^?]+)\?page=([1-9]\d{0,5})&size=([1-9]\d{0,2})$/.exec(path);
    const paged = m && this.byPath.get(m[1]!)?.paged;
    if (!paged) return undefined;
    const page = Number(m[2]);
    const size = Number(m[3]);
    return { path, deps: [paged.def.name], build: (ctx) => this.listPage(paged, ctx, page, size) };
  }

  /** One page of a list in its order, with where it stands (pages past the end have no items). */
  private listPage(
    { def, only }: NonNullable<ReadEndpoint['paged']>,
    ctx: ReadContext,
    page: number,
    size: number,
  ) {
    const all = ctx.signedIn ? this.visible(def, ctx) : this.publicInOrder(def);
    const items = only ? all.filter(only) : all;
    const enc = this.encoder(ctx.media);
    const encode = codecOf(ctx.shape);
    return {
      items: items.slice((page - 1) * size, page * size).map((item) => encode(def, item, enc)),
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

  one(def: EntityDef, id: string, ctx: ReadContext): Record<string, unknown> | undefined {
    const item = this.storedItem(def, id, ctx.signedIn);
    return item && codecOf(ctx.shape)(def, item, this.encoder(ctx.media));
  }

  /** One item as a write or restore answers it. */
  wire(def: EntityDef, item: StoredItem, media: MediaMode = 'url', shape?: Shape): Record<string, unknown> {
    return codecOf(shape)(def, item, this.encoder(media));
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

  private visible(def: EntityDef, ctx: ReadContext): IndexedItem[] {
    const items = this.index.list(def);
    return ctx.signedIn ? items : items.filter((i) => visibleToPublic(def, i.data));
  }

  private list(
    def: EntityDef,
    ctx: ReadContext,
    only?: (item: IndexedItem) => boolean,
  ): Record<string, unknown>[] {
    const enc = this.encoder(ctx.media);
    const encode = codecOf(ctx.shape);
    const items = this.visible(def, ctx);
    return (only ? items.filter(only) : items).map((item) => encode(def, item, enc));
  }

  private singleton(def: EntityDef, ctx: ReadContext): Record<string, unknown> {
    const item = this.index.get(def) ?? { id: '1', version: '', data: {}, path: '' };
    return codecOf(ctx.shape)(def, item, this.encoder(ctx.media));
  }

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
