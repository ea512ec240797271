// The events listing (spec §2, DESIGN decision 4): cards shown everywhere, soonest first as the
// server orders them; full events show the notice and a disabled 'Event Full' box.
import { Link } from 'react-router-dom';
import { cardsForListing, eventHref, visibleEvents } from '../../lib/events.ts';
import type { EventCard, MajorEvent } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { EventCardList } from '../components/EventCardView.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { NewsNav } from '../components/NewsNav.tsx';
import { EventsCalendarLink } from '../components/FeedLinks.tsx';

/** The visible event pages, so they stay reachable where the EVENTS dropdown is flattened. */
function EventPagesList() {
  const pages = visibleEvents(useApi<MajorEvent[]>('majorevents.php').data);
  if (!pages.length) return null;
  return (
    <nav aria-label="Event pages" className="event-pages-nav">
      <h2 className="event-pages-heading">Event pages</h2>
      <ul>
        {pages.map((e) => (
          <li key={e.id}>
            <Link to={eventHref(e)}>{e.header}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function EventsPage() {
  usePageTitle('Events');
  const cards = useApi<EventCard[]>('events.php');
  return (
    <div className="container page listing-page">
      <NewsNav />
      <h1>Events</h1>
      <EventsCalendarLink />
      <EventPagesList />
      <Loadable state={cards} what="the events" logMessage="Error fetching events" fallback="Loading events…">
        {(list) => (
          <EventCardList
            cards={cardsForListing(list)}
            empty="There are no upcoming events right now. Please check back soon."
          />
        )}
      </Loadable>
    </div>
  );
}
