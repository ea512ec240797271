// The site's own words in the page's language (siteLanguage.tsx). A language with no dictionary
// here (one an admin added) shows the English words around its translated content.
import { useSiteLanguage } from '../language/siteLanguage.tsx';
import { en, type Words } from './en.ts';
import { es } from './es.ts';

const DICTIONARIES: Readonly<Record<string, Words>> = { en, es };

export const wordsFor = (lang: string): Words => DICTIONARIES[lang] ?? en;

export const useWords = (): Words => wordsFor(useSiteLanguage());
