import { defineCollection } from '../define.ts';
import { eventDateProblems, followedWhen, soonestEventFirst } from '../eventWhen.ts';
import { codes, flag } from '../choiceFields.ts';
import { date, time } from '../dateFields.ts';
import { link } from '../linkFields.ts';
import { markdown, text } from '../textFields.ts';
import { scheduleFields } from '../schedule.ts';

export const eventCard = defineCollection({
  name: 'eventCards',
  label: 'Event cards',
  folder: 'event-cards',
  itemNoun: 'this event card',
  body: 'what',
  fields: {
    title: text('Title', { translatable: true, required: true }),
    bold: text('Bold text', { translatable: true, help: 'Shown in bold above the description.' }),
    what: markdown('What', { translatable: true }),
    who: text('Who is it for', { translatable: true }),
    when_date: text('When (as shown to visitors)', {
      translatable: true,
      help: 'Written from the dates below. Type other words if you want them; empty it to have it written again.',
    }),
    start_date: date('Start date', {
      help: 'Lists events soonest first and puts them in the calendar. Leave empty if unknown.',
    }),
    end_date: date('End date', {
      help: 'The last day. Leave empty for a one-day event.',
      omitWhenEmpty: true,
    }),
    start_time: time('Start time', { help: 'In the site’s time zone. Leave empty for an all-day event.' }),
    end_time: time('End time'),
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
  order: soonestEventFirst,
  legacy: { endpoint: 'events.php', stream: 'get_event_cards_sse.php' },
  search: { page: () => '/events' },
  // Cards shown nowhere are not published: visitors do not get them from any read call.
  rules: {
    publicVisible: (data) => data.display_event !== 'nowhere',
    // The visitors' words follow the dates unless staff typed their own (server/schema/eventWhen.ts).
    follow: ({ data, before }) => {
      const when_date = followedWhen(data, before);
      return when_date === undefined ? {} : { when_date };
    },
    check: ({ data }) => eventDateProblems(data),
  },
  admin: {
    route: '/EventsAdminPage',
    description: 'Create, edit and delete the event cards on the events and event pages.',
    titleField: 'title',
  },
});
