// A short passage of a found item's text around the first word that matched, cut at word edges, as
// pieces marked hit or not, so that pages draw the highlight themselves (never HTML from content).

import type { Piece } from '../schema/searchAnswer.ts';

const WIDTH = 180;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches each found term (the engine's lower-case document terms) at a word's start. */
function termsPattern(terms: string[]): RegExp | null {
  const words = [...new Set(terms.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!words.length) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

/** The passage of `text` around the first of `terms`, with every term in it marked. */
export function snippet(text: string, terms: string[], width = WIDTH): Piece[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return [];
  const pattern = termsPattern(terms);
  const first = pattern ? pattern.exec(flat) : null;
  let start = 0;
  if (first && first.index > width / 3) {
    start = first.index - Math.floor(width / 3);
    const space = flat.indexOf(' ', start);
    start = space >= 0 && space < first.index ? space + 1 : start;
  }
  let end = Math.min(flat.length, start + width);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start + width / 2) end = space;
  }
  const passage = `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
  return mark(passage, pattern);
}

/** Splits a text into pieces, the terms marked. */
export function mark(text: string, pattern: RegExp | null): Piece[] {
  if (!pattern) return [{ text }];
  const pieces: Piece[] = [];
  let at = 0;
  pattern.lastIndex = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) pieces.push({ text: text.slice(at, m.index) });
    pieces.push({ text: m[0], hit: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}

export const markTerms = (text: string, terms: string[]) => mark(text, termsPattern(terms));
