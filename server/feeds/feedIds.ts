// The ids that name the news feed's entries and the calendar's events for good. A feed reader or a
// calendar knows an item by its id: one that changed with the address the file was fetched from (a
// request's Host, a proxy's, CMS_PUBLIC_URL set later) showed every item again as new, or twice.
// These are tag: URIs (RFC 4151), the same whatever host serves them. The authority and year are
// this site's, fixed when the ids were first given out: changing them makes every item new again.

/** The tagging entity's name (RFC 4151 allows a DNS-style name). */
export const ID_AUTHORITY = 'oregon-cs-education-alliance';
const TAG = `tag:${ID_AUTHORITY},2026:`;

/** The news feed's own id. */
export const NEWS_FEED_ID = `${TAG}news`;

/** A news item's entry id. */
export const newsEntryId = (id: string) => `${TAG}news/${id}`;

/** An event card's UID in the calendars (the same in /events.ics and in its own /events/<id>.ics). */
export const eventUid = (id: string) => `${TAG}event-card/${id}`;
