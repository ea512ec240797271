// The site's own words in the page's language (siteLanguage.tsx). A language with no dictionary
// here (one an admin added) shows the English words around its translated content. English is
// always at hand; another language's dictionary is a JSON file of the build, which the browser
// fetches only for a page in that language (loadWords, before the page is drawn), so English pages
// do not carry it. The server has every dictionary from the start (ssr/renderPage.tsx).
import { useSiteLanguage } from '../language/siteLanguage.tsx';
import { en, type Words } from './en.ts';

const loaded: Record<string, Words> = { en };

/** Where each other language's words are: the build's copy of the file, under /assets/. */
const DICTIONARIES: Readonly<Record<string, URL>> = {
  es: new URL('./es.json', import.meta.url),
};

/** Makes a language's words available at once (the server, which draws every language). */
export function addWords(lang: string, words: Words): void {
  loaded[lang] = words;
}

/**
 * Fetches a language's words, when it has a dictionary: wait for it before drawing the page. When
 * they cannot be had, the page is drawn with the English words rather than not at all.
 */
export async function loadWords(lang: string): Promise<void> {
  const url = DICTIONARIES[lang];
  if (loaded[lang] || !url) return;
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${res.status}`);
    addWords(lang, (await res.json()) as Words);
  } catch (e) {
    console.warn(`The site's words in ${lang} could not be loaded:`, e);
  }
}

export const wordsFor = (lang: string): Words => loaded[lang] ?? en;

export const useWords = (): Words => wordsFor(useSiteLanguage());
