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
import { useWords } from '../words/useWords.ts';

type Item = NewsItem & EventCard & Paper;

/** Each source: its paged read, how one item is drawn, what an empty list says and its own page's link (keys of the site's words). */
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
    empty: 'noNews',
    more: ['/news', 'allNews'],
  },
  events: {
    endpoint: EVENTS_LISTING.endpoint,
    draw: (items: Item[], level: Level) => <EventCardList cards={items} headingLevel={level} />,
    empty: 'noEvents',
    more: ['/events', 'allEvents'],
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
    empty: 'noPapers',
    more: ['/research', 'allPapers'],
  },
} as const;

export function ListSection({ heading, source, count }: SectionProps<'list'>) {
  const from = SOURCES[source] ?? SOURCES.news;
  const list = useApi<ListPage<Item>>(pagedEndpoint(from.endpoint, 1, count));
  const words = useWords();
  return (
    <Titled heading={heading} kind="list">
      {(level) => (
        <Loadable
          state={list}
          what={words.what.list}
          logMessage="Error fetching a page's list"
          fallback={words.loading}
        >
          {({ items }) =>
            items.length ? (
              <>
                {from.draw(items, level)}
                <p className="section-more">
                  <SmartLink href={from.more[0]}>{words[from.more[1]]}</SmartLink>
                </p>
              </>
            ) : (
              <p>{words[from.empty]}</p>
            )
          }
        </Loadable>
      )}
    </Titled>
  );
}
