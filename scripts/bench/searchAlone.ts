// Site search's engine alone, in process (npm run build not needed): 100,000 generated news items
// (default; `--items N`), then the bench's first-time queries through MiniSearch's search of every
// match with the title-first page (as before) and through PagedMiniSearch's page, timed in turn,
// and the heap the index holds per item. Run with `node --expose-gc --import tsx`.
import type { SearchResult } from 'minisearch';
import { PagedMiniSearch } from '../../server/search/pagedSearch.ts';
import { ENGINE_OPTIONS } from '../../server/search/siteSearch.ts';
import type { SearchDoc } from '../../server/search/searchDocs.ts';
import { newsItem } from './fixtures.ts';
import { coldQueries, QUERIES } from './searchQueries.ts';

const i = process.argv.indexOf('--items');
const ITEMS = i >= 0 ? Number(process.argv[i + 1]) : 100_000;
const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const docs: SearchDoc[] = Array.from({ length: ITEMS }, (_, n) => {
  const item = newsItem(n + 1);
  return {
    key: `news:${n + 1}`,
    entity: 'news',
    id: String(n + 1),
    title: item.title,
    text: item.what,
    pdf: '',
  };
});
const before = heap();
const engine = new PagedMiniSearch<SearchDoc>(ENGINE_OPTIONS);
engine.addAll(docs);
console.log(`index: ${((heap() - before) / ITEMS).toFixed(0)} B per item (${ITEMS} items)`);
const queries = [...QUERIES.map(([, q]) => q), ...coldQueries()];
const inTitle = (r: SearchResult) => Object.values(r.match).some((f) => f.includes('title'));
const ways = {
  'every match, sorted': (q: string) => {
    const found = engine.search(q, { boostDocument: () => 1 });
    return found
      .filter(inTitle)
      .slice(0, 20)
      .concat(found.filter((r) => !inTitle(r)).slice(0, 20))
      .slice(0, 20).length;
  },
  'the page only': (q: string) =>
    engine.page(q, { limit: 20, first: 'title', visible: () => true }).hits.length,
};
const p = (xs: number[], f: number) =>
  xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * f))]!;
for (const round of [1, 2]) {
  for (const [name, run] of Object.entries(ways)) {
    const ms: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      run(q);
      ms.push(performance.now() - t);
    }
    console.log(
      `round ${round}, ${name}: p50 ${p(ms, 0.5).toFixed(1)} ms, p95 ${p(ms, 0.95).toFixed(1)} ms, max ${p(ms, 1).toFixed(1)} ms (${ms.length} queries)`,
    );
  }
}
