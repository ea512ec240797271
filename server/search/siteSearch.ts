// Site search over the content index (MiniSearch: ranked, prefix and fuzzy matching). Built in the
// background after the server listens, a slice at a time so reads keep flowing; afterwards each
// 'change' of the index updates only the items whose version changed (a save re-indexes one item).
import type { ContentView, IndexedItem } from '../content/index/contentIndex.ts';
import { languagePath, SOURCE_LANGUAGE } from '../schema/site/languages.ts';
import { visibleToPublic } from '../content/readModel/visibility.ts';
import { isCommitted, type ContentChange } from '../content/changes.ts';
import { entityForPath } from '../schema/registry.ts';
import type { CollectionDef } from '../schema/define.ts';
import { docKey, searchDoc, searchedCollections, type SearchDoc } from './searchDocs.ts';
import type { PdfTexts } from './pdfTexts.ts';
import { nextTurn, pacer, type Turn } from '../store/turns.ts';
import { markTerms, snippet } from './snippet.ts';
import { PagedMiniSearch, type PageHit } from './pagedSearch.ts';
import type { SearchAnswer, SearchResult } from '../schema/searchAnswer.ts';

export type { SearchAnswer, SearchResult } from '../schema/searchAnswer.ts';

/** Visitors search what the public site shows; staff search every item of every collection. */
export type Audience = 'public' | 'staff';

export const NOT_READY = 'Search is getting ready, so some results may be missing. Try again in a moment.';
export const MAX_QUERY = 200;
/** Answers kept until the next change of searched content (a popular query costs nothing again). */
const KEPT_ANSWERS = 500;

