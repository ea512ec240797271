// The head of an event page: header, organization, location, date range, bold text, description.
import type { ReactNode } from 'react';
import type { MajorEvent } from '../../lib/types.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { EditLink } from './EditLink.tsx';
import { useWords } from '../words/useWords.ts';
import { langAttr, useSiteLanguage } from '../language/siteLanguage.tsx';

export function EventDetails({ event, children }: { event: MajorEvent | undefined; children?: ReactNode }) {
  const words = useWords();
  const lang = useSiteLanguage();
  return (
    <header className="event-header" {...langAttr(event, lang)}>
      <h1>{event?.header || words.defaultHeader}</h1>
      {event && <EditLink entity="majorEvents" id={event.id} what={`event page “${event.header}”`} />}
      {event && (
        <>
          <dl className="event-facts">
            {event.organization && (
              <>
                <dt>{words.organization}</dt>
                <dd>{event.organization}</dd>
              </>
            )}
            {event.location && (
              <>
                <dt>{words.location}</dt>
                <dd>{event.location}</dd>
              </>
            )}
            {event.date_range && (
              <>
                <dt>{words.dates}</dt>
                <dd>{event.date_range}</dd>
              </>
            )}
          </dl>
          <div className="event-description">
            {event.optional_event_description_bold_text && (
              <p>
                <strong>{event.optional_event_description_bold_text}</strong>
              </p>
            )}
            <Markdown headingsFrom={2}>{event.event_description}</Markdown>
          </div>
        </>
      )}
      {children}
    </header>
  );
}
