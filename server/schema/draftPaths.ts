// Where drafts live in the site's addresses: the admin's Drafts page, staff previews and share links.
// None of them is for search engines (robots.txt keeps crawlers out; the pages also say noindex).

export const DRAFTS_ROUTE = '/admin/drafts';
/** A draft's own page in the admin. */
export const draftRoute = (id: string) => `${DRAFTS_ROUTE}/${encodeURIComponent(id)}`;
export const PREVIEW_ROOT = '/preview/';
export const SHARE_ROOT = '/share/';

/** A draft's id as the server makes and accepts it (its ref, its record's file, `?draft=`, addresses). */
export const DRAFT_ID_PATTERN = '[a-z0-9][a-z0-9-]{0,39}';
const DRAFT_ID = new RegExp(`^${DRAFT_ID_PATTERN}$`);
export const isDraftId = (id: string): boolean => DRAFT_ID.test(id);
