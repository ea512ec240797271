// The language of the page being drawn (issue 36): English at /news, Spanish at /es/news. The
// server's renderer takes it from the page's sources, the browser from <html lang>, which the
// server wrote; every component below reads it here rather than from the address.
import { createContext, useContext } from 'react';
import { SOURCE_LANGUAGE } from '../../../../server/schema/site/languages.ts';

export const SiteLanguageContext = createContext<string>(SOURCE_LANGUAGE);

/** The page's language code: 'en', 'es', or another the site lists. */
export const useSiteLanguage = () => useContext(SiteLanguageContext);

/**
 * The lang attribute of an item drawn on a page in another language: an item not translated yet
 * comes in English (its `lang` says so), and screen readers read it with an English voice.
 */
export function langAttr(item: { lang?: unknown } | undefined, pageLang: string): { lang?: string } {
  const lang = item?.lang;
  return typeof lang === 'string' && lang && lang !== pageLang ? { lang } : {};
}
