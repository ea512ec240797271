// The admin home's search across every collection (GET /api/admin/search: signed in, hidden items
// too): matching items with the words found marked, each a link that opens it in its admin page.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SearchAnswer } from '../../../../server/schema/searchAnswer.ts';
import { MarkedText } from '../../lib/MarkedText.tsx';
import { getJson } from '../api.ts';
import './adminSearch.css';

/** Typing pauses this long before the search runs (Enter runs it at once). */
const TYPING_MS = 250;

function useStaffSearch(q: string, now: number) {
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query = q.trim();
  // An emptied box forgets the last search (set while rendering: no frame shows the old one).
  if (!query && (answer !== null || error !== null)) {
    setAnswer(null);
    setError(null);
  }
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        getJson<SearchAnswer>(`admin/search?q=${encodeURIComponent(query)}`, controller.signal).then(
          (a) => {
            setAnswer(a);
            setError(null);
          },
          (e: Error) => {
            if (!controller.signal.aborted) setError(e.message);
          },
        );
      },
      now ? 0 : TYPING_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, now]);
  return { answer, error };
}

const more = (a: SearchAnswer) => (a.total > a.results.length ? `, the first ${a.results.length} shown` : '');

export function AdminSearch() {
  const id = useId();
  const [q, setQ] = useState('');
  const [now, setNow] = useState(0);
  const { answer, error } = useStaffSearch(q, now);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setNow((n) => n + 1);
  };
  return (
    <section className="admin-search" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Find an item</h2>
      <form role="search" className="admin-search-form" onSubmit={onSubmit}>
        <label htmlFor={id}>Search every collection, hidden items and PDFs too</label>
        <input
          id={id}
          type="search"
          value={q}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => {
            setQ(e.target.value);
            setNow(0);
          }}
        />
        <button type="submit" className="admin-button admin-button-primary">
          Search
        </button>
      </form>
      {error && (
        <p className="admin-search-error" role="alert">
          {error}
        </p>
      )}
      {answer && answer.q === q.trim() && (
        <>
          <p role="status">
            {answer.message ? `${answer.message} ` : ''}
            {answer.total === 0
              ? `Nothing found for “${answer.q}”.`
              : `${answer.total} found${more(answer)}.`}
          </p>
          <ul className="admin-search-results">
            {answer.results.map((r) => (
              <li key={`${r.entity}:${r.id}`}>
                <Link to={r.href}>
                  <MarkedText pieces={r.title} />
                </Link>
                <span className="admin-search-kind">
                  {' '}
                  {r.label}
                  {r.foundIn === 'pdf' ? ', in the PDF' : ''}
                </span>
                {r.snippet.length > 0 && (
                  <p>
                    <MarkedText pieces={r.snippet} />
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
