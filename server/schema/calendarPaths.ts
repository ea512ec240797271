// The calendar files' addresses, kept apart from what builds them so the public site's card links
// to its file without bundling any server code.

export const EVENTS_CALENDAR_PATH = '/events.ics';
/** One card's calendar ("Add to calendar"). */
export const eventCalendarPath = (id: string) => `/events/${id}.ics`;
export const EVENT_CALENDAR_PATH = /^\/events\/(\d{1,9})\.ics$/;
