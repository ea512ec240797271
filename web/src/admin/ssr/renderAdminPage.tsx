// An admin page drawn on the server for a signed-in user, by the same components the browser then
// draws it with: the frame and the first page of each list, so a new browser shows the list before
// the admin's scripts have loaded. Only pages made of lists (the news page, the event cards…) are
// drawn; a page with a form, or with an item open (?news=12), or in a draft (?draft=ID: its lists are
// the draft's), goes out empty as before.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { RenderContext, type RenderCollector } from '../../shared/renderContext.ts';
import { fullTitle } from '../../../../server/schema/site/brand.ts';
import AdminEntityPage from '../AdminEntityPage.tsx';
import { ServerRenderedUser, type AdminUser } from '../auth.ts';
import { adminPages, isListedSection } from '../pages.ts';
import type { AdminPageData } from './adminPageData.ts';

export interface RenderedAdminPage {
  /** The markup of #root. */
  html: string;
  /** The document's title, as the page sets it in the browser. */
  title: string;
  data: AdminPageData;
}

/** `location`: path and query; `read` answers the admin's cache keys (admin/items?…), or undefined. */
export function renderAdminPage(
  location: string,
  user: AdminUser,
  read: (key: string) => unknown,
): RenderedAdminPage | null {
  const url = new URL(location, 'http://admin.invalid');
  const here = url.pathname.replace(/\/+$/, '').toLowerCase();
  const page = adminPages.find((p) => p.route.toLowerCase() === here);
  if (!page?.sections.length || !page.sections.every(isListedSection)) return null;
  if (page.sections.some(({ def }) => url.searchParams.has(def.name))) return null;
  if (url.searchParams.get('draft')) return null;
  const api: Record<string, unknown> = {};
  let title = '';
  const collector: RenderCollector = {
    read(key) {
      if (!(key in api)) api[key] = read(key);
      return api[key];
    },
    markdown: () => '',
    image: () => undefined,
    status() {},
    head(head) {
      title = head.title ?? title;
    },
  };
  const html = renderToString(
    <ServerRenderedUser.Provider value={user}>
      <RenderContext.Provider value={collector}>
        <StaticRouter location={url.pathname + url.search}>
          <AdminEntityPage page={page} />
        </StaticRouter>
      </RenderContext.Provider>
    </ServerRenderedUser.Provider>,
  );
  for (const key of Object.keys(api)) if (api[key] === undefined) delete api[key];
  return { html, title: fullTitle(title), data: { user, api } };
}
