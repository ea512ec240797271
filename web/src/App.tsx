// The public site in the browser: the server-rendered page is hydrated with the data it carries
// (no request for it), then kept live by /api/stream; moving to another page fetches that page's
// data in one request. Declarative routing keeps the public bundle small: the data router (and
// the admin area, which uses it) is the admin app's (AdminApp.tsx). A page in another language
// (/es/news) routes the same table under its folder.
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { loadPagesWith } from './lib/resourceStore.ts';
import { setReadLanguage } from './lib/api.ts';
import { languageBase } from '../../server/schema/site/languages.ts';
import { browserPageLanguage } from './site/language/browserLanguage.ts';
import { SiteLanguageContext } from './site/language/siteLanguage.tsx';
import { loadWords } from './site/words/useWords.ts';
import { SiteRoutes } from './site/SiteRoutes.tsx';
import { onFirstConnect } from './lib/liveStream.ts';
import {
  applyPageData,
  fetchPageData,
  readEmbeddedPageData,
  revalidatePageData,
} from './site/ssr/pageDataClient.ts';

/** The page's language (issue 36): the server says it in <html lang> and serves it under /<lang>/. */
const pageLanguage = () => browserPageLanguage(document.documentElement.lang, location.pathname);

/**
 * Seeds the stores from the page and loads the site's words in its language; true when it carried
 * data (then hydrate, else render afresh).
 */
export async function preparePublicSite(): Promise<boolean> {
  const lang = pageLanguage();
  // Reads after a change (the live stream's) then answer in the page's language too.
  setReadLanguage(lang);
  const data = readEmbeddedPageData();
  if (data) applyPageData(data);
  loadPagesWith(() => fetchPageData());
  onFirstConnect(() => void revalidatePageData());
  // The words the server drew the page with, before hydrating it (English ones are at hand).
  await loadWords(lang);
  return data !== null;
}

export function PublicSite() {
  const lang = pageLanguage();
  return (
    <StrictMode>
      <SiteLanguageContext.Provider value={lang}>
        {/* Every link of the route table is under the language's folder: /news is /es/news. */}
        <BrowserRouter basename={languageBase(lang)}>
          <SiteRoutes />
        </BrowserRouter>
      </SiteLanguageContext.Provider>
    </StrictMode>
  );
}
