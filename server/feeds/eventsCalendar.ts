// The event cards as an iCalendar (RFC 5545): one VEVENT per card visitors can see that has a start
// date; the whole list at /events.ics, one card at /events/<id>.ics ("Add to calendar"). A card is
// all day on the days its dates span (DTEND the day after the last, as RFC 5545 has it), or at its
// times on one day (server/schema/eventWhen.ts: a card with a start date and words alone has its last
// day and times read from the words). UIDs are the site's own (feedIds.ts), whatever address the file
// was fetched from.
import type { ContentView, IndexedItem } from '../content/index/contentIndex.ts';
import { visibleToPublic } from '../content/readModel/visibility.ts';
import { entities } from '../schema/registry.ts';
import { SITE_NAME } from '../schema/site/brand.ts';
import { contentLine, escapeText, icalDate, icalendarText, icalUtc, nextDay } from './icalendar.ts';
import { absoluteLink, htmlText, type MarkdownHtml } from './plainText.ts';
import { zonedInstant } from '../schema/eventTimes.ts';
import { eventSpan } from '../schema/eventWhen.ts';
import { eventUid } from './feedIds.ts';
import { fieldText } from '../schema/fieldText.ts';

/** Whether a card goes into the calendar: visitors see it and it has a start date. */
export function inCalendar(card: { data: Record<string, unknown> }): boolean {
  return visibleToPublic(entities.eventCard, card.data) && eventSpan(card.data) !== null;
}

export interface CalendarContext {
  origin: string;
  /** The DTSTAMP: with METHOD:PUBLISH, the time this calendar was made. */
  now: Date;
  /** The site's time zone, in which the display dates' times of day are read. */
  timeZone: string;
  /** The event pages' markdown, as they render it (the description is its words). */
  html: MarkdownHtml;
}

/** The calendar of every card in it, or of the one card `only` (undefined when that card is not in it). */
export function eventsCalendar(index: ContentView, ctx: CalendarContext, only?: string): string | undefined {
  const { origin, now } = ctx;
  const cards =
    only === undefined
      ? index.list(entities.eventCard).filter(inCalendar)
      : [index.get(entities.eventCard, only)].filter((c): c is IndexedItem => !!c && inCalendar(c));
  if (only !== undefined && !cards.length) return undefined;
  const pages = new Map(
    index
      .list(entities.majorEvent)
      .filter((p) => visibleToPublic(entities.majorEvent, p.data))
      .map((p) => [fieldText(p.data.header), p.data]),
  );
  const stamp = icalUtc(now);
  return icalendarText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    contentLine('PRODID', `-//${SITE_NAME}//Site CMS//EN`),
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    contentLine('X-WR-CALNAME', escapeText(`${SITE_NAME}: Events`)),
    contentLine('X-WR-TIMEZONE', ctx.timeZone),
    ...cards.flatMap((card) =>
      vevent(card, pages.get(fieldText(card.data.major_event_associated)), {
        origin,
        stamp,
        timeZone: ctx.timeZone,
        html: ctx.html,
      }),
    ),
    'END:VCALENDAR',
  ]);
}

interface Where {
  origin: string;
  stamp: string;
  timeZone: string;
  html: MarkdownHtml;
}

/**
 * DTSTART/DTEND: the card's days, all day (DTEND is the day after the last); else, on one day, at
 * its times of day (in UTC).
 */
function when(data: Record<string, unknown>, timeZone: string): string[] {
  const { start, end, times } = eventSpan(data)!;
  if (!times) {
    return [
      contentLine('DTSTART', icalDate(start), { VALUE: 'DATE' }),
      contentLine('DTEND', icalDate(nextDay(end)), { VALUE: 'DATE' }),
    ];
  }
  const at = (minutes: number) => icalUtc(zonedInstant(start, minutes, timeZone));
  return [
    contentLine('DTSTART', at(times.start)),
    ...(times.end === undefined ? [] : [contentLine('DTEND', at(times.end))]),
  ];
}

function vevent(card: IndexedItem, page: Record<string, unknown> | undefined, where: Where): string[] {
  const d = card.data;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const apply = d.is_full === true ? undefined : absoluteLink(d.apply_link, where.origin);
  const flyer = absoluteLink(d.flyer_link, where.origin);
  const pageUrl = page && absoluteLink(page.page_url, where.origin);
  const description = [
    text(d.bold),
    text(d.what) && htmlText(where.html(text(d.what))),
    text(d.who) && `Who is it for: ${text(d.who)}`,
    text(d.when_date) && `When: ${text(d.when_date)}`,
    d.is_full === true ? 'This event is full.' : '',
    apply && `Apply: ${apply}`,
    flyer && `Event flyer: ${flyer}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const location = page ? [text(page.location), text(page.organization)].filter(Boolean).join(', ') : '';
  return [
    'BEGIN:VEVENT',
    contentLine('UID', eventUid(card.id)),
    contentLine('DTSTAMP', where.stamp),
    ...when(d, where.timeZone),
    contentLine('SUMMARY', escapeText(text(d.title))),
    ...(description ? [contentLine('DESCRIPTION', escapeText(description))] : []),
    ...(location ? [contentLine('LOCATION', escapeText(location))] : []),
    contentLine('URL', apply ?? pageUrl ?? `${where.origin}/events`),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}
