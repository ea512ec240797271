// The public site's fixed pages (spec §2 route table). Event pages add their own addresses (their
// `page_url`), and the news its numbered pages (/news/page/2 on).

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

/** The news's numbered pages: /news/page/2 and on. */
export const NUMBERED_NEWS_PAGE = /^\/news\/page\/([2-9]|[1-9]\d+)$/i;
