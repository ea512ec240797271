import MiniSearch, { type SearchResult } from 'minisearch';
import { describe, expect, it } from 'vitest';
import { PagedMiniSearch, type PageOptions } from './pagedSearch.ts';
import { ENGINE_OPTIONS, TYPOS } from './siteSearch.ts';
import type { SearchDoc } from './searchDocs.ts';

// A generated collection with few words, so that common words match most items, prefixes reach many
// words and many items tie on score (same words, same lengths): the order of ties must hold too.
const WORDS = [
  'teachers',
  'teaching',
  'teach',
  'registration',
  'register',
  'regional',
  'computer',
  'science',
  'symposium',
  'workshop',
  'coding',
  'camp',
  'springfield',
  'students',
  'grant',
  'the',
  'of',
];

function doc(n: number): SearchDoc {
  let seed = n * 2654435761;
  const pick = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return WORDS[seed % WORDS.length]!;
  };
  const words = (count: number) => Array.from({ length: count }, pick).join(' ');
  return {
    key: `news:${n}`,
    entity: 'news',
    id: String(n),
    title: words(2 + (n % 4)),
    text: n % 7 === 0 ? 'teachers teachers' : words(5 + (n % 30)),
    pdf: n % 11 === 0 ? words(40) : '',
  };
}

const ITEMS = 3000;
const docs = Array.from({ length: ITEMS }, (_, i) => doc(i + 1));
const hidden = (id: string) => Number(id.split(':')[1]) % 5 === 0;

/** Today's ranking: MiniSearch's search of every match, then the first `limit` title hits ahead. */
function reference(
  engine: MiniSearch<SearchDoc>,
  q: string,
  limit: number,
  visitors: boolean,
  fuzzy?: typeof TYPOS,
) {
  const boostDocument = visitors ? (id: unknown) => (hidden(id as string) ? 0 : 1) : undefined;
  const found = engine.search(q, { boostDocument, ...fuzzy });
  const inTitle = (r: SearchResult) => Object.values(r.match).some((f) => f.includes('title'));
  const page = found
    .filter(inTitle)
    .slice(0, limit)
    .concat(found.filter((r) => !inTitle(r)).slice(0, limit))
    .slice(0, limit);
  return {
    total: found.length,
    hits: page.map((r) => ({
      id: r.id as string,
      score: r.score,
      terms: [...r.terms].sort(),
      fields: [...new Set(Object.values(r.match).flat())].sort(),
    })),
  };
}

function paged(
  engine: PagedMiniSearch<SearchDoc>,
  q: string,
  limit: number,
  visitors: boolean,
  fuzzy?: typeof TYPOS,
) {
  const options: PageOptions = {
    limit,
    first: 'title',
    ...(visitors ? { visible: (id) => !hidden(id) } : {}),
    ...fuzzy,
  };
  const page = engine.page(q, options);
  return {
    total: page.total,
    hits: page.hits.map((h) => ({
      id: h.id,
      score: h.score,
      terms: [...h.terms].sort(),
      fields: [...h.fields].sort(),
    })),
  };
}

const QUERIES = [
  'teachers',
  'teach',
  'regist',
  'reg',
  'computer science',
  'coding camp springfield',
  'teachers teachers',
  'the teachers of springfield',
  'symposium',
  'workshp',
  'techers studnts',
  'zeppelin',
  'the of',
  '',
  'Teachers, SCIENCE!',
];

describe('a page of search results', () => {
  const plain = new MiniSearch<SearchDoc>(ENGINE_OPTIONS);
  const engine = new PagedMiniSearch<SearchDoc>(ENGINE_OPTIONS);
  plain.addAll(docs);
  engine.addAll(docs);

  for (const visitors of [false, true]) {
    for (const fuzzy of [undefined, TYPOS]) {
      it(`is today's first page in the same order, with the same count (${visitors ? 'visitors' : 'staff'}${fuzzy ? ', typos' : ''})`, () => {
        for (const q of QUERIES) {
          for (const limit of [20, 5]) {
            const want = reference(plain, q, limit, visitors, fuzzy);
            expect(paged(engine, q, limit, visitors, fuzzy), `${q} / ${limit}`).toEqual(want);
          }
        }
      });
    }
  }

  it('finds common words in most items and ties in the order of the index', () => {
    const page = engine.page('teachers', { limit: 20, first: 'title' });
    expect(page.total).toBeGreaterThan(ITEMS / 2);
    const scores = page.hits.map((h) => h.score);
    expect(new Set(scores).size).toBeLessThan(scores.length); // ties are on the page
  });

  it('never finds what the searcher may not see', () => {
    const visible = (id: string) => !hidden(id);
    for (const q of QUERIES) {
      const page = engine.page(q, { limit: 3000, first: 'title', visible, ...TYPOS });
      expect(page.hits.every((h) => visible(h.id))).toBe(true);
      expect(page.total).toBe(page.hits.length);
    }
  });

  it('finds a replaced item by its new words only, and a removed one no more', () => {
    const changed = new PagedMiniSearch<SearchDoc>(ENGINE_OPTIONS);
    changed.addAll(docs.slice(0, 50));
    changed.replace({ ...docs[0]!, title: 'zeppelin', text: 'airship', pdf: '' });
    changed.discard(docs[1]!.key);
    const ids = (q: string) => changed.page(q, { limit: 100, first: 'title' }).hits.map((h) => h.id);
    expect(ids('zeppelin airship')).toEqual([docs[0]!.key]);
    expect(ids('teachers')).not.toContain(docs[0]!.key);
    expect(ids('teachers')).not.toContain(docs[1]!.key);
    expect(changed.page('teachers', { limit: 100, first: 'title' }).total).toBe(
      changed.search('teachers').length,
    );
  });
});
