// Which answer a GET of an address that is no built file gets: a public page (server-rendered), a
// page's data (/page-data/<path>), or the admin's page. No Express here: the fast path uses it too.
import type { IncomingMessage } from 'node:http';
import { SitePages } from '../site/sitePages.ts';
import type { Answer } from './answer.ts';
import type { ServedFiles } from './servedFiles.ts';

/** Where a page's data is: /page-data/news for /news, /page-data/ for the home page. */
export const PAGE_DATA_PREFIX = '/page-data';

export function pageAnswer(files: ServedFiles, req: IncomingMessage, pathname: string): Answer {
  const { web, pages } = files;
  if (pathname === PAGE_DATA_PREFIX || pathname.startsWith(`${PAGE_DATA_PREFIX}/`)) {
    return pages!.data(pathname.slice(PAGE_DATA_PREFIX.length) || '/');
  }
  // /index.html is the built file itself (the frame of the pages), as before the pages were rendered.
  return SitePages.serves(pathname) && pathname !== '/index.html' ? pages!.page(req, pathname) : web!.pageFor(pathname);
}
