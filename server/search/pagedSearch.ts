// One page of search results without ranking every match. MiniSearch's `search` makes a result
// object for each match of each query word and sorts them all; a common word matches most of a large
// site, when a page needs the best 20 and the count. This engine reads MiniSearch's own index (its
// protected fields) and computes the same scores, in the same order of additions, into typed arrays,
// keeping only the best `limit` title hits and the best `limit` others as it goes: the same page in
// the same order (pagedSearch.test.ts compares it with `search`), without a result object per match.
import MiniSearch, { type SearchOptions } from 'minisearch';

/** One result of a page: the engine's document id, its score, the index's words and fields it matched. */
export interface PageHit {
  id: string;
  score: number;
  terms: string[];
  fields: Set<string>;
}

export interface Page {
  /** Every item matching all the query's words (and shown to this searcher). */
  total: number;
  /** The best `limit`, those with a hit in the `first` field ahead of the rest, each group by score. */
  hits: PageHit[];
}

export interface PageOptions {
  limit: number;
  /** The field whose hits come first (the title). */
  first: string;
  /** Which documents the searcher may find (visitors: what the site shows); every one when absent. */
  visible?: (id: string) => boolean;
  /** Replaces the engine's fuzzy option (typos), as `search`'s options would. */
  fuzzy?: SearchOptions['fuzzy'];
}

type FieldTermData = Map<number, Map<number, number>>;

/** A word of the index a query word reaches (itself, a longer word it begins, a typo), and its weight. */
interface Derived {
  term: string;
  data: FieldTermData;
  weight: number;
}

interface Ranked {
  doc: number;
  score: number;
}

const resolve = <V>(
  option: V | ((term: string, i: number, terms: string[]) => V),
  term: string,
  i: number,
  terms: string[],
) =>
  typeof option === 'function'
    ? (option as (term: string, i: number, terms: string[]) => V)(term, i, terms)
    : option;

export class PagedMiniSearch<T> extends MiniSearch<T> {
  /** Per short document id: the score so far, the current word's score, words matched, a `first` hit. */
  private total = new Float64Array(0);
  private word = new Float64Array(0);
  private stage = new Uint16Array(0);
  private titled = new Uint8Array(0);

  /** The page of `query` (its words combined with AND, as the engine's options say). */
  page(query: string, options: PageOptions): Page {
    const o = {
      ...this._options.searchOptions,
      ...(options.fuzzy === undefined ? {} : { fuzzy: options.fuzzy }),
    };
    if ((o.combineWith ?? 'OR').toUpperCase() !== 'AND')
      throw new Error('PagedMiniSearch pages AND queries only');
    const terms = this.queryTerms(query, o);
    if (!terms.length) return { total: 0, hits: [] };
    this.fit();
    const boosts = (o.fields ?? this._options.fields).map((field) => ({
      field,
      id: this._fieldIds[field]!,
      boost: (o.boost && Object.hasOwn(o.boost, field) ? o.boost[field] : 0) || 1,
    }));
    const firstId = this._fieldIds[options.first];
    const bm25 = bm25Of(o.bm25);
    const derivedOf: Derived[][] = [];
    let touched: number[] = [];
    let hits: number[] = [];
    for (let i = 0; i < terms.length; i++) {
      const derived = this.derived(terms[i]!, i, terms, o);
      derivedOf.push(derived);
      const termBoost = resolve(o.boostTerm ?? 1, terms[i]!, i, terms);
      hits = [];
      for (const { data, weight } of derived) {
        for (const { id: fieldId, boost } of boosts) {
          const freqs = data.get(fieldId);
          if (!freqs) continue;
          let matching = freqs.size;
          let idf = bm25.idf(matching, this._documentCount);
          const avg = this._avgFieldLength[fieldId]!;
          for (const [doc, tf] of freqs) {
            const id = this._documentIds.get(doc) as string | undefined;
            if (id === undefined) {
              matching -= 1; // a discarded document's word, as MiniSearch counts it
              idf = bm25.idf(matching, this._documentCount);
              continue;
            }
            const stage = this.stage[doc]!;
            if (stage !== i && stage !== i + 1) continue; // missed an earlier word: cannot be found
            if (options.visible && !options.visible(id)) continue;
            const score =
              weight * termBoost * boost * bm25.score(idf, tf, this._fieldLength.get(doc)![fieldId]!, avg);
            if (stage === i) {
              this.stage[doc] = i + 1;
              this.word[doc] = score;
              hits.push(doc);
            } else this.word[doc] = this.word[doc]! + score;
            if (fieldId === firstId) this.titled[doc] = 1;
          }
        }
      }
      for (const doc of hits) this.total[doc] = this.total[doc]! + this.word[doc]!;
      if (i === 0) touched = hits;
      if (!hits.length) break;
    }
    const quality = new Set(terms).size;
    const titled: Ranked[] = [];
    const rest: Ranked[] = [];
    for (const doc of hits) {
      const score = this.total[doc]! * quality;
      keepBest(this.titled[doc] ? titled : rest, { doc, score }, options.limit);
    }
    for (const doc of touched) {
      this.total[doc] = 0;
      this.stage[doc] = 0;
      this.titled[doc] = 0;
    }
    const page = titled.concat(rest).slice(0, options.limit);
    return { total: hits.length, hits: page.map((r) => this.hit(r, derivedOf.flat(), boosts)) };
  }

