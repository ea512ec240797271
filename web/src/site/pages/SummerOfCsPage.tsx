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
import { useWords } from '../words/useWords.ts';
import { langAttr, useSiteLanguage } from '../language/siteLanguage.tsx';

/**
 * The schedule image fits the screen; on a phone its text is too small to read, so a link opens
 * the image itself, where it can be zoomed. The link covers the image too (tap it to open), but its
 * name stays short: screen readers read the image's description as the image, not as the link.
 */
function Schedule() {
  const schedule = useApi<WorkshopSchedule>('workshop_schedule.php').data;
  const words = useWords();
  const lang = useSiteLanguage();
  if (!schedule?.image) return null;
  return (
    <section aria-labelledby="schedule-heading" className="schedule" {...langAttr(schedule, lang)}>
      <h2 id="schedule-heading">{words.workshopSchedule}</h2>
      <EditLink entity="workshopSchedule" what="workshop schedule" />
      <div className="schedule-figure">
        <ResponsiveImage
          src={schedule.image}
          alt={schedule.alt ? altAttribute(schedule.alt) : words.workshopScheduleAlt}
          className="schedule-image"
          sizes="(max-width: 1180px) 100vw, 1180px"
        />
        <p className="schedule-open">
          <a href={schedule.image} className="schedule-link">
            {words.scheduleFullSize}
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
  const words = useWords();
  usePageTitle(event?.header ?? words.summerOfCs, {
    description:
      event &&
      [event.date_range, event.location, plainText(event.event_description)].filter(Boolean).join('. '),
  });
  return (
    <div className="container page event-page summer-page">
      <Loadable
        state={events}
        what={words.what.eventPage}
        logMessage="Error fetching major events"
        fallback={words.loadingOrNotFound}
      >
        {() => (
          <>
            <EventDetails event={event} />
            <Loadable
              state={dropdowns}
              what={words.what.eventDetails}
              logMessage="Error fetching spotlight dropdowns"
              fallback={words.loadingOrNotFound}
            >
              {(items) =>
                items.length ? (
                  <section aria-labelledby="details-heading" className="event-details">
                    <h2 id="details-heading">{words.eventDetails}</h2>
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
