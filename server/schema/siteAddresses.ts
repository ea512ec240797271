// The addresses this site answers, as the content checks see them (schema/contentChecks.ts): the fixed
// pages, the news's numbered pages, each event page at its page URL, the old addresses staff
// redirect (content/site/redirects.md), the feeds and the media files. Pure: the pipeline hands it
// the items it holds, the check script the files it read.
import { EVENT_CALENDAR_PATH, EVENTS_CALENDAR_PATH, NEWS_FEED_PATH } from './calendarPaths.ts';
import type { Fields, ItemLookup } from './define.ts';
import type { Finding, SiteFacts } from './contentChecks.ts';
import { checkItem } from './contentChecks.ts';
import { entities, siteEntities } from './registry.ts';
import { parseRedirects, redirectKey } from './redirects.ts';
import { FIXED_PAGES, NUMBERED_LISTING_PAGE } from './sitePaths.ts';
import { fieldText } from './fieldText.ts';
import { labelAt } from './listFields.ts';

/** Files the server answers beside the pages (feeds, the sitemap, robots.txt). */
const FILES = [NEWS_FEED_PATH, EVENTS_CALENDAR_PATH, '/sitemap.xml', '/robots.txt'];
const FIXED = new Set([...FIXED_PAGES, ...FILES].map((p) => redirectKey(p)));

/** The site's addresses from the items a lookup holds, and its media files by `hasMedia`. */
export function siteFactsOf(
  items: Pick<ItemLookup, 'list' | 'get'>,
  hasMedia: (rel: string) => boolean,
  describes: (rel: string) => boolean = () => false,
): SiteFacts {
  const pages = new Set(FIXED);
  for (const e of items.list(entities.majorEvent)) {
    const url = e.data.page_url;
    if (typeof url === 'string' && url) pages.add(redirectKey(url));
  }
  for (const p of items.list(entities.page)) {
    const path = p.data.path;
    if (typeof path === 'string' && path) pages.add(redirectKey(path));
  }
  const { redirects } = parseRedirects(fieldText(items.get(entities.redirects)?.data.rules));
  for (const r of redirects) pages.add(r.key);
  return {
    hasPage: (path) => {
      const key = redirectKey(path);
      return pages.has(key) || NUMBERED_LISTING_PAGE.test(key) || EVENT_CALENDAR_PATH.test(key);
    },
    hasMedia,
    describes,
  };
}

/** One problem of the site, with the item it is in. */
export interface SiteFinding extends Finding {
  entity: string;
  id: string;
  /** The item's title (its declared title field), for the list. */
  title: string;
  /** The field's label. */
  label: string;
}

/**
 * Every problem of every item the lookup holds, entity by entity in the registry's order, items in
 * their list order: what the Content checks page and `npm run check-content` report.
 */
export function siteFindings(items: Pick<ItemLookup, 'list' | 'get'>, site: SiteFacts): SiteFinding[] {
  const out: SiteFinding[] = [];
  for (const def of siteEntities) {
    const list =
      def.type === 'collection' ? items.list(def) : [items.get(def)].filter((i) => i !== undefined);
    for (const item of list) {
      const titleKey = def.admin.titleField;
      const title = (titleKey ? fieldText(item.data[titleKey]) : '').replace(/\s+/g, ' ').trim() || def.label;
      for (const f of checkItem(def, item.data, site))
        out.push({
          entity: def.name,
          id: item.id,
          title,
          label: labelAt(def.fields as Fields, f.field),
          ...f,
        });
    }
  }
  return out;
}
