// Event pages: hidden pages are drafts, a new page starts hidden, and a page URL may belong to one
// page only.
import type { EntityRule } from './types.ts';

export const majorEventRule: EntityRule = {
  publicVisible: (data) => data.hidden !== true,
  onCreate: (data) => ({ ...data, hidden: true }),
  check: ({ data, id, others }) => {
    const url = data.page_url;
    if (!url) return null;
    const taken = others.find((o) => o.id !== id && o.data.page_url === url);
    return taken
      ? { page_url: `The page URL ${String(url)} is already used by "${String(taken.data.header)}". Choose another or free it there first.` }
      : null;
  },
};
