// Site search over the content index (MiniSearch: ranked, prefix and fuzzy matching). Built in the
// background after the server listens, a slice at a time so reads keep flowing; afterwards each
// 'change' of the index updates only the items whose version changed (a save re-indexes one item).
import MiniSearch, { type SearchResult as EngineResult } from 'minisearch';
import type { ContentIndex, IndexedItem } from '../content/contentIndex.ts';
import { visibleToPublic } from '../content/visibility.ts';
import type { CollectionDef } from '../schema/define.ts';
import { docKey, searchDoc, searchedCollections, type SearchDoc } from './searchDocs.ts';
import type { PdfTexts } from './pdfTexts.ts';
import { markTerms, snippet, type Piece } from './snippet.ts';

/** Visitors search what the public site shows; staff search every item of every collection. */
export type Audience = 'public' | 'staff';

export interface SearchResult {
  entity: string;
  /** The collection's name for people ('News', 'Research papers'). */
  label: string;
  id: string;
  title: Piece[];
  /** Where to read it: a page of the site (visitors) or the collection's admin page (staff). */
  href: string;
  snippet: Piece[];
  /** Where the words were found: the snippet is taken from there. */
  foundIn: 'title' | 'text' | 'pdf';
}

export interface SearchAnswer {
  q: string;
  /** False while the index is still being built: the results may be incomplete. */
  ready: boolean;
  message?: string;
  total: number;
  results: SearchResult[];
}

export const NOT_READY = 'Search is getting ready, so some results may be missing. Try again in a moment.';
export const MAX_QUERY = 200;
/** Items indexed per turn of the event loop while building. */
const SLICE = 250;

/** Words too common to tell items apart: left out of the index and of queries. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'is', 'it',
  'of', 'on', 'or', 'the', 'to', 'with']);

const OPTIONS = {
  idField: 'key',
  fields: ['title', 'text', 'pdf'],
  processTerm: (term: string) => {
    const t = term.toLowerCase();
    return STOP_WORDS.has(t) ? null : t;
  },
  searchOptions: {
    // A word's beginning finds it from three letters on ('regist' finds 'registration').
    prefix: (term: string) => term.length >= 3,
    // Typos: one wrong, missing or extra letter in words of four letters or more, two from eight on.
    fuzzy: (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
    boost: { title: 6, text: 1, pdf: 0.6 },
    combineWith: 'AND' as const,
  },
};

export class SiteSearch {
  private readonly engine = new MiniSearch<SearchDoc>(OPTIONS);
  private readonly docs = new Map<string, SearchDoc>();
  /** Per entity: id → the item version indexed ('~' appended while its PDF text is coming). */
  private readonly versions = new Map<string, Map<string, string>>();
  private readonly defs = new Map<string, CollectionDef>(searchedCollections.map((d) => [d.name, d]));
  private readonly dirty = new Set<string>();
  /**
   * Keys of the items visitors may find, decided when an item is indexed and again for every item of
   * an entity on each of its changes (the schedule's clock announces one when a window opens or ends),
   * so a query tests a set instead of each of thousands of matches' rules.
   */
  private readonly shown = new Set<string>();
  private building: Promise<void> | null = null;
  private ready = false;

  constructor(private readonly index: ContentIndex, private readonly pdfs: PdfTexts) {
    for (const def of searchedCollections) this.versions.set(def.name, new Map());
    index.on('change', (names) => this.changed(names));
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** Builds the index in the background (once); resolves when it is complete. */
  start(): Promise<void> {
    this.building ??= this.build();
    return this.building;
  }

  private async build(): Promise<void> {
    for (const def of searchedCollections) {
      const items = [...this.index.all(def)];
      for (let i = 0; i < items.length; i += SLICE) {
        for (const item of items.slice(i, i + SLICE)) this.put(def, item);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    this.ready = true;
    // What changed while building (items indexed before their save, deleted ones) is caught up now.
    this.sync([...this.defs.keys()]);
  }

  private changed(names: Iterable<string>): void {
    for (const name of names) if (this.defs.has(name)) this.dirty.add(name);
    if (this.ready) this.sync([...this.dirty]);
  }

  /** Re-indexes the items of these entities whose version differs from the one indexed. */
  private sync(names: string[]): void {
    for (const name of names) {
      this.dirty.delete(name);
      const def = this.defs.get(name)!;
      const indexed = this.versions.get(name)!;
      const seen = new Set<string>();
      for (const item of this.index.all(def)) {
        seen.add(item.id);
        if (indexed.get(item.id) !== item.version) this.put(def, item);
        else this.decideShown(def, item);
      }
      for (const id of [...indexed.keys()]) if (!seen.has(id)) this.remove(name, id);
    }
  }

  private put(def: CollectionDef, item: IndexedItem): void {
    let waiting = false;
    const doc = searchDoc(def, item.id, item.data, (rel) => {
      const blob = this.index.mediaVersion(rel);
      if (!blob) return '';
      const text = this.pdfs.peek(blob);
      if (text !== undefined) return text;
      waiting = true;
      // Extracted (or read from private/) in the background; the item is indexed again then.
      void this.pdfs.text(rel, blob).then(() => this.changed([def.name]), () => undefined);
      return '';
    });
    if (this.docs.has(doc.key)) this.engine.replace(doc);
    else this.engine.add(doc);
    this.docs.set(doc.key, doc);
    this.decideShown(def, item);
    this.versions.get(def.name)!.set(item.id, waiting ? `${item.version}~` : item.version);
  }

  private decideShown(def: CollectionDef, item: IndexedItem): void {
    const key = docKey(def.name, item.id);
    if (def.search && visibleToPublic(def, item.data)) this.shown.add(key);
    else this.shown.delete(key);
  }

  private remove(entity: string, id: string): void {
    const key = docKey(entity, id);
    this.shown.delete(key);
    if (this.docs.delete(key)) this.engine.discard(key);
    this.versions.get(entity)!.delete(id);
  }

  /** The best `limit` results for a query, title hits first, each with its highlighted passage. */
  search(query: string, audience: Audience, limit = 20): SearchAnswer {
    const q = query.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY);
    const status = this.ready ? { ready: true } : { ready: false, message: NOT_READY };
    if (!q) return { q, ...status, total: 0, results: [] };
    const found = audience === 'staff'
      ? this.engine.search(q)
      : this.engine.search(q, { filter: (r) => this.shown.has(r.id as string) });
    // Title hits first; within each group the engine's score order stays.
    const titled: EngineResult[] = [];
    const rest: EngineResult[] = [];
    for (const r of found) {
      (Object.values(r.match).some((fields) => fields.includes('title')) ? titled : rest).push(r);
    }
    const ranked = titled.concat(rest);
    return {
      q, ...status, total: ranked.length,
      results: ranked.slice(0, limit).map((r) => this.result(r, audience)),
    };
  }

  private result(r: EngineResult, audience: Audience): SearchResult {
    const doc = this.docs.get(r.id as string)!;
    const def = this.defs.get(doc.entity)!;
    const fields = new Set(Object.values(r.match).flat());
    const foundIn = fields.has('text') ? 'text' : fields.has('pdf') ? 'pdf' : 'title';
    const data = this.index.get(def, doc.id)?.data ?? {};
    return {
      entity: def.name, label: def.label, id: doc.id,
      title: markTerms(doc.title || `${def.label} ${doc.id}`, r.terms),
      href: audience === 'public' && def.search ? def.search.page(data) : def.admin.route,
      snippet: snippet(foundIn === 'pdf' ? doc.pdf : doc.text, r.terms),
      foundIn,
    };
  }
}
