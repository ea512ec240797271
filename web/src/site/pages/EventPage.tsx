// The event pages by page URL (/winterOfCS, /ECS_Huddle, /EventPage1–3): the visible event page
// whose page_url is this path, with its event cards. Hidden or unknown pages are not found.
import { useLocation } from 'react-router-dom';
import { cardsForEvent, eventForPath } from '../../lib/events.ts';
import type { EventCard, MajorEvent } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { plainText } from '../../../../server/schema/site/plainText.ts';
import { EventCardList } from '../components/EventCardView.tsx';
import { EventDetails } from '../components/EventDetails.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { useWords } from '../words/useWords.ts';

export function EventCardsFor({ header }: { header: string }) {
  const cards = useApi<EventCard[]>('events.php');
  const words = useWords();
  return (
    <Loadable
      state={cards}
      what={words.what.events}
      logMessage="Error fetching event cards"
      fallback={words.loadingEvents}
    >
      {(list) => {
        const mine = cardsForEvent(list, header);
        return mine.length ? (
          <section aria-labelledby="event-cards-heading" className="event-cards">
            <h2 id="event-cards-heading">{words.events}</h2>
            <EventCardList cards={mine} headingLevel={3} />
          </section>
        ) : null;
      }}
    </Loadable>
  );
}

export function EventPage() {
  const { pathname } = useLocation();
  const events = useApi<MajorEvent[]>('majorevents.php');
  const event = eventForPath(events.data, pathname);
  const words = useWords();
  usePageTitle(event?.header ?? (events.data ? words.pageNotFound : undefined), {
    description:
      event &&
      [event.date_range, event.location, plainText(event.event_description)].filter(Boolean).join('. '),
    canonicalPath: event?.page_url,
  });
  if (events.data && !event) return <NotFoundPage />;
  return (
    <div className="container page event-page">
      <Loadable
        state={events}
        what={words.what.eventPage}
        logMessage="Error fetching major events"
        fallback={words.loadingOrNotFound}
      >
        {() =>
          event && (
            <>
              <EventDetails event={event} />
              <EventCardsFor header={event.header} />
            </>
          )
        }
      </Loadable>
    </div>
  );
}
