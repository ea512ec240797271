import { defineCollection, soonestFirst } from '../define.ts';
import { codes, date, flag, link, markdown, text } from '../fields.ts';
import { scheduleFields } from '../schedule.ts';

export const eventCard = defineCollection({
  name: 'eventCards',
  label: 'Event cards',
  folder: 'event-cards',
  itemNoun: 'this event card',
  body: 'what',
  fields: {
    title: text('Title', { required: true }),
    bold: text('Bold text', { help: 'Shown in bold above the description.' }),
    what: markdown('What'),
    who: text('Who is it for'),
    when_date: text('When (as shown to visitors)', { placeholder: 'Saturday, March 8, 2025, 9am–3pm' }),
    start_date: date('Start date (for ordering)', {
      help: 'Used to list events soonest first. Leave empty if unknown.',
    }),
    is_full: flag('Event open or full', { yes: 'Event Full', no: 'Event Open' }),
    flyer_link: link('Event flyer link'),
    apply_link: link('Apply link'),
    major_event_associated: text('Event page', {
      initial: 'None',
      help: 'The header of the event page this card belongs to, or None.',
    }),
    display_event: codes(
      'Display',
      {
        nowhere: { code: '0', label: 'Nowhere' },
        'event-page': { code: '1', label: 'Event Page Only' },
        everywhere: { code: '2', label: 'Everywhere' },
      },
      { initial: 'everywhere' },
    ),
    news_type: codes(
      'Listed as',
      {
        event: { code: '1', label: 'Event' },
        spotlight: { code: '2', label: 'Spotlight' },
      },
      { initial: 'event' },
    ),
    ...scheduleFields(),
  },
  order: soonestFirst('start_date'),
  legacy: { endpoint: 'events.php', stream: 'get_event_cards_sse.php' },
  search: { page: () => '/events' },
  // Cards shown nowhere are not published: visitors do not get them from any read call.
  rules: { publicVisible: (data) => data.display_event !== 'nowhere' },
  admin: {
    route: '/EventsAdminPage',
    description: 'Create, edit and delete the event cards on the events and event pages.',
    titleField: 'title',
  },
});
