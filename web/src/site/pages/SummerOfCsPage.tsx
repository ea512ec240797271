// /summerOfCS (spec §2): the visible summer event page with its details, the expandable dropdowns,
// the workshop schedule image and its event cards. 'Default Header' when no event page is shown.
import { eventForPath, SUMMER_PATH } from '../../lib/events.ts';
import type { EventDropdown, MajorEvent, WorkshopSchedule } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { plainText } from '../../../../server/schema/site/plainText.ts';
import { EventDetails } from '../components/EventDetails.tsx';
import { EventDropdowns } from '../components/EventDropdowns.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { EventCardsFor } from './EventPage.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { EditLink } from '../components/EditLink.tsx';
import { altAttribute } from '../../../../server/schema/imageAlt.ts';

/**
 * The schedule image fits the screen; on a phone its text is too small to read, so a link opens
 * the image itself, where it can be zoomed. The link covers the image too (tap it to open), but its
 * name stays short: screen readers read the image's description as the image, not as the link.
 */
function Schedule() {
  const schedule = useApi<WorkshopSchedule>('workshop_schedule.php').data;
  if (!schedule?.image) return null;
  return (
    <section aria-labelledby="schedule-heading" className="schedule">
      <h2 id="schedule-heading">Workshop Schedule</h2>
      <EditLink entity="workshopSchedule" what="workshop schedule" />
      <div className="schedule-figure">
        <ResponsiveImage
          src={schedule.image}
          alt={schedule.alt ? altAttribute(schedule.alt) : 'Workshop schedule'}
          className="schedule-image"
          sizes="(max-width: 1180px) 100vw, 1180px"
        />
        <p className="schedule-open">
          <a href={schedule.image} className="schedule-link">
            Open the schedule full size
          </a>
        </p>
      </div>
    </section>
  );
}

export function SummerOfCsPage() {
  const events = useApi<MajorEvent[]>('majorevents.php');
  const dropdowns = useApi<EventDropdown[]>('event_dropdowns.php');
  const event = eventForPath(events.data, SUMMER_PATH);
  usePageTitle(event?.header ?? 'Summer of CS', {
    description:
      event &&
      [event.date_range, event.location, plainText(event.event_description)].filter(Boolean).join('. '),
  });
  return (
    <div className="container page event-page summer-page">
      <Loadable
        state={events}
        what="this event page"
        logMessage="Error fetching major events"
        fallback="Loading or not found"
      >
        {() => (
          <>
            <EventDetails event={event} />
            <Loadable
              state={dropdowns}
              what="the event details"
              logMessage="Error fetching spotlight dropdowns"
              fallback="Loading or not found"
            >
              {(items) =>
                items.length ? (
                  <section aria-labelledby="details-heading" className="event-details">
                    <h2 id="details-heading">Event Details</h2>
                    <EventDropdowns items={items} />
                  </section>
                ) : null
              }
            </Loadable>
            <Schedule />
            {event && <EventCardsFor header={event.header} />}
          </>
        )}
      </Loadable>
    </div>
  );
}
