// The spotlight listing (DESIGN decision 5): event cards listed as spotlights (news_type '2' on the wire).
import type { EventCard } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { NewsNav } from '../components/NewsNav.tsx';
import { EditLink } from '../components/EditLink.tsx';
import { useWords } from '../words/useWords.ts';
import { langAttr, useSiteLanguage } from '../language/siteLanguage.tsx';

export function SpotlightPage() {
  const words = useWords();
  const lang = useSiteLanguage();
  usePageTitle(words.spotlight);
  const items = useApi<EventCard[]>('get_data.php');
  return (
    <div className="container page listing-page">
      <NewsNav />
      <h1>{words.spotlight}</h1>
      <Loadable
        state={items}
        what={words.what.spotlight}
        logMessage="Error fetching spotlight data"
        fallback={words.loading}
      >
        {(list) => {
          const spotlights = list.filter((c) => c.news_type === 'spotlight');
          return spotlights.length ? (
            <ul className="news-list">
              {spotlights.map((s) => (
                <li key={s.id}>
                  <article className="news-item spotlight-item" {...langAttr(s, lang)}>
                    <p className="item-type">{words.spotlight}</p>
                    <h2 className="news-title">{s.title}</h2>
                    <EditLink entity="eventCards" id={s.id} what={`spotlight “${s.title}”`} />
                    <Markdown headingsFrom={3}>{s.what}</Markdown>
                    {s.who && (
                      <p>
                        <strong>{words.who}</strong> {s.who}
                      </p>
                    )}
                    {s.when_date && (
                      <p>
                        <strong>{words.cardWhen}</strong> {s.when_date}
                      </p>
                    )}
                  </article>
                </li>
              ))}
            </ul>
          ) : (
            <p>{words.noSpotlights}</p>
          );
        }}
      </Loadable>
    </div>
  );
}
