// What a search answers, shared by the server (server/search/siteSearch.ts) and the pages that show
// it (web/src/site/pages/SearchPage.tsx, the admin's search). Types and constants only: the web app
// imports this module.

/** A piece of a title or passage; `hit` marks a word the search found. */
export interface Piece {
  text: string;
  hit?: true;
}

export interface SearchResult {
  entity: string;
  /** The collection's name for people ('News', 'Research papers'). */
  label: string;
  id: string;
  title: Piece[];
  /** Where to read it: a page of the site (visitors) or the collection's admin page (staff). */
  href: string;
  snippet: Piece[];
  /** Where the words were found: the snippet is taken from there. */
  foundIn: 'title' | 'text' | 'pdf';
}

export interface SearchAnswer {
  q: string;
  /** False while the index is still being built: the results may be incomplete. */
  ready: boolean;
  message?: string;
  total: number;
  results: SearchResult[];
}

/** The public results page; it works without JavaScript (a GET form's target). */
export const SEARCH_PATH = '/search';

/** The read call a page makes for a query: GET /api/search?q=… */
export const searchEndpoint = (q: string) => `search?q=${encodeURIComponent(q)}`;

export const isSearchEndpoint = (endpoint: string) => endpoint.startsWith('search?');
