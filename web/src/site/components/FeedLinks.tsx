// The news feed and the events calendar offered where people look for them: "Subscribe" on /news,
// "Add all events to your calendar" on /events. Plain links (the browser hands the file to a feed
// reader or a calendar app), never moves inside the app. Every page's <head> announces both too
// (server/site/pageHtml.ts).
import { EVENTS_CALENDAR_PATH, NEWS_FEED_PATH } from '../../../../server/schema/calendarPaths.ts';

export function NewsFeedLink() {
  return (
    <p className="feed-link">
      <a href={NEWS_FEED_PATH} type="application/atom+xml">
        Subscribe to the news
      </a>{' '}
      <span className="feed-link-note">(an Atom feed, for your feed reader)</span>
    </p>
  );
}

export function EventsCalendarLink() {
  return (
    <p className="feed-link">
      <a href={EVENTS_CALENDAR_PATH} type="text/calendar">
        Add all events to your calendar
      </a>{' '}
      <span className="feed-link-note">(an iCalendar file your calendar app can subscribe to)</span>
    </p>
  );
}
