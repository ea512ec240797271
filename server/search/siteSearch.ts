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

const OPTIONS = {
  idField: 'key',
  fields: ['title', 'text', 'pdf'],
  searchOptions: {
    prefix: true,
    // Typos in words of four letters or more: one edit, two from ten letters on.
    fuzzy: (term: string) => (term.length >= 4 ? 0.2 : false),
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
    this.versions.get(def.name)!.set(item.id, waiting ? `${item.version}~` : item.version);
  }

  private remove(entity: string, id: string): void {
    const key = docKey(entity, id);
    if (this.docs.delete(key)) this.engine.discard(key);
    this.versions.get(entity)!.delete(id);
  }

  /** The best `limit` results for a query, title hits first, each with its highlighted passage. */
  search(query: string, audience: Audience, limit = 20): SearchAnswer {
    const q = query.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY);
    const status = this.ready ? { ready: true } : { ready: false, message: NOT_READY };
    if (!q) return { q, ...status, total: 0, results: [] };
    const found = this.engine.search(q, {
      filter: (r) => this.allowed(r, audience),
    });
    const inTitle = (r: EngineResult) => Object.values(r.match).some((fields) => fields.includes('title'));
    // Stable: within each group the engine's score order stays.
    const ranked = [...found.filter(inTitle), ...found.filter((r) => !inTitle(r))];
    return {
      q, ...status, total: ranked.length,
      results: ranked.slice(0, limit).map((r) => this.result(r, audience)),
    };
  }

  private allowed(r: EngineResult, audience: Audience): boolean {
    if (audience === 'staff') return true;
    const doc = this.docs.get(r.id as string);
    const def = doc && this.defs.get(doc.entity);
    const item = def?.search && this.index.get(def, doc!.id);
    return !!item && visibleToPublic(def, item.data);
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
