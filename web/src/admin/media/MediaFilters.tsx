// The library's search and filters: words in a file's name or description (searched as they are
// typed, after a pause, or at once with Enter), the kind of file, only the unused ones, and the
// order. No <form>: the library picker opens inside an item's form, and forms do not nest (Enter
// here must not send the item's form either).
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { MediaQuery, MediaSort, MediaType } from './mediaTypes.ts';

const SEARCH_DELAY_MS = 250;

export const TYPE_CHOICES: { value: MediaType | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'image', label: 'Pictures' },
  { value: 'pdf', label: 'PDFs' },
  { value: 'other', label: 'Other' },
];

const SORT_CHOICES: { value: MediaSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'name', label: 'Name' },
  { value: 'size', label: 'Largest' },
];

interface MediaFiltersProps {
  query: MediaQuery;
  onQuery: (query: MediaQuery) => void;
  /** Leaves out the order and "only unused" (the library picker's short form). */
  short?: boolean;
  /** Leaves out the type too: the kind is fixed (a picture field's picker lists pictures only). */
  fixedType?: boolean;
}

export function MediaFilters({ query, onQuery, short, fixedType }: MediaFiltersProps) {
  const ids = useId();
  const [text, setText] = useState(query.q);
  useEffect(() => {
    if (text === query.q) return;
    const t = setTimeout(() => onQuery({ ...query, q: text, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text, query, onQuery]);
  const searchNow = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (text !== query.q) onQuery({ ...query, q: text, page: 1 });
  };
  return (
    <div className="admin-list-controls media-filters">
      <div role="search" className="admin-search">
        <label htmlFor={`${ids}-q`}>Search by name or description</label>
        <input
          id={`${ids}-q`}
          type="search"
          value={text}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={searchNow}
        />
      </div>
      {!fixedType && (
        <div className="admin-sort">
          <label htmlFor={`${ids}-type`}>Type</label>
          <select
            id={`${ids}-type`}
            value={query.type}
            onChange={(e) => onQuery({ ...query, type: e.target.value as MediaType | '', page: 1 })}
          >
            {TYPE_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {!short && (
        <>
          <div className="admin-sort">
            <label htmlFor={`${ids}-sort`}>Sort by</label>
            <select
              id={`${ids}-sort`}
              value={query.sort}
              onChange={(e) => onQuery({ ...query, sort: e.target.value as MediaSort, page: 1 })}
            >
              {SORT_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <label className="media-unused">
            <input
              type="checkbox"
              checked={query.unused}
              onChange={(e) => onQuery({ ...query, unused: e.target.checked, page: 1 })}
            />
            Only unused files
          </label>
        </>
      )}
    </div>
  );
}
