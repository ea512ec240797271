// Shared by the search benchmarks: the queries asked again and again (a visitor's common searches),
// and queries never asked before (the server keeps answers until the next change).
import { newsItem } from './fixtures.ts';

export const QUERIES: [string, string][] = [
  ['common word (most items)', 'teachers'],
  ['title word', 'symposium'],
  ['prefix', 'regist'],
  ['typo', 'workshp'],
  ['three words', 'coding camp springfield'],
  ['phrase of common words', 'computer science'],
  ['no match', 'zeppelin'],
];

/**
 * Queries never asked before (the server keeps answers until the next change, so a repeated query
 * measures that): each word of the generated items, its first five letters, and it with a typo.
 */
export function coldQueries(): string[] {
  const words = new Set<string>();
  for (let id = 1; id <= 300; id++) {
    const n = newsItem(id);
    for (const w of `${n.title} ${n.what}`.toLowerCase().split(/[^a-z]+/)) if (w.length >= 5) words.add(w);
  }
  const typo = (w: string) => `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`; // two letters swapped
  return [...words].flatMap((w) => [w, w.slice(0, 5), typo(w)]).filter((q, i, all) => all.indexOf(q) === i);
}