/** Words too common to tell items apart: left out of the index and of queries. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

export const ENGINE_OPTIONS = {
  idField: 'key',
  fields: ['title', 'text', 'pdf'],
  processTerm: (term: string) => {
    const t = term.toLowerCase();
    return STOP_WORDS.has(t) ? null : t;
  },
  searchOptions: {
    // A word's beginning finds it from three letters on ('regist' finds 'registration').
    prefix: (term: string) => term.length >= 3,
    // Typos (searched when the words as typed find too little, see search()): one wrong, missing or
    // extra letter in words of four letters or more, two from eight on.
    fuzzy: false as const,
    boost: { title: 6, text: 1, pdf: 0.6 },
    combineWith: 'AND' as const,
  },
};

export const TYPOS = { fuzzy: (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false) };

export class SiteSearch {
  private readonly engine = new PagedMiniSearch<SearchDoc>(ENGINE_OPTIONS);
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
  /** Answers by audience, limit and query, until the next change of searched content. */
  private readonly answers = new Map<string, SearchAnswer>();
  private ready = false;

  constructor(
    private readonly index: ContentView,
    private readonly pdfs: PdfTexts,
    /** The language its items' words are in (issue 36): results lead to its pages. */
    private readonly lang: string = SOURCE_LANGUAGE,
  ) {
    for (const def of searchedCollections) this.versions.set(def.name, new Map());
    index.changes.on((change) => this.heard(change));
  }
  /** Items to look at again (entity name → ids), when only they changed. */
  private readonly touched = new Map<string, Set<string>>();

  get isReady(): boolean {
    return this.ready;
  }

  /** Builds the index in the background (once), giving the event loop back with `turn`; resolves when it is complete. */
  start(turn: Turn = nextTurn): Promise<void> {
    this.building ??= this.build(turn);
    return this.building;
  }

  private readonly inLanguages = new Map<string, SiteSearch>();

  /**
   * The search of the site in another language (the site seen in it, `view`): made when first asked,
   * built in the background like this one, sharing its PDFs' texts.
   */
  in(lang: string, view: ContentView): SiteSearch {
    let search = this.inLanguages.get(lang);
    if (!search) {
      this.inLanguages.set(lang, (search = new SiteSearch(view, this.pdfs, lang)));
      void search.start();
    }
    return search;
  }

  /** Stops building and extracting (the server is closing); resolves when nothing runs any more. */
  async close(): Promise<void> {
    for (const search of this.inLanguages.values()) await search.close();
    this.closed = true;
    if (this.catchUp) clearImmediate(this.catchUp);
    await this.building?.catch(() => undefined);
    await this.pdfs.close();
  }

  private closed = false;

  private async build(turn: Turn): Promise<void> {
    await turn(); // started as the server listens: its first answers go first
    const pace = pacer(turn);
    for (const def of searchedCollections) {
      for (const item of [...this.index.all(def)]) {
        if (this.closed) break;
        this.put(def, item);
        await pace();
      }
    }
    if (this.closed) return; // the server is closing: no sweep of everything left to do
    this.ready = true;
    // What changed while building (items indexed before their save, deleted ones) is caught up now.
    this.sync([...this.defs.keys()]);
  }

  /**
   * Runs inside a save (its change is announced before its answer): the sweep over an entity's
   * items waits for the next turn of the event loop, and a search made before then does it.
   */
  private heard(change: ContentChange): void {
    // A save names the files it committed, a hand edit or a pull the files read again: only those
    // items are looked at, unless a media file (a paper's PDF) is among them, when its entity is
    // swept (and so is everything after the schedule's clock, which names none).
    const saved: { name: string; id: string }[] = [];
    const paths = isCommitted(change) ? change.commit.paths : change.kind === 'external' ? change.paths : [];
    if (!paths.some((rel) => rel.startsWith('media/'))) {
      for (const rel of paths) {
        const owner = entityForPath(rel);
        if (owner && this.defs.has(owner.def.name)) saved.push({ name: owner.def.name, id: owner.id });
      }
    }
    this.changed(change.entities, saved);
  }

  /** Marks the items to look at again: the saved ones only, or every item of an entity. */
  private changed(names: Iterable<string>, saved: { name: string; id: string }[] = []): void {
    for (const name of names) {
      if (!this.defs.has(name)) continue;
      const ids = saved.filter((s) => s.name === name).map((s) => s.id);
      if (!ids.length)
        this.dirty.add(name); // no item named (the schedule's clock, a media file): sweep it all
      else if (!this.dirty.has(name)) for (const id of ids) this.touchedIds(name).add(id);
    }
    if (!this.dirty.size && !this.touched.size) return;
    this.answers.clear();
    this.catchUp ??= setImmediate(() => this.flush());
  }

  private catchUp: NodeJS.Immediate | null = null;

  private flush(): void {
    if (this.catchUp) clearImmediate(this.catchUp);
    this.catchUp = null;
    if (!this.ready) return;
    for (const [name, ids] of this.touched) {
      if (this.dirty.has(name)) continue;
      const def = this.defs.get(name)!;
      for (const id of ids) {
        const item = this.index.get(def, id);
        if (!item) this.remove(name, id);
        else if (this.versions.get(name)!.get(id) !== item.version) this.put(def, item);
        else this.decideShown(def, item);
      }
    }
    this.touched.clear();
    if (this.dirty.size) this.sync([...this.dirty]);
  }

  private touchedIds(name: string): Set<string> {
    let ids = this.touched.get(name);
    if (!ids) this.touched.set(name, (ids = new Set()));
    return ids;
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
      if (this.closed) return '';
      // Extracted (or read from private/) in the background; the item is indexed again then.
      void this.pdfs.text(rel, blob).then(
        () => this.changed([def.name]),
        () => undefined,
      );
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
    this.flush();
    if (!this.ready) return this.answer(q, audience, limit);
    const key = `${audience}|${limit}|${q}`;
    let answer = this.answers.get(key);
    if (answer) {
      this.answers.delete(key); // most recently used last
    } else {
      answer = this.answer(q, audience, limit);
      if (this.answers.size >= KEPT_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    }
    this.answers.set(key, answer);
    return answer;
  }

  private answer(q: string, audience: Audience, limit: number): SearchAnswer {
    const status = this.ready ? { ready: true } : { ready: false, message: NOT_READY };
    if (!q) return { q, ...status, total: 0, results: [] };
    // Visitors' searches leave hidden items out as they are scored, not after a result was made for
    // each: a common word matches most of the site. Only the page is ranked (pagedSearch.ts).
    const visible = audience === 'staff' ? undefined : (id: string) => this.shown.has(id);
    const page = { limit, first: 'title', visible };
    let found = this.engine.page(q, page);
    // Words as typed first; typos are looked for only when they find too little (and cost more).
    if (found.total < limit) found = this.engine.page(q, { ...page, ...TYPOS });
    return {
      q,
      ...status,
      total: found.total,
      results: found.hits.map((r) => this.result(r, audience)),
    };
  }

  private result(r: PageHit, audience: Audience): SearchResult {
    const doc = this.docs.get(r.id)!;
    const def = this.defs.get(doc.entity)!;
    const fields = r.fields;
    const foundIn = fields.has('text') ? 'text' : fields.has('pdf') ? 'pdf' : 'title';
    const data = this.index.get(def, doc.id)?.data ?? {};
    return {
      entity: def.name,
      label: def.label,
      id: doc.id,
      title: markTerms(doc.title || `${def.label} ${doc.id}`, r.terms),
      // Staff: the admin page with the item open (?<entity>=<id>, as its list opens it).
      href:
        audience === 'public' && def.search
          ? languagePath(this.lang, def.search.page(data))
          : `${def.admin.route}?${def.name}=${doc.id}`,
      snippet: snippet(foundIn === 'pdf' ? doc.pdf : doc.text, r.terms),
      foundIn,
    };
  }
}
