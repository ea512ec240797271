// Over an editing page shown to someone who may not change the live site (a contributor): the page
// is read-only there, and this says so and offers the way in — open one of their drafts on this very
// page, or start a new draft and work in it at once.
import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useUser } from '../auth.ts';
import { DRAFTS_ROUTE } from '../pages.ts';
import { isOpen, useDraftList } from './draftsApi.ts';
import { isMine } from './draftWords.ts';
import { searchWithDraft } from './workingDraft.ts';
import { useStartDraft } from './useStartDraft.ts';

/** Open drafts offered by name; the rest are on the Drafts page. */
const SHOWN = 3;

export function DraftsOnlyNotice() {
  const id = useId();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const me = useUser()?.username ?? '';
  const mine = (useDraftList().data?.drafts ?? [])
    .filter((d) => isOpen(d.state) && isMine(d, me))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const { title, setTitle, error, busy, start } = useStartDraft((made) =>
    navigate({ pathname, search: searchWithDraft(search, made) }),
  );

  return (
    <section className="admin-notice admin-notice-info admin-drafts-only" aria-labelledby={`${id}-h`}>
      <p id={`${id}-h`}>
        <strong>As a contributor you work in drafts: make or open a draft to change the site.</strong>
      </p>
      <p>
        Here you see the live site as visitors do. Your changes go into a draft, which an editor reviews and
        publishes.
      </p>
      {mine.length > 0 && (
        <ul className="admin-drafts-only-list">
          {mine.slice(0, SHOWN).map((d) => (
            <li key={d.id}>
              <Link
                className="admin-button admin-button-small"
                to={{ pathname, search: searchWithDraft(search, d.id) }}
              >
                Work in “{d.title}”
              </Link>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-share-form" onSubmit={(e) => void start(e)} noValidate>
        <div className="admin-field">
          <label htmlFor={`${id}-title`}>Title of a new draft</label>
          <input
            id={`${id}-title`}
            type="text"
            value={title}
            maxLength={120}
            aria-describedby={error ? `${id}-error` : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
        </div>
        <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
          {busy ? 'Starting…' : 'Start a draft and work in it'}
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} className="admin-field-error" role="alert">
          {error}
        </p>
      )}
      <p>
        <Link to={DRAFTS_ROUTE}>All drafts</Link>
      </p>
    </section>
  );
}
