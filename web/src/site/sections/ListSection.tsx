// "Latest from the site": the newest news, the events as the events page lists them, or the newest
// papers, as many as staff chose, drawn by the same components as their own pages, with a link there.
import type { EventCard, NewsItem, Paper } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import {
  EVENTS_LISTING,
  NEWS_LISTING,
  pagedEndpoint,
  type ListPage,
} from '../../../../server/schema/site/paging.ts';
import { EventCardList } from '../components/EventCardView.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { SmartLink } from '../components/SmartLink.tsx';
import { NewsArticle } from '../pages/NewsPage.tsx';
import { PaperView } from '../pages/ResearchPage.tsx';
import { Titled, type Level } from './Titled.tsx';
import type { SectionProps } from './types.ts';

type Item = NewsItem & EventCard & Paper;

/** Each source: its paged read, how one item is drawn, what an empty list says, and its own page. */
const SOURCES = {
  news: {
    endpoint: NEWS_LISTING.endpoint,
    draw: (items: Item[], level: Level) => (
      <ul className="news-list">
        {items.map((n) => (
          <li key={n.id}>
            <NewsArticle item={n} level={level} />
          </li>
        ))}
      </ul>
    ),
    empty: 'There is no news yet.',
    more: ['/news', 'All news'],
  },
  events: {
    endpoint: EVENTS_LISTING.endpoint,
    draw: (items: Item[], level: Level) => <EventCardList cards={items} headingLevel={level} />,
    empty: 'There are no upcoming events right now. Please check back soon.',
    more: ['/events', 'All events'],
  },
  papers: {
    endpoint: 'get_pdf_metadata.php',
    draw: (items: Item[], level: Level) => (
      <div className="papers">
        {items.map((p, i) => (
          <PaperView key={p.id} paper={p} index={i + 1} level={level} />
        ))}
      </div>
    ),
    empty: 'There are no papers yet.',
    more: ['/research', 'All research papers'],
  },
} as const;

export function ListSection({ heading, source, count }: SectionProps<'list'>) {
  const from = SOURCES[source] ?? SOURCES.news;
  const list = useApi<ListPage<Item>>(pagedEndpoint(from.endpoint, 1, count));
  return (
    <Titled heading={heading} kind="list">
      {(level) => (
        <Loadable state={list} what="this list" logMessage="Error fetching a page's list" fallback="Loading…">
          {({ items }) =>
            items.length ? (
              <>
                {from.draw(items, level)}
                <p className="section-more">
                  <SmartLink href={from.more[0]}>{from.more[1]}</SmartLink>
                </p>
              </>
            ) : (
              <p>{from.empty}</p>
            )
          }
        </Loadable>
      )}
    </Titled>
  );
}
