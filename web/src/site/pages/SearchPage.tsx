// The results of the site search (/search?q=…): server-rendered for the GET form, so it reads without
// JavaScript; after hydration a new search reads GET /api/search. Titles and passages come as pieces
// with the found words marked, drawn here as text and <mark>, never as HTML from content.
import { searchEndpoint, type SearchAnswer } from '../../../../server/schema/searchAnswer.ts';
import { MarkedText } from '../../lib/MarkedText.tsx';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { LoadFailed, Loading } from '../components/Loadable.tsx';
import { SearchForm, useSearchQuery } from '../components/SearchForm.tsx';
import { useWords } from '../words/useWords.ts';
import { useInLanguage, useSiteLanguage } from '../language/siteLanguage.tsx';
import { SOURCE_LANGUAGE } from '../../../../server/schema/site/languages.ts';
import { fill } from '../words/fill.ts';

function Results({ answer }: { answer: SearchAnswer }) {
  const words = useWords();
  const lang = useSiteLanguage();
  const inLanguage = useInLanguage();
  const shown = answer.results.length;
  const best = answer.total > shown ? fill(words.bestShown, { n: shown }) : '';
  const n = answer.total.toLocaleString(lang === SOURCE_LANGUAGE ? 'en-US' : lang);
  const count = fill(answer.total === 1 ? words.resultOne : words.resultMany, { n });
  return (
    <>
      {answer.message && <p className="notice">{answer.message}</p>}
      <p className="search-count" role="status">
        {answer.total === 0
          ? fill(words.nothingFound, { q: answer.q })
          : fill(words.found, { count, q: answer.q, best })}
      </p>
      {shown > 0 && (
        <ol className="search-results">
          {answer.results.map((r) => (
            <li key={`${r.entity}:${r.id}`} className="search-result">
              <h2 className="search-result-title">
                <a href={inLanguage(r.href)}>
                  <MarkedText pieces={r.title} />
                </a>
              </h2>
              <p className="search-result-kind">
                {r.label}
                {r.foundIn === 'pdf' ? words.foundInPdf : ''}
              </p>
              {r.snippet.length > 0 && (
                <p className="search-result-text">
                  <MarkedText pieces={r.snippet} />
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function Found({ q }: { q: string }) {
  const state = useApi<SearchAnswer>(searchEndpoint(q));
  const words = useWords();
  if (state.data) return <Results answer={state.data} />;
  if (state.error) return <LoadFailed what={words.what.searchResults} onRetry={state.retry} />;
  return <Loading>{words.searching}</Loading>;
}

export function SearchPage() {
  const q = useSearchQuery().trim();
  const words = useWords();
  usePageTitle(q ? fill(words.searchTitle, { q }) : words.search, { description: words.searchDescription });
  return (
    <div className="container page search-page">
      <h1>{words.search}</h1>
      <SearchForm label={words.searchPageLabel} className="search-form search-form-page" />
      {q ? <Found q={q} /> : <p>{words.searchHint}</p>}
    </div>
  );
}
