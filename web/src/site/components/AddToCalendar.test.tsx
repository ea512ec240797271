// The card's "Add to calendar" link points at the file the server makes for it, and only when the
// card has a start date (the server has no calendar entry for an undated card).
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import type { EventCard } from '../../lib/types.ts';
import { EVENT_CALENDAR_PATH } from '../../../../server/schema/calendarPaths.ts';
import { AddToCalendar } from './AddToCalendar.tsx';

const card = (start_date: string) =>
  ({ id: '7', title: 'Robotics night', start_date }) as unknown as EventCard;

it('links a dated card to its own calendar file, named for screen readers', () => {
  const html = renderToStaticMarkup(<AddToCalendar card={card('2027-05-07')} />);
  const href = /href="([^"]+)"/.exec(html)?.[1];
  expect(href).toBe('/events/7.ics');
  expect(EVENT_CALENDAR_PATH.exec(href!)?.[1]).toBe('7');
  expect(html).toContain('Add to calendar<span class="visually-hidden">: Robotics night</span>');
});

it('shows nothing for a card without a date', () => {
  expect(renderToStaticMarkup(<AddToCalendar card={card('')} />)).toBe('');
});
