// The results of the site search (/search?q=…): server-rendered for the GET form, so it reads without
// JavaScript; after hydration a new search reads GET /api/search. Titles and passages come as pieces
// with the found words marked, drawn here as text and <mark>, never as HTML from content.
import { searchEndpoint, type SearchAnswer } from '../../../../server/schema/searchAnswer.ts';
import { MarkedText } from '../../lib/MarkedText.tsx';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { LoadFailed, Loading } from '../components/Loadable.tsx';
import { SearchForm, useSearchQuery } from '../components/SearchForm.tsx';

const PAGE_LABEL = 'Search news, events, policies and research';
const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'result' : 'results'}`;

function Results({ answer }: { answer: SearchAnswer }) {
  const shown = answer.results.length;
  const best = answer.total > shown ? `, the best ${shown} shown` : '';
  return (
    <>
      {answer.message && <p className="notice">{answer.message}</p>}
      <p className="search-count" role="status">
        {answer.total === 0
          ? `Nothing found for “${answer.q}”. Try other words, or fewer of them.`
          : `${count(answer.total)} for “${answer.q}”${best}.`}
      </p>
      {shown > 0 && (
        <ol className="search-results">
          {answer.results.map((r) => (
            <li key={`${r.entity}:${r.id}`} className="search-result">
              <h2 className="search-result-title">
                <a href={r.href}>
                  <MarkedText pieces={r.title} />
                </a>
              </h2>
              <p className="search-result-kind">
                {r.label}
                {r.foundIn === 'pdf' ? ': found in the PDF' : ''}
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
  if (state.data) return <Results answer={state.data} />;
  if (state.error) return <LoadFailed what="the search results" onRetry={state.retry} />;
  return <Loading>Searching…</Loading>;
}

export function SearchPage() {
  const q = useSearchQuery().trim();
  usePageTitle(q ? `Search: ${q}` : 'Search', {
    description: 'Search the news, events, event pages, state policies and research papers.',
  });
  return (
    <div className="container page search-page">
      <h1>Search</h1>
      <SearchForm label={PAGE_LABEL} className="search-form search-form-page" />
      {q ? <Found q={q} /> : <p>Type a word or two. Research papers are searched inside their PDFs too.</p>}
    </div>
  );
}
