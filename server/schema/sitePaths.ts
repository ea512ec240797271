// The public site's fixed pages (spec §2 route table). Event pages add their own addresses (their
// `page_url`), and the paged listings (the news, the events) their numbered pages (/news/page/2 on).

export const FIXED_PAGES = [
  '/',
  '/about',
  '/educators',
  '/summerOfCS',
  '/researchAndPolicy',
  '/news',
  '/events',
  '/spotlight',
  '/research',
  '/TableauDashboardEmbed',
  '/contact',
  '/search',
] as const;

/**
 * A public listing drawn a page at a time: page 1 at `path`, page n at `<path>/page/<n>`, each with its
 * slice of `endpoint`'s list read as `<endpoint>?page=<n>&size=<perPage>` (server/schema/site/paging.ts).
 */
export interface PagedListing {
  path: string;
  /** The read endpoint (under /api/) it pages. */
  endpoint: string;
  /** The entity (its registry name) whose items it lists. */
  entity: string;
  perPage: number;
  /**
   * Which of the entity's visible items it lists, when not all: the endpoint is then the listing's
   * own (server/content/readModel/readModel.ts), beside the documented one, which still answers all.
   */
  listed?: (data: Record<string, unknown>) => boolean;
  /** The numbered pages' nav: its name, and the words of its steps back and on. */
  nav: { label: string; back: string; on: string };
}

/** Items on a page of the news: enough to read through, few enough to stay small at any count. */
export const NEWS_PER_PAGE = 25;
/** Event cards are taller than news items (buttons, a calendar link): fewer a page. */
export const EVENTS_PER_PAGE = 20;

export const NEWS_LISTING: PagedListing = {
  path: '/news',
  endpoint: 'news.php',
  entity: 'news',
  perPage: NEWS_PER_PAGE,
  nav: { label: 'News pages', back: 'Newer', on: 'Older' },
};

/** The events page lists the cards shown everywhere, soonest first (spec §2, DESIGN decision 4). */
export const EVENTS_LISTING: PagedListing = {
  path: '/events',
  endpoint: 'events_listing.php',
  entity: 'eventCards',
  perPage: EVENTS_PER_PAGE,
  listed: (data) => data.display_event === 'everywhere',
  nav: { label: 'Pages of events', back: 'Sooner', on: 'Later' },
};

export const PAGED_LISTINGS: readonly PagedListing[] = [NEWS_LISTING, EVENTS_LISTING];

/** The listings' numbered pages: /news/page/2, /events/page/2 and on. */
export const NUMBERED_LISTING_PAGE = new RegExp(
  `^(${PAGED_LISTINGS.map((l) => l.path.replace(/\//g, '\\/')).join('|')})\\/page\\/([2-9]|[1-9]\\d+)$`,
  'i',
);
