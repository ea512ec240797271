// Which answer a GET of an address that is no built file gets: a public page (server-rendered), a
// page's data (/page-data/<path>), or the admin's page. No Express here: the fast path uses it too.
import type { IncomingMessage } from 'node:http';
import { isAdminPath } from '../schema/site/adminPaths.ts';
import type { Answer } from './answer.ts';
import type { ServedFiles } from './servedFiles.ts';
import type { SitePages } from './sitePages.ts';
import { SOURCE_LANGUAGE } from '../schema/site/languages.ts';

/** Where a page's data is: /page-data/news for /news, /page-data/ for the home page. */
export const PAGE_DATA_PREFIX = '/page-data';

/**
 * The answer (a promise while a page is being drawn), or null while the page renderer is still
 * loading (files.pagesReady()).
 */
export function pageAnswer(
  files: ServedFiles,
  req: IncomingMessage,
  pathname: string,
): Answer | Promise<Answer> | null {
  const { web } = files;
  if (pathname === PAGE_DATA_PREFIX || pathname.startsWith(`${PAGE_DATA_PREFIX}/`)) {
    const page = pathname.slice(PAGE_DATA_PREFIX.length) || '/';
    const pages = pagesFor(files, page);
    return pages && pages.data(page);
  }
  // Admin addresses get the admin's own page; /index.html (the frame of the pages) as built.
  if (isAdminPath(pathname)) return web!.adminPage();
  if (pathname === '/index.html') return web!.pageFor(pathname);
  const pages = pagesFor(files, pathname);
  return pages && pages.page(req, pathname);
}

/** The pages of the language an address is in (`/es/…`: Spanish), or null while they load. */
export function pagesFor(files: ServedFiles, pathname: string): SitePages | null {
  if (!/^\/[a-z]{2}(?:\/|$)/.test(pathname)) return files.pages;
  const { lang } = files.languages.split(pathname);
  return lang === SOURCE_LANGUAGE ? files.pages : (files.languages.site(lang)?.pages ?? null);
}
