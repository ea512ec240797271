// One event card (spec §2 events page, §4 is_full): title, bold line, 'What:', 'Who is it for:',
// the date, the full notice, the flyer link, and 'Apply Here' or a disabled 'Event Full' box.
import type { EventCard } from '../../lib/types.ts';
import { safeHref } from '../../lib/links.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { NewTabNote } from './SmartLink.tsx';
import { AddToCalendar } from './AddToCalendar.tsx';
import { EditLink } from './EditLink.tsx';
import { useWords } from '../words/useWords.ts';
import { langAttr, useInLanguage, useSiteLanguage } from '../language/siteLanguage.tsx';

export function EventCardView({ card, headingLevel = 2 }: { card: EventCard; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const full = card.is_full;
  const flyer = safeHref(card.flyer_link);
  const apply = safeHref(card.apply_link);
  const words = useWords();
  const lang = useSiteLanguage();
  const inLanguage = useInLanguage();
  return (
    <article className={`event-card${full ? ' is-full' : ''}`} {...langAttr(card, lang)}>
      <Heading className="event-card-title">{card.title}</Heading>
      <EditLink entity="eventCards" id={card.id} what={`event card “${card.title}”`} />
      {card.bold && (
        <p className="event-card-bold">
          <strong>{card.bold}</strong>
        </p>
      )}
      {card.what && (
        <div className="event-card-what">
          <strong>{words.cardWhat}</strong> <Markdown inline>{card.what}</Markdown>
        </div>
      )}
      {card.who && (
        <p>
          <strong>{words.cardWho}</strong> {card.who}
        </p>
      )}
      {card.when_date && (
        <p className="event-card-date">
          <strong>{words.cardWhen}</strong> {card.when_date}
        </p>
      )}
      {full && (
        <p className="event-card-full-notice" role="note">
          {words.fullNotice}
        </p>
      )}
      <div className="event-card-actions">
        {flyer && (
          <a
            href={inLanguage(flyer)}
            className="button button-secondary"
            target="_blank"
            rel="noopener noreferrer"
          >
            {words.eventFlyer}
            <span className="visually-hidden">: {card.title}</span>
            <NewTabNote />
          </a>
        )}
        {full ? (
          <span className="button button-disabled" aria-disabled="true">
            {words.eventFull}
          </span>
        ) : (
          apply && (
            <a href={inLanguage(apply)} className="button" target="_blank" rel="noopener noreferrer">
              {words.applyHere}
              <span className="visually-hidden">: {card.title}</span>
              <NewTabNote />
            </a>
          )
        )}
        <AddToCalendar card={card} />
      </div>
    </article>
  );
}

export function EventCardList({
  cards,
  headingLevel,
  empty,
}: {
  cards: readonly EventCard[];
  headingLevel?: 2 | 3;
  empty?: string;
}) {
  if (!cards.length) return empty ? <p>{empty}</p> : null;
  return (
    <ul className="event-card-list">
      {cards.map((c) => (
        <li key={c.id}>
          <EventCardView card={c} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
