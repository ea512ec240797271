// The site search form: a plain GET form to /search, so it works without JavaScript; once the page
// is hydrated a search moves to the results page without reloading it. Used in the header and on
// the results page, each with its own label.
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SEARCH_PATH } from '../../../../server/schema/searchAnswer.ts';
import { useWords } from '../words/useWords.ts';
import { useInLanguage } from '../language/siteLanguage.tsx';

/** The query of the current address when it is the results page, else ''. */
export function useSearchQuery(): string {
  const { pathname, search } = useLocation();
  if (pathname.replace(/\/+$/, '').toLowerCase() !== SEARCH_PATH) return '';
  return new URLSearchParams(search).get('q') ?? '';
}

interface SearchFormProps {
  label: string;
  className: string;
  /** The label is read by screen readers only (the header's, beside a labelled button). */
  hideLabel?: boolean;
}

export function SearchForm({ label, className, hideLabel = false }: SearchFormProps) {
  const id = useId();
  const current = useSearchQuery();
  const [q, setQ] = useState(current);
  const [shown, setShown] = useState(current);
  // A new address (Back, a search from the other form) shows its own query.
  if (shown !== current) {
    setShown(current);
    setQ(current);
  }
  const navigate = useNavigate();
  const words = useWords();
  const inLanguage = useInLanguage();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(`${SEARCH_PATH}?q=${encodeURIComponent(q.trim())}`);
  };
  return (
    // Named by its label: the results page holds two search landmarks (the header's and its own).
    <form
      role="search"
      aria-label={label}
      action={inLanguage(SEARCH_PATH)}
      method="get"
      className={className}
      onSubmit={onSubmit}
    >
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'search-label'}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        maxLength={200}
        autoComplete="off"
        enterKeyHint="search"
        className="search-input"
      />
      <button type="submit" className="button search-button">
        {words.search}
      </button>
    </form>
  );
}
