// Every public page's address, for the browser's routes (web/src/site/routes.tsx), the server's
// page renderer and the benchmarks: the fixed pages and the event pages; the not-found page answers
// the rest.
import { FIXED_PAGES } from '../sitePaths.ts';

/** Event pages other than the summer one (spec §2); routes match regardless of case. */
export const EVENT_PAGE_PATHS = ['/winterOfCS', '/ECS_Huddle', '/EventPage1', '/EventPage2', '/EventPage3'];

/** Every public page's path (the not-found page answers the rest): the fixed pages and the event pages. */
export const PUBLIC_PATHS: string[] = [...FIXED_PAGES, ...EVENT_PAGE_PATHS];
