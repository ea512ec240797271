// The visible links to the feeds point at the addresses the server answers them at.
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { FeedAnswers } from '../../../../server/http/feedAnswers.ts';
import { EventsCalendarLink, NewsFeedLink } from './FeedLinks.tsx';

const href = (html: string) => /href="([^"]+)"/.exec(html)?.[1] ?? '';

it('offers the news feed and the events calendar by name, at their addresses', () => {
  const news = renderToStaticMarkup(<NewsFeedLink />);
  expect(news).toContain('>Subscribe to the news</a>');
  expect(href(news)).toBe('/news.atom');
  const events = renderToStaticMarkup(<EventsCalendarLink />);
  expect(events).toContain('>Add all events to your calendar</a>');
  expect(href(events)).toBe('/events.ics');
  for (const html of [news, events]) expect(FeedAnswers.handles(href(html))).toBe(true);
});
