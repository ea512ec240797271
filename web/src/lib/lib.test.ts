// The small pure helpers of the web app.
import { describe, expect, it } from 'vitest';
import { apiUrl } from './api.ts';
import { formatDate, isoDate } from './dates.ts';
import { adminDate } from '../admin/dates.ts';
import { plainDay } from '../../../server/schema/eventWhen.ts';
import { EVENTS_LISTING } from '../../../server/schema/site/paging.ts';
import { cardsForEvent, eventForPath, eventHref, visibleEvents } from './events.ts';
import { isSitePath, safeHref } from './links.ts';
import { byLastWordOfName } from './sort.ts';
import type { EventCard, MajorEvent } from './types.ts';

const event = (id: string, header: string, page_url: MajorEvent['page_url'], hidden = false) =>
  ({ id, header, page_url, hidden, version: 'v' }) as MajorEvent;
const card = (id: string, major_event_associated: string, display_event: EventCard['display_event']) =>
  ({ id, title: `card ${id}`, major_event_associated, display_event, version: 'v' }) as EventCard;

describe('apiUrl', () => {
  it('always asks for media as URLs and items as stored values', () => {
    expect(apiUrl('news.php')).toBe('/api/news.php?media=url&shape=typed');
    expect(apiUrl('download_pdf.php?id=3')).toBe('/api/download_pdf.php?id=3&media=url&shape=typed');
  });
});

describe('dates read naturally', () => {
  it('formats stored ISO dates and leaves other text alone', () => {
    expect(formatDate('2025-03-05')).toBe('March 5, 2025');
    expect(formatDate('Spring 2027')).toBe('Spring 2027');
    expect(formatDate('2025-02-30')).toBe('2025-02-30');
    expect(formatDate(' 2025-03-05 ')).toBe('March 5, 2025');
    // The one formatter of a day for visitors and the server's messages (schema/eventWhen.ts).
    expect(formatDate('2027-03-01')).toBe(plainDay('2027-03-01'));
    expect(plainDay('2025-02-31')).toBe('2025-02-31'); // it once read 'March 3, 2025'
    expect(adminDate('2025-02-31')).toBe('2025-02-31');
    expect(isoDate('2025-03-05')).toBe('2025-03-05');
    // DD/MM/YYYY is the documented wire's spelling of papers' dates; the app reads stored ISO dates.
    expect(isoDate('5/3/2025')).toBeUndefined();
    expect(isoDate('soon')).toBeUndefined();
  });
});

describe('event pages and cards', () => {
  const events = [
    event('3', 'Huddle', '/ECS_Huddle', true),
    event('2', 'Summer', '/summerOfCS'),
    event('1', 'Winter', '/winterofcs'),
    event('4', 'Draft', ''),
  ];
  it('shows only visible pages, lowest id first, found by page URL regardless of case', () => {
    expect(visibleEvents(events).map((e) => e.header)).toEqual(['Winter', 'Summer', 'Draft']);
    expect(eventForPath(events, '/winterOfCS')?.header).toBe('Winter');
    expect(eventForPath(events, '/ECS_Huddle')).toBeUndefined();
    expect(eventHref(events[3]!)).toBe('/');
  });
  it('puts on an event page the cards displayed there (event page, everywhere) whose event matches', () => {
    const cards = [
      card('1', 'Summer', 'nowhere'),
      card('2', 'Summer', 'event-page'),
      card('3', 'Summer', 'everywhere'),
      card('4', 'Winter', 'everywhere'),
      card('5', 'None', 'everywhere'),
    ];
    expect(cardsForEvent(cards, 'Summer').map((c) => c.id)).toEqual(['2', '3']);
    // The events listing: cards shown everywhere (paged on the server, server/schema/sitePaths.ts).
    expect(cards.filter((c) => EVENTS_LISTING.listed!(c)).map((c) => c.id)).toEqual(['3', '4', '5']);
  });
});

describe('links', () => {
  it('keeps site paths in the app, except the dashboard, which needs its own page load', () => {
    expect(isSitePath('/events')).toBe(true);
    expect(isSitePath('//evil.example')).toBe(false);
    expect(isSitePath('/media/papers/1.pdf')).toBe(false);
    expect(isSitePath('/TableauDashboardEmbed')).toBe(false);
  });
  it('allows only the site link schemes', () => {
    expect(safeHref('https://e.org')).toBe('https://e.org');
    expect(safeHref('mailto:a@b.org')).toBe('mailto:a@b.org');
    expect(safeHref('example.org/x')).toBe('https://example.org/x');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref(' JavaScript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,x')).toBeUndefined();
    expect(safeHref('')).toBeUndefined();
  });
});

describe('staff order', () => {
  it('sorts by the last word of the name, ignoring case', () => {
    const names = ['Dana Okafor', 'priya raman', 'Miguel Herrera', 'Jordan Ellsworth'].map((name) => ({
      name,
    }));
    expect(names.sort(byLastWordOfName).map((p) => p.name)).toEqual([
      'Jordan Ellsworth',
      'Miguel Herrera',
      'Dana Okafor',
      'priya raman',
    ]);
  });
});
