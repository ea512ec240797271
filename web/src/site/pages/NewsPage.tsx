// News and features (spec §2): title (linked when there is a link), date, text; newest first, a page
// at a time (paging.ts): /news is the first page, /news/page/2 the next, and so on.
import { formatDate, isoDate } from '../../lib/dates.ts';
import type { NewsItem } from '../../lib/types.ts';
import type { ApiState } from '../../lib/useApi.ts';
import { plainText } from '../../../../server/schema/site/plainText.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { NewsNav } from '../components/NewsNav.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { SmartLink } from '../components/SmartLink.tsx';
import { ListingPages, useListingTitle } from '../components/ListingPages.tsx';
import { NEWS_LISTING, type ListPage } from '../../../../server/schema/site/paging.ts';
import { EditLink } from '../components/EditLink.tsx';
import { NewsFeedLink } from '../components/FeedLinks.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { altAttribute } from '../../../../server/schema/imageAlt.ts';
import { useWords } from '../words/useWords.ts';
import { langAttr, useSiteLanguage } from '../language/siteLanguage.tsx';

export function NewsPage() {
  return (
    <ListingPages<NewsItem> listing={NEWS_LISTING}>
      {(page, news) => <NewsView page={page} news={news} />}
    </ListingPages>
  );
}

function NewsView({ page, news }: { page: number; news: ApiState<ListPage<NewsItem>> }) {
  const first = news.data?.items[0];
  // Link previews of the page show the newest picture on it.
  const pictured = news.data?.items.find((n) => n.picture);
  const words = useWords();
  useListingTitle(
    NEWS_LISTING,
    words.news,
    page,
    news.data?.pages ?? page,
    first && `${first.title}. ${plainText(first.what)}`,
    pictured && {
      image: pictured.picture,
      // Without words of its own, the server names it by the description kept with its file.
      imageAlt: altAttribute(pictured.picture_alt ?? '') || undefined,
    },
  );
  return (
    <div className="container page listing-page">
      <NewsNav />
      <h1>{words.newsHeading}</h1>
      <NewsFeedLink />
      <Loadable
        state={news}
        what={words.what.news}
        logMessage="Error fetching news"
        fallback={words.loadingNews}
      >
        {({ items, pages }) =>
          items.length ? (
            <>
              <ul className="news-list">
                {items.map((n) => (
                  <li key={n.id}>
                    <NewsArticle item={n} />
                  </li>
                ))}
              </ul>
              <Pagination listing={NEWS_LISTING} page={page} pages={pages} />
            </>
          ) : (
            <p>{words.noNews}</p>
          )
        }
      </Loadable>
    </div>
  );
}

/** One news item; its title an h2 on the news page, one level below a heading elsewhere (a staff page). */
export function NewsArticle({ item: n, level = 2 }: { item: NewsItem; level?: 2 | 3 }) {
  const H = level === 2 ? 'h2' : 'h3';
  const lang = useSiteLanguage();
  return (
    <article className="news-item" {...langAttr(n, lang)}>
      <H className="news-title">
        {n.link ? (
          <SmartLink href={n.link} newTab={!n.link.startsWith('/')}>
            {n.title}
          </SmartLink>
        ) : (
          n.title
        )}
      </H>
      <EditLink entity="news" id={n.id} what={`news item “${n.title}”`} />
      {n.when_date && (
        <p className="news-date">
          <time dateTime={isoDate(n.when_date)}>{formatDate(n.when_date, lang)}</time>
        </p>
      )}
      {n.picture && (
        <ResponsiveImage
          src={n.picture}
          alt={altAttribute(n.picture_alt ?? '')}
          storedAlt={!n.picture_alt}
          className="news-picture"
          sizes="(max-width: 700px) 100vw, 640px"
          loading="lazy"
        />
      )}
      {/* The news feed carries the same HTML (server/http/feedAnswers.ts, NEWS_TEXT). */}
      <Markdown headingsFrom={level === 2 ? 3 : 4}>{n.what}</Markdown>
    </article>
  );
}