  /** The query's words as the engine's search makes them (its tokenizer and term processing). */
  private queryTerms(query: string, o: SearchOptions): string[] {
    const tokenize = o.tokenize ?? this._options.tokenize;
    const process = o.processTerm ?? this._options.processTerm;
    const terms: string[] = [];
    for (const token of tokenize(query, '')) {
      const t = process(token, '');
      for (const term of Array.isArray(t) ? t : [t]) if (term) terms.push(term);
    }
    return terms;
  }

  /** The index's words a query word reaches, weighted as MiniSearch's executeQuerySpec weighs them. */
  private derived(term: string, i: number, terms: string[], o: SearchOptions): Derived[] {
    // The engine's search options carry MiniSearch's defaults (weights 0.45 and 0.375, maxFuzzy 6).
    const { fuzzy: fuzzyWeight = 0.45, prefix: prefixWeight = 0.375 } = o.weights ?? {};
    const out: Derived[] = [];
    const exact = this._index.get(term);
    if (exact) out.push({ term, data: exact, weight: 1 });
    const prefix = resolve(o.prefix ?? false, term, i, terms);
    const fuzzy = resolve(o.fuzzy ?? false, term, i, terms);
    let typos: Map<string, [FieldTermData, number]> | undefined;
    if (fuzzy) {
      const f = fuzzy === true ? 0.2 : fuzzy;
      const distance = f < 1 ? Math.min(o.maxFuzzy ?? 6, Math.round(term.length * f)) : f;
      if (distance) typos = this._index.fuzzyGet(term, distance);
    }
    if (prefix) {
      for (const [longer, data] of this._index.atPrefix(term)) {
        const distance = longer.length - term.length;
        if (!distance) continue;
        typos?.delete(longer);
        out.push({
          term: longer,
          data,
          weight: (prefixWeight * longer.length) / (longer.length + 0.3 * distance),
        });
      }
    }
    for (const [near, [data, distance]] of typos ?? []) {
      if (distance)
        out.push({ term: near, data, weight: (fuzzyWeight * near.length) / (near.length + distance) });
    }
    return out;
  }

  /** The words and fields a found document matched (for its highlight and where it was found). */
  private hit(r: Ranked, derived: Derived[], boosts: { field: string; id: number }[]): PageHit {
    const terms = new Set<string>();
    const fields = new Set<string>();
    for (const { term, data } of derived) {
      for (const { field, id } of boosts) {
        if (!data.get(id)?.has(r.doc)) continue;
        terms.add(term);
        fields.add(field);
      }
    }
    return { id: this._documentIds.get(r.doc) as string, score: r.score, terms: [...terms], fields };
  }

  /** Grows the per-document arrays to the engine's short ids (they only grow). */
  private fit(): void {
    if (this.stage.length >= this._nextId) return;
    const size = Math.ceil(this._nextId * 1.25) + 64;
    this.total = new Float64Array(size);
    this.word = new Float64Array(size);
    this.stage = new Uint16Array(size);
    this.titled = new Uint8Array(size);
  }
}

/** MiniSearch's BM25+ (its calcBM25Score, term for term, so that scores are equal to the bit). */
function bm25Of(p: SearchOptions['bm25']) {
  const { k = 1.2, b = 0.7, d = 0.5 } = p ?? {};
  return {
    idf: (matching: number, count: number) => Math.log(1 + (count - matching + 0.5) / (matching + 0.5)),
    score: (idf: number, tf: number, length: number, avg: number) =>
      idf * (d + (tf * (k + 1)) / (tf + k * (1 - b + (b * length) / avg))),
  };
}

/** Keeps `list` the best `limit` by score, an equal score after those already in (a stable sort's order). */
function keepBest(list: Ranked[], r: Ranked, limit: number): void {
  if (list.length === limit && !(r.score > list[limit - 1]!.score)) return;
  let at = list.length;
  while (at > 0 && list[at - 1]!.score < r.score) at--;
  list.splice(at, 0, r);
  if (list.length > limit) list.pop();
}
