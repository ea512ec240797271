// A collection as a compact list, one line per item, searched, sorted and paged on the server
// (GET /api/admin/items), so 10,000 items cost what 25 do. Each line links to its item (?<entity>=<id>).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { CollectionDef } from '../../../../server/schema/define.ts';
import type { EntityExtras } from '../extras/types.ts';
import { pageKey, useAdminApi, type ItemPage, type ListQuery } from '../liveData.ts';
import { rowSummary, sortChoices } from './rows.ts';
import { Pager } from './Pager.tsx';
import { keepDraft } from '../drafts/workingDraft.ts';

const SEARCH_DELAY_MS = 250;
const count = (n: number) => n.toLocaleString('en-US');

interface ItemListProps {
  def: CollectionDef;
  extras: EntityExtras;
  query: ListQuery;
  onQuery: (query: ListQuery) => void;
  /** What the items are called in sentences: 'news items'. */
  plural: string;
}

export function ItemList({ def, extras, query, onQuery, plural }: ItemListProps) {
  const ids = useId();
  const state = useAdminApi<ItemPage>(pageKey(def, query));
  // While the next page or search is on its way, the last answer stays on screen.
  const [last, setLast] = useState<ItemPage | undefined>(undefined);
  if (state.data && state.data !== last) setLast(state.data);
  const data = state.data ?? last;
  const busy = state.data === undefined && !state.error;
  const statusRef = useRef<HTMLParagraphElement>(null);

  const [text, setText] = useState(query.q);
  useEffect(() => {
    if (text === query.q) return;
    const t = setTimeout(() => onQuery({ ...query, q: text, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text, query, onQuery]);
  const searchNow = (e: FormEvent) => {
    e.preventDefault();
    if (text !== query.q) onQuery({ ...query, q: text, page: 1 });
  };

  const choices = sortChoices(def);
  const sortValue = query.sort ? `${query.sort}:${query.dir}` : '';
  const toPage = (page: number) => {
    onQuery({ ...query, page });
    statusRef.current?.scrollIntoView({ block: 'nearest' });
  };
  const { RowMark } = extras;
  const heading = extras.heading ?? def.label;

  return (
    <div className="admin-list-view">
      <div className="admin-list-controls">
        <form role="search" className="admin-search" onSubmit={searchNow}>
          <label htmlFor={`${ids}-q`}>Search {plural}</label>
          <input
            id={`${ids}-q`}
            type="search"
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.target.value)}
          />
        </form>
        <div className="admin-sort">
          <label htmlFor={`${ids}-sort`}>Sort by</label>
          <select
            id={`${ids}-sort`}
            value={sortValue}
            onChange={(e) => {
              const c = choices.find((x) => x.value === e.target.value) ?? choices[0]!;
              onQuery({ ...query, sort: c.sort, dir: c.dir, page: 1 });
            }}
          >
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p ref={statusRef} className="admin-list-status" aria-live="polite">
        {data ? shown(data, query.q, plural) : state.error ? '' : `Loading ${plural}…`}
      </p>
      {state.error && !data && (
        <div className="admin-notice admin-notice-error" role="alert">
          <p>
            Could not load the {plural}: {state.error.message}
          </p>
          <button type="button" className="admin-button" onClick={state.retry}>
            Try again
          </button>
        </div>
      )}
      {data && data.items.length > 0 && (
        <ul
          className="admin-rows"
          aria-busy={busy}
          aria-label={`${heading}, page ${data.page} of ${data.pages}`}
        >
          {data.items.map((item) => {
            const row = rowSummary(def, item);
            return (
              <li key={item.id} className="admin-row">
                <Link
                  className="admin-row-title"
                  to={keepDraft(`?${def.name}=${encodeURIComponent(item.id)}`)}
                  data-item={item.id}
                >
                  {row.title}
                </Link>
                <span className="admin-row-meta">
                  {row.date && <time dateTime={row.date.iso}>{row.date.text}</time>}
                  {row.marks.map((m, i) => (
                    <span key={i} className="admin-row-mark">
                      {m}
                    </span>
                  ))}
                  {RowMark && <RowMark item={item} />}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {data && <Pager page={data.page} pages={data.pages} onPage={toPage} label={`Pages of ${plural}`} />}
    </div>
  );
}

function shown(data: ItemPage, q: string, plural: string): string {
  const { total, page, per, items } = data;
  if (total === 0) return q.trim() ? `No ${plural} match “${q.trim()}”.` : 'There is nothing here yet.';
  const from = (page - 1) * per + 1;
  const range = `Showing ${count(from)}–${count(from + items.length - 1)} of ${count(total)}`;
  return q.trim() ? `${range} matching “${q.trim()}”` : range;
}
