// The feeds' addresses (the events calendars and the news feed), kept apart from what builds them so
// the public site links to them without bundling any server code.

export const EVENTS_CALENDAR_PATH = '/events.ics';
/** One card's calendar ("Add to calendar"). */
export const eventCalendarPath = (id: string) => `/events/${id}.ics`;
export const EVENT_CALENDAR_PATH = /^\/events\/(\d{1,9})\.ics$/;

/** The news as an Atom feed. */
export const NEWS_FEED_PATH = '/news.atom';
