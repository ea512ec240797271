// The public site in the browser: the server-rendered page is hydrated with the data it carries
// (no request for it), then kept live by /api/stream; moving to another page fetches that page's
// data in one request. Declarative routing keeps the public bundle small: the data router (and
// the admin area, which uses it) is the admin app's (AdminApp.tsx).
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { loadPagesWith } from './lib/resourceStore.ts';
import { SiteRoutes } from './site/SiteRoutes.tsx';
import { onFirstConnect } from './lib/liveStream.ts';
import {
  applyPageData,
  fetchPageData,
  readEmbeddedPageData,
  revalidatePageData,
} from './site/ssr/pageDataClient.ts';

/** Seeds the stores from the page; true when it carried data (then hydrate, else render afresh). */
export function preparePublicSite(): boolean {
  const data = readEmbeddedPageData();
  if (data) applyPageData(data);
  loadPagesWith(() => fetchPageData());
  onFirstConnect(() => void revalidatePageData());
  return data !== null;
}

export function PublicSite() {
  return (
    <StrictMode>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
    </StrictMode>
  );
}
