// News and features (spec §2): title (linked when there is a link), date, text; newest first.
import { formatDate, isoDate } from '../../lib/dates.ts';
import type { NewsItem } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { plainText } from '../../lib/plainText.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { NewsNav } from '../components/NewsNav.tsx';
import { SmartLink } from '../components/SmartLink.tsx';

const newestFirst = (a: NewsItem, b: NewsItem) => (b.when_date || '').localeCompare(a.when_date || '');

export function NewsPage() {
  const news = useApi<NewsItem[]>('news.php');
  const latest = news.data && [...news.data].sort(newestFirst)[0];
  usePageTitle('News', { description: latest && `${latest.title}. ${plainText(latest.what)}` });
  return (
    <div className="container page listing-page">
      <NewsNav />
      <h1>News and Features</h1>
      <Loadable state={news} what="the news" logMessage="Error fetching news" fallback="Loading news…">
        {(items) =>
          items.length ? (
            <ul className="news-list">
              {[...items].sort(newestFirst).map((n) => (
                <li key={n.id}>
                  <article className="news-item">
                    <h2 className="news-title">
                      {n.link ? (
                        <SmartLink href={n.link} newTab={!n.link.startsWith('/')}>
                          {n.title}
                        </SmartLink>
                      ) : (
                        n.title
                      )}
                    </h2>
                    {n.when_date && (
                      <p className="news-date">
                        <time dateTime={isoDate(n.when_date)}>{formatDate(n.when_date)}</time>
                      </p>
                    )}
                    <Markdown headingsFrom={3}>{n.what}</Markdown>
                  </article>
                </li>
              ))}
            </ul>
          ) : (
            <p>There is no news yet.</p>
          )
        }
      </Loadable>
    </div>
  );
}
