import { byNumericId, defineCollection } from '../define.ts';
import { choice, flag } from '../choiceFields.ts';
import { markdown, text } from '../textFields.ts';
import { scheduleFields } from '../schedule.ts';
import { eventCard } from './eventCard.ts';
import { fieldText } from '../fieldText.ts';

/** The six fixed page addresses an event page can take (spec §9). */
export const EVENT_PAGE_URLS = [
  '/winterofcs',
  '/summerOfCS',
  '/ECS_Huddle',
  '/EventPage1',
  '/EventPage2',
  '/EventPage3',
] as const;

export const majorEvent = defineCollection({
  name: 'majorEvents',
  label: 'Event pages',
  folder: 'event-pages',
  itemNoun: 'this event page',
  body: 'event_description',
  fields: {
    header: text('Header', { required: 'Header is required' }),
    organization: text('Organization'),
    location: text('Location'),
    date_range: text('Date range', { translatable: true }),
    optional_event_description_bold_text: text('Bold text (optional)', { translatable: true }),
    event_description: markdown('Event description', {
      translatable: true,
      required: 'Event description is required',
    }),
    hidden: flag('Hidden', { initial: true, yes: 'Hidden', no: 'Shown' }),
    page_url: choice('Page URL', ['', ...EVENT_PAGE_URLS], { initial: '' }),
    ...scheduleFields(),
  },
  order: byNumericId,
  legacy: { endpoint: 'majorevents.php', stream: 'majorevents.php?sse=true' },
  search: { page: (data) => (typeof data.page_url === 'string' && data.page_url) || '/' },
  // Hidden pages are drafts, a new page starts hidden, a page URL may belong to one page only, and a
  // renamed page takes its event cards along (cards name their page by its header).
  rules: {
    publicVisible: (data) => data.hidden !== true,
    onCreate: (data) => ({ ...data, hidden: true }),
    check: ({ def, data, id, items }) => {
      const url = data.page_url;
      if (!url) return null;
      const taken = items.list(def).find((o) => o.id !== id && o.data.page_url === url);
      return taken
        ? {
            page_url: `The page URL ${fieldText(url)} is already used by "${fieldText(taken.data.header)}". Choose another or free it there first.`,
          }
        : null;
    },
    // Cards that named the old header move to the new one, unless another page still has the old
    // header (then they may belong to that page, and stay).
    carry: ({ def, data, before, id, items }) => {
      const from = before?.header;
      const to = data.header;
      if (typeof from !== 'string' || typeof to !== 'string' || !from || from === to) return null;
      if (items.list(def).some((p) => p.id !== id && p.data.header === from)) return null;
      const cards = items.list(eventCard).filter((c) => c.data.major_event_associated === from);
      if (!cards.length) return null;
      const n = cards.length;
      return {
        def: eventCard,
        items: cards.map((c) => ({ id: c.id, data: { ...c.data, major_event_associated: to } })),
        note: `${n} event ${n === 1 ? 'card' : 'cards'} moved with the renamed page.`,
      };
    },
    // The link carry follows, for drafts: cards follow a rename made on the other side.
    namedBy: { field: 'header', def: eventCard, as: 'major_event_associated' },
  },
  admin: {
    route: '/MajorEventsAdminPage',
    description: 'Create event pages, show or hide them and choose their page address.',
    titleField: 'header',
  },
});
