// "Add to calendar" on an event card with a start date: the card's own iCalendar file, which
// calendar apps open or import (server/feeds/eventsCalendar.ts makes it).
import type { EventCard } from '../../lib/types.ts';
import { eventCalendarPath } from '../../../../server/schema/calendarPaths.ts';
import { useWords } from '../words/useWords.ts';

export function AddToCalendar({ card }: { card: EventCard }) {
  const words = useWords();
  if (!card.start_date) return null;
  return (
    <a
      href={eventCalendarPath(card.id)}
      className="button button-secondary"
      download={`event-${card.id}.ics`}
    >
      {words.addToCalendar}
      <span className="visually-hidden">: {card.title}</span>
    </a>
  );
}
