// Which draft the admin works in: none (the live site) or one draft. Its id travels in the address
// (`?draft=ID`, so links, reloads and Back keep it) and is remembered for the tab (sessionStorage),
// so an address without it (a link from the public site) still opens in the draft the editor chose;
// `?draft=` with no id says "the live site" and forgets it. Every read key and every write of
// content carries it (liveData.ts, entityApi.ts): while a draft is chosen nothing reaches the live site.
import { isDraftId } from '../../../../server/schema/draftPaths.ts';

const REMEMBERED = 'cms-working-draft';

function remembered(): string | null {
  try {
    const id = sessionStorage.getItem(REMEMBERED);
    return id && isDraftId(id) ? id : null;
  } catch {
    return null; // storage turned off: the address alone says
  }
}

/** Keeps the choice for this tab (null: the live site). */
export function remember(id: string | null): void {
  try {
    if (id) sessionStorage.setItem(REMEMBERED, id);
    else sessionStorage.removeItem(REMEMBERED);
  } catch {
    /* storage turned off */
  }
}

/** What an address says: a draft's id, null for the live site (`draft=` empty or not an id), undefined for nothing. */
export function draftInSearch(search: string): string | null | undefined {
  const said = new URLSearchParams(search).get('draft');
  if (said === null) return undefined;
  return isDraftId(said) ? said : null;
}

/** The draft an address opens in: the one it names, else the one remembered for the tab. */
export function chosenDraft(search: string): string | null {
  const said = draftInSearch(search);
  return said === undefined ? remembered() : said;
}

const inBrowser = typeof window !== 'undefined';
let current: string | null = inBrowser ? chosenDraft(window.location.search) : null;

/**
 * Called while an admin page is drawn, with the router's address, before anything on the page reads
 * or writes. On the server (pages drawn for a first visit) it is always the live site: the module is
 * shared by every request there.
 */
export function followAddress(search: string): string | null {
  if (!inBrowser) return null;
  current = chosenDraft(search);
  return current;
}

/** The draft the admin works in now, or null for the live site. */
export const workingDraftId = (): string | null => current;

/** A content endpoint as it is called in `draft` (the one worked in): unchanged on the live site. */
export function inDraft(endpoint: string, draft: string | null = current): string {
  if (!draft) return endpoint;
  return `${endpoint}${endpoint.includes('?') ? '&' : '?'}draft=${encodeURIComponent(draft)}`;
}

/** The draft a request or cache key names (`…draft=ID`), or null. */
export function draftOfKey(key: string): string | null {
  const query = key.split('?')[1];
  return query ? new URLSearchParams(query).get('draft') : null;
}

/** An address's query with the draft set (null: `draft=`, the live site), other parameters kept. */
export function searchWithDraft(search: string, draft: string | null): string {
  const params = new URLSearchParams(search);
  params.set('draft', draft ?? '');
  return `?${params.toString()}`;
}

/** An address's query without any word of a draft. */
export function searchWithoutDraft(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('draft');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** An admin address (path and query) with the draft worked in, so the link keeps it. */
export function keepDraft(to: string, draft: string | null = current): string {
  if (!draft) return to;
  const [path = '', query = ''] = to.split('?');
  return `${path}${searchWithDraft(query ? `?${query}` : '', draft)}`;
}
