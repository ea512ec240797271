// The languages of the public site: English is the source every item is written in; each other
// language the site setting lists (content/site/languages.md) has its pages under /<code>/ and its
// translations in sibling files (content/news/5.es.md). Pure: the web app imports this module too.

/** The language every item is written in first, and the site's words when a language has none. */
export const SOURCE_LANGUAGE = 'en';

/** A language's code: two lower-case letters (ISO 639-1), as in `/es/` and `5.es.md`. */
export const LANGUAGE_CODE = /^[a-z]{2}$/;

export interface SiteLanguage {
  code: string;
  /** The language's name in itself, as the switcher shows it ('Español'). */
  name: string;
}

/** What the starter site ships with. */
export const STARTER_LANGUAGES: readonly SiteLanguage[] = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
];

/**
 * The language a public address is in and the address without it: `/es/news` → `es`, `/news`;
 * `/es` → `es`, `/`. An address under no other language's folder is in the source language.
 */
export function splitLanguagePath(
  pathname: string,
  codes: readonly string[],
): { lang: string; path: string } {
  const m = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  if (m && m[1] !== SOURCE_LANGUAGE && codes.includes(m[1]!)) return { lang: m[1]!, path: m[2] || '/' };
  return { lang: SOURCE_LANGUAGE, path: pathname };
}

/** A public address in a language: `/news` in `es` is `/es/news`; the source language has no folder. */
export function languagePath(lang: string, path: string): string {
  if (lang === SOURCE_LANGUAGE) return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}

/** The base a language's pages are routed under ('' for the source language, '/es' for Spanish). */
export const languageBase = (lang: string): string => (lang === SOURCE_LANGUAGE ? '' : `/${lang}`);
