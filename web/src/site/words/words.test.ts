// The Spanish dictionary has every word of the English (renderPage.tsx's compile check says so too),
// none empty and each with the same blanks; a language without a dictionary reads the English.
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import es from './es.json' with { type: 'json' };
import { fill } from './fill.ts';
import { addWords, wordsFor } from './useWords.ts';

/** Every word of a dictionary by its path ('what.news'). */
function flat(words: object, prefix = ''): [string, string][] {
  return Object.entries(words).flatMap(([key, value]): [string, string][] =>
    value && typeof value === 'object'
      ? flat(value as object, `${prefix}${key}.`)
      : [[prefix + key, String(value)]],
  );
}
const blanks = (word: string) => [...word.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the site words', () => {
  it('has every English key in Spanish, no empty word, and the same blanks', () => {
    const english = new Map(flat(en));
    const spanish = new Map(flat(es));
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, word] of spanish) {
      expect(word.trim(), key).not.toBe('');
      expect(blanks(word), key).toEqual(blanks(english.get(key)!));
    }
  });

  it('reads naturally in Spanish', () => {
    expect(fill(es.listingTitle, { title: 'Noticias', page: 2, pages: 5 })).toBe('Noticias, página 2 de 5');
    expect(es.readMore).toBe('Leer más');
    expect(es.pagingNav['/news']).toEqual({
      label: 'Páginas de noticias',
      back: 'Anterior',
      on: 'Siguiente',
    });
  });

  it('gives a language without a dictionary the English words', () => {
    addWords('es', es);
    expect(wordsFor('es')).toBe(es);
    expect(wordsFor('fr')).toBe(en);
    expect(wordsFor('en')).toBe(en);
  });
});

describe('fill', () => {
  it('fills each blank, and leaves one without a value', () => {
    expect(fill('{n} of {count}: {title}', { n: 1, count: 3, title: 'Ana' })).toBe('1 of 3: Ana');
    expect(fill('Page {n}', {})).toBe('Page {n}');
  });
});
