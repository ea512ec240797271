// The language of the page being drawn (issue 36): English at /news, Spanish at /es/news. The
// server's renderer takes it from the page's sources, the browser from <html lang>, which the
// server wrote; every component below reads it here rather than from the address.
import { createContext, useContext } from 'react';
import {
  languagePath,
  SOURCE_LANGUAGE,
  splitLanguagePath,
} from '../../../../server/schema/site/languages.ts';
import { isPageAddress } from '../../lib/links.ts';

export const SiteLanguageContext = createContext<string>(SOURCE_LANGUAGE);

/** The page's language code: 'en', 'es', or another the site lists. */
export const useSiteLanguage = () => useContext(SiteLanguageContext);

/**
 * The lang attribute of an item drawn on a page in another language: an item not translated yet
 * comes in English (its `lang` says so), and screen readers read it with an English voice.
 */
export function langAttr(item: { lang?: string } | undefined, pageLang: string): { lang?: string } {
  const lang = item?.lang;
  return lang && lang !== pageLang ? { lang } : {};
}

/**
 * A plain link's address on a page in `lang`: a page of the site in that language's folder
 * (/contact → /es/contact), once; any other address (a file, /media, another site) as it is.
 * Router links need none of this: their base is the folder already.
 */
export function inLanguage(lang: string, href: string): string {
  if (lang === SOURCE_LANGUAGE || !isPageAddress(href)) return href;
  if (splitLanguagePath(href.split(/[?#]/)[0]!, [lang]).lang === lang) return href;
  return languagePath(lang, href);
}

/** inLanguage for the page being drawn. */
export function useInLanguage(): (href: string) => string {
  const lang = useSiteLanguage();
  return (href) => inLanguage(lang, href);
}
