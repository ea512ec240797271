// The Spanish dictionary has every word of the English (the type says so; this says none is empty),
// and a language without a dictionary reads the English.
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { es } from './es.ts';
import { wordsFor } from './useWords.ts';

/** Every word of a dictionary by its path ('what.news'), functions called with sample values. */
function flat(words: object, prefix = ''): [string, string][] {
  return Object.entries(words).flatMap(([key, value]): [string, string][] => {
    const path = prefix + key;
    if (typeof value === 'function')
      return [[path, String((value as (...a: unknown[]) => unknown)(2, 5, 'x'))]];
    if (value && typeof value === 'object') return flat(value as object, `${path}.`);
    return [[path, String(value)]];
  });
}

describe('the site words', () => {
  it('has every English key in Spanish, and no empty word', () => {
    const english = flat(en).map(([k]) => k);
    const spanish = new Map(flat(es));
    expect([...spanish.keys()].sort()).toEqual([...english].sort());
    for (const [key, word] of spanish) expect(word.trim(), key).not.toBe('');
  });

  it('reads naturally in Spanish', () => {
    expect(es.listingTitle('Noticias', 2, 5)).toBe('Noticias, página 2 de 5');
    expect(es.readMore).toBe('Leer más');
    expect(es.pagingNav['/news']).toEqual({
      label: 'Páginas de noticias',
      back: 'Anterior',
      on: 'Siguiente',
    });
  });

  it('gives a language without a dictionary the English words', () => {
    expect(wordsFor('es')).toBe(es);
    expect(wordsFor('fr')).toBe(en);
    expect(wordsFor('en')).toBe(en);
  });
});
