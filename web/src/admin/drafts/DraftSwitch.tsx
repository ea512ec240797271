// "Working in: Live site / <draft>": the admin frame's switch between the live site and an open
// draft, the banner that says where saves go while a draft is chosen, and the upkeep of the address
// (workingDraft.ts): an address without the draft gets it back (so links keep it), `draft=` with no
// id goes back to the live site, and a draft that was published or discarded meanwhile is left.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SETTLED } from '../ui/unsaved.tsx';
import { DRAFTS_ROUTE, draftRoute } from '../pages.ts';
import { draftListNow, isOpen, loadDrafts, useDraftList, type DraftRecord } from './draftsApi.ts';
import { draftBadge } from './draftWords.ts';
import { chosenDraft, draftInSearch, remember, searchWithDraft, searchWithoutDraft } from './workingDraft.ts';

/**
 * Keeps the address and the tab's memory of the chosen draft in step: run by the admin frame.
 * `onLeft` hears why a draft was left by itself (it was published or discarded meanwhile).
 */
export function useDraftAddress(draft: string | null, onLeft: (why: string) => void): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const list = useDraftList(false);
  useEffect(() => {
    const said = draftInSearch(search);
    const to = (next: string) => void navigate({ pathname, search: next }, { replace: true, state: SETTLED });
    if (said === undefined) {
      const kept = chosenDraft(search);
      if (kept) to(searchWithDraft(search, kept));
    } else if (said === null) {
      remember(null);
      to(searchWithoutDraft(search));
    } else remember(said);
  }, [pathname, search, navigate]);

  // A chosen draft missing from the list, or closed: read the list again (it may be newer than the
  // list), then leave the draft if it is still not open. One reading per draft chosen; its answer
  // counts only while that draft is still the one chosen.
  const left = useRef(onLeft);
  const chosen = useRef(draft);
  const checking = useRef<string | null>(null);
  useEffect(() => {
    left.current = onLeft;
    chosen.current = draft;
  });
  const data = list.data;
  useEffect(() => {
    if (!draft || !data || checking.current === draft) return;
    const open = (r: DraftRecord | undefined) => !!r && isOpen(r.state);
    if (open(data.drafts.find((d) => d.id === draft))) return;
    checking.current = draft;
    void loadDrafts().then(() => {
      checking.current = null;
      const now = draftListNow();
      if (chosen.current !== draft || !now.data) return;
      const r = now.data.drafts.find((d) => d.id === draft);
      if (open(r)) return;
      remember(null);
      left.current(
        r
          ? `The draft “${r.title}” was ${r.state === 'published' ? 'published' : 'discarded'}, so you are working on the live site again.`
          : 'The draft you were working in no longer exists, so you are working on the live site again.',
      );
      void navigate({ pathname, search: searchWithDraft('', null) }, { replace: true, state: SETTLED });
    });
  }, [draft, data, pathname, navigate]);
}

/** The title of an open draft from the list, or null when it is not known (yet). */
export function useDraftTitle(draft: string | null): string | null {
  const { data } = useDraftList(false);
  return draft ? (data?.drafts.find((d) => d.id === draft)?.title ?? null) : null;
}

/** The switch in the admin's header: a disclosure listing the live site and every open draft. */
export function DraftSwitch({ draft }: { draft: string | null }) {
  const { pathname } = useLocation();
  const { data, error } = useDraftList();
  const [open, setOpen] = useState(false);
  const summary = useRef<HTMLElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const menuId = useId();
  // A click anywhere else closes the open menu, as the browser's own menus do.
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!details.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const title = useDraftTitle(draft);
  const drafts = (data?.drafts ?? []).filter((d) => isOpen(d.state));
  const close = () => setOpen(false);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.preventDefault();
    close();
    summary.current?.focus();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the open disclosure
    <details
      ref={details}
      className={`admin-draft-switch${draft ? ' is-draft' : ''}`}
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={onKeyDown}
    >
      <summary ref={summary} aria-controls={menuId}>
        Working in: <strong>{draft ? (title ?? 'a draft') : 'Live site'}</strong>
      </summary>
      <div className="admin-draft-menu" id={menuId}>
        <p className="admin-muted">Choose where your changes go.</p>
        <ul>
          <li>
            <Link
              to={{ pathname, search: searchWithDraft('', null) }}
              aria-current={draft ? undefined : 'true'}
              onClick={close}
            >
              Live site
            </Link>
            <span className="admin-muted"> — saves are public at once</span>
          </li>
          {drafts.map((d) => (
            <li key={d.id}>
              <Link
                to={{ pathname, search: searchWithDraft('', d.id) }}
                aria-current={d.id === draft ? 'true' : undefined}
                onClick={close}
              >
                {d.title}
              </Link>
              <span className="admin-muted"> — draft, {lowerFirst(draftBadge(d).text)}</span>
            </li>
          ))}
        </ul>
        {error && !data && <p className="admin-muted">The drafts could not be loaded: {error.message}</p>}
        <Link to={DRAFTS_ROUTE} onClick={close}>
          Start or manage drafts
        </Link>
      </div>
    </details>
  );
}

/** Over the page while a draft is chosen: where saves go, and the ways out. */
export function DraftBanner({ draft }: { draft: string }) {
  const { pathname } = useLocation();
  const title = useDraftTitle(draft);
  return (
    <section className="admin-draft-banner" aria-label="Working in a draft">
      <p>
        <strong>You are working in the draft{title ? ` “${title}”` : ''}.</strong> What you save here goes
        into this draft, not the live site: visitors see none of it until the draft is published.
      </p>
      <div className="admin-actions">
        {pathname !== draftRoute(draft) && (
          <Link className="admin-button admin-button-small" to={draftRoute(draft)}>
            Open the draft
          </Link>
        )}
        <a className="admin-button admin-button-small" href={`/preview/${encodeURIComponent(draft)}/`}>
          Preview the site with this draft
        </a>
        <Link
          className="admin-button admin-button-small admin-button-quiet"
          to={{ pathname, search: searchWithDraft('', null) }}
        >
          Back to the live site
        </Link>
      </div>
    </section>
  );
}

/** "Scheduled for Dec 10…" → "scheduled for Dec 10…": after "draft, " (a month keeps its capital). */
const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
