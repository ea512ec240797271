// Where drafts live in the site's addresses: the admin's Drafts page, staff previews and share links.
// None of them is for search engines (robots.txt keeps crawlers out; the pages also say noindex).

export const DRAFTS_ROUTE = '/admin/drafts';
export const PREVIEW_ROOT = '/preview/';
export const SHARE_ROOT = '/share/';
