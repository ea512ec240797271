// The site's addresses: the public pages (spec §2 route table) for the sitemap, the fixed ones and
// each visible event page at its page URL, and the admin pages for robots.txt to keep crawlers out
// of. The web app's route table (web/src/site/routes.tsx) has the same paths (publicPages.test.ts
// checks); it is not imported here because it brings the whole site's components, which the server
// loads only after it has started answering.
import { DRAFTS_ROUTE, PREVIEW_ROOT, SHARE_ROOT } from '../schema/draftPaths.ts';
import { FIXED_PAGES } from '../schema/sitePaths.ts';
import { entities, entityByName } from '../schema/registry.ts';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { visibleToPublic } from '../content/readModel/visibility.ts';
import { AUDIT_LOG_ROUTE } from '../schema/auditEvent.ts';
import { CONTENT_CHECKS_ROUTE } from '../schema/contentChecks.ts';
import { MEDIA_LIBRARY_ROUTE } from '../schema/mediaLibrary.ts';
import { PAGED_LISTINGS, pageCount, pageHref } from '../schema/site/paging.ts';

export { FIXED_PAGES };

/**
 * Every public page's path: the fixed ones, the visible event pages' page URLs, each once, then the
 * paged listings' numbered pages (/news/page/2, /events/page/2 on; server/schema/site/paging.ts).
 */
export function publicPagePaths(index: ContentIndex): string[] {
  const paths: string[] = [...FIXED_PAGES];
  const seen = new Set(paths.map((p) => p.toLowerCase()));
  for (const page of index.list(entities.majorEvent)) {
    const url = page.data.page_url;
    if (typeof url !== 'string' || !url || !visibleToPublic(entities.majorEvent, page.data)) continue;
    if (seen.has(url.toLowerCase())) continue; // routes match regardless of case
    seen.add(url.toLowerCase());
    paths.push(url);
  }
  // Staff's pages, at their addresses.
  for (const page of index.list(entities.page)) {
    const path = String(page.data.path);
    if (!visibleToPublic(entities.page, page.data) || seen.has(path)) continue;
    seen.add(path);
    paths.push(path);
  }
  for (const listing of PAGED_LISTINGS) {
    const def = entityByName.get(listing.entity)!;
    let listed = 0;
    for (const item of index.all(def))
      if (visibleToPublic(def, item.data) && (listing.listed?.(item.data) ?? true)) listed++;
    for (let n = 2; n <= pageCount(listed, listing.perPage); n++) paths.push(pageHref(listing.path, n));
  }
  return paths;
}

/** The admin home, each entity's admin page, the admin pages no entity declares, and drafts' previews. */
export const ADMIN_PAGE_PATHS: readonly string[] = [
  ...new Set([
    '/admin',
    ...Object.values(entities).map((def) => def.admin.route),
    '/MarkdownEditor',
    AUDIT_LOG_ROUTE,
    CONTENT_CHECKS_ROUTE,
    MEDIA_LIBRARY_ROUTE,
    DRAFTS_ROUTE,
    PREVIEW_ROOT,
    SHARE_ROOT,
  ]),
];
