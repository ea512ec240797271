import { byNumericId, defineCollection } from '../define.ts';
import { choice, flag, markdown, text } from '../fields.ts';
import { scheduleFields } from '../schedule.ts';

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
    date_range: text('Date range'),
    optional_event_description_bold_text: text('Bold text (optional)'),
    event_description: markdown('Event description', { required: 'Event description is required' }),
    hidden: flag('Hidden', { initial: true, yes: 'Hidden', no: 'Shown' }),
    page_url: choice('Page URL', ['', ...EVENT_PAGE_URLS], { initial: '' }),
    ...scheduleFields(),
  },
  order: byNumericId,
  legacy: { endpoint: 'majorevents.php', stream: 'majorevents.php?sse=true' },
  search: { page: (data) => (typeof data.page_url === 'string' && data.page_url) || '/' },
  admin: {
    route: '/MajorEventsAdminPage',
    description: 'Create event pages, show or hide them and choose their page address.',
    titleField: 'header',
  },
});
