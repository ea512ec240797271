// Event pages: hidden pages are drafts, a new page starts hidden, a page URL may belong to one
// page only, and a renamed page takes its event cards along (cards name their page by its header).
import { entities } from '../../schema/registry.ts';
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
  // Cards that named the old header move to the new one, unless another page still has the old
  // header (then they may belong to that page, and stay).
  carry: ({ data, before, id, index }) => {
    const from = before?.header;
    const to = data.header;
    if (typeof from !== 'string' || typeof to !== 'string' || !from || from === to) return null;
    if (index.list(entities.majorEvent).some((p) => p.id !== id && p.data.header === from)) return null;
    const cards = index.list(entities.eventCard).filter((c) => c.data.major_event_associated === from);
    if (!cards.length) return null;
    const n = cards.length;
    return {
      def: entities.eventCard,
      items: cards.map((c) => ({ id: c.id, data: { ...c.data, major_event_associated: to } })),
      note: `${n} event ${n === 1 ? 'card' : 'cards'} moved with the renamed page.`,
    };
  },
};
