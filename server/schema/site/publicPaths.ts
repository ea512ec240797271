// Every public page's address, for the browser's routes (web/src/site/routes.tsx), the server's
// page renderer and the benchmarks: the fixed pages and the event pages; the not-found page answers
// the rest.
import { FIXED_PAGES } from '../sitePaths.ts';

/** Event pages other than the summer one (spec §2); routes match regardless of case. */
export const EVENT_PAGE_PATHS = ['/winterOfCS', '/ECS_Huddle', '/EventPage1', '/EventPage2', '/EventPage3'];

/** Every public page's path (the not-found page answers the rest): the fixed pages and the event pages. */
export const PUBLIC_PATHS: string[] = [...FIXED_PAGES, ...EVENT_PAGE_PATHS];

/** The read call listing the addresses of staff's pages (the public site tells a page from a missing one). */
export const PAGE_PATHS_ENDPOINT = 'page_paths';
const PAGE_AT = 'pages?path=';
/** The read call answering the page staff built at an address: a list of it alone, or empty. */
export const pageAtEndpoint = (path: string): string => `${PAGE_AT}${path}`;
/** The address a `pageAtEndpoint` call asks for, or null when it is no such call. */
export const pageAtOf = (endpoint: string): string | null =>
  endpoint.startsWith(PAGE_AT) ? endpoint.slice(PAGE_AT.length) : null;
