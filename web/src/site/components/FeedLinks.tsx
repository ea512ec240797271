// The news feed and the events calendar offered where people look for them: "Subscribe" on /news,
// "Add all events to your calendar" on /events. Plain links (the browser hands the file to a feed
// reader or a calendar app), never moves inside the app. Every page's <head> announces both too
// (server/site/pageHtml.ts).
import { EVENTS_CALENDAR_PATH, NEWS_FEED_PATH } from '../../../../server/schema/calendarPaths.ts';
import { useWords } from '../words/useWords.ts';

export function NewsFeedLink() {
  const words = useWords();
  return (
    <p className="feed-link">
      <a href={NEWS_FEED_PATH} type="application/atom+xml">
        {words.subscribeNews}
      </a>{' '}
      <span className="feed-link-note">{words.subscribeNewsNote}</span>
    </p>
  );
}

export function EventsCalendarLink() {
  const words = useWords();
  return (
    <p className="feed-link">
      <a href={EVENTS_CALENDAR_PATH} type="text/calendar">
        {words.calendarAll}
      </a>{' '}
      <span className="feed-link-note">{words.calendarAllNote}</span>
    </p>
  );
}
