// The events listing (spec §2, DESIGN decision 4): cards shown everywhere, soonest first as the
// server orders them, a page at a time (paging.ts): /events is the first page, /events/page/2 the
// next. Full events show the notice and a disabled 'Event Full' box.
import { Link } from '../components/RouterLinks.tsx';
import { eventHref, visibleEvents } from '../../lib/events.ts';
import type { EventCard, MajorEvent } from '../../lib/types.ts';
import { useApi, type ApiState } from '../../lib/useApi.ts';
import { EventCardList } from '../components/EventCardView.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { NewsNav } from '../components/NewsNav.tsx';
import { EventsCalendarLink } from '../components/FeedLinks.tsx';
import { ListingPages, useListingTitle } from '../components/ListingPages.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { EVENTS_LISTING, type ListPage } from '../../../../server/schema/site/paging.ts';
import { useWords } from '../words/useWords.ts';

/** The visible event pages, so they stay reachable where the EVENTS dropdown is flattened. */
function EventPagesList() {
  const pages = visibleEvents(useApi<MajorEvent[]>('majorevents.php').data);
  const words = useWords();
  if (!pages.length) return null;
  return (
    <nav aria-label={words.eventPages} className="event-pages-nav">
      <h2 className="event-pages-heading">{words.eventPages}</h2>
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
  return (
    <ListingPages<EventCard> listing={EVENTS_LISTING}>
      {(page, cards) => <EventsView page={page} cards={cards} />}
    </ListingPages>
  );
}

function EventsView({ page, cards }: { page: number; cards: ApiState<ListPage<EventCard>> }) {
  const words = useWords();
  useListingTitle(EVENTS_LISTING, words.events, page, cards.data?.pages ?? page);
  return (
    <div className="container page listing-page">
      <NewsNav />
      <h1>{words.events}</h1>
      <EventsCalendarLink />
      <EventPagesList />
      <Loadable
        state={cards}
        what={words.what.events}
        logMessage="Error fetching events"
        fallback={words.loadingEvents}
      >
        {({ items, pages }) => (
          <>
            <EventCardList cards={items} empty={words.noEvents} />
            <Pagination listing={EVENTS_LISTING} page={page} pages={pages} />
          </>
        )}
      </Loadable>
    </div>
  );
}
