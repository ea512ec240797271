// Which event pages and event cards a visitor sees (spec §2, §4, §5).
import type { EventCard, MajorEvent } from './types.ts';

/** Only event pages that are not hidden, lowest id first. */
export const visibleEvents = (events: readonly MajorEvent[] | undefined): MajorEvent[] =>
  (events ?? []).filter((e) => !e.hidden).sort((a, b) => Number(a.id) - Number(b.id));

const samePath = (a: string, b: string) =>
  a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

/** The visible event page whose page_url is this path (case-insensitive: /winterofcs = /winterOfCS). */
export const eventForPath = (
  events: readonly MajorEvent[] | undefined,
  path: string,
): MajorEvent | undefined =>
  visibleEvents(events).find((e) => e.page_url !== '' && samePath(e.page_url, path));

/** Where an event page lives: its page_url, or '/' when it has none. */
export const eventHref = (e: MajorEvent) => e.page_url || '/';

/** Cards shown on an event page: displayed on the event page only or everywhere, and of this event. */
export const cardsForEvent = (cards: readonly EventCard[] | undefined, header: string): EventCard[] =>
  (cards ?? []).filter((c) => c.display_event !== 'nowhere' && c.major_event_associated === header);

export const WINTER_PATH = '/winterOfCS';
export const SUMMER_PATH = '/summerOfCS';
