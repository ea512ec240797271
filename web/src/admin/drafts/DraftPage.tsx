// /admin/drafts/<id>: one draft — where it stands and who wrote it, the warning when other drafts
// change the same items, the steps its state allows, what it changes (each item compared with the
// live site, field by field, with a preview of its page), comments, share links, and what happened.
// Kept current while open: the draft's own stream (the one its previews reload on) says when it moved.
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AdminFrame } from '../AdminFrame.tsx';
import { messageOf } from '../api.ts';
import { useAuth } from '../auth.ts';
import { ApprovalSetting } from './ApprovalSetting.tsx';
import { DraftActions } from './DraftActions.tsx';
import { DraftComments } from './DraftComments.tsx';
import { getDraft, isOpen, useDraftList, type DraftDetail } from './draftsApi.ts';
import { stateSentence } from './draftWords.ts';
import { DraftBadge } from './DraftBadge.tsx';
import { localTime } from '../dates.ts';
import { DRAFTS_ROUTE } from '../pages.ts';
import { ShareLinks } from './ShareLinks.tsx';
import { searchWithDraft } from './workingDraft.ts';
import { useCan } from '../access.ts';

// The compare brings the word-diff library: loaded with the changes, not with the admin.
const DraftChanges = lazy(() => import('./DraftChanges.tsx'));

/** Reads the draft once signed in (`ready`), again on `reload` and whenever its stream says it changed. */
function useDraft(id: string, ready: boolean) {
  const [draft, setDraft] = useState<DraftDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    getDraft(id, controller.signal).then(
      (d) => {
        setDraft(d);
        setError(null);
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(e));
      },
    );
    return () => controller.abort();
  }, [id, generation, ready]);
  const open = draft ? isOpen(draft.state) : false;
  useEffect(() => {
    if (!open || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/preview/${encodeURIComponent(id)}/stream`);
    source.addEventListener('change', reload);
    return () => source.close();
  }, [id, open, reload]);
  return { draft, error, reload };
}

export default function DraftPage() {
  const id = useParams().id ?? '';
  // The frame shows the sign-in form until someone is signed in: the draft is read after that.
  const { draft, error, reload } = useDraft(id, useAuth().status === 'signedIn');
  return (
    <AdminFrame title={draft ? draft.title : 'Draft'}>
      <p>
        <Link to={DRAFTS_ROUTE}>All drafts</Link>
      </p>
      {error && (
        <div className="admin-notice admin-notice-error" role="alert">
          <p>Could not open this draft: {error}</p>
          <button type="button" className="admin-button" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      {!draft && !error && (
        <p className="admin-loading" role="status">
          Loading the draft…
        </p>
      )}
      {draft && <DraftView draft={draft} reload={reload} />}
    </AdminFrame>
  );
}

function DraftView({ draft, reload }: { draft: DraftDetail; reload: () => void }) {
  const id = useId();
  const auth = useAuth();
  const me = auth.status === 'signedIn' ? auth.user.username : '';
  const settings = useDraftList().data?.settings;
  const can = useCan();
  const open = isOpen(draft.state);
  const authors = draft.authors.map((a) => a.name || a.username);
  return (
    <>
      <section className="admin-card admin-draft-status" aria-labelledby={`${id}-status`}>
        <h2 id={`${id}-status`}>
          Where it stands: <DraftBadge draft={draft} />
        </h2>
        <p>{stateSentence(draft)}</p>
        <p className="admin-muted">
          Started by {draft.createdBy.name || draft.createdBy.username} on {localTime(draft.createdAt)}.{' '}
          {authors.length ? `Changes by ${authors.join(', ')}.` : 'No one has saved anything into it yet.'}
          {draft.approvedBy && ` Approved by ${draft.approvedBy.name || draft.approvedBy.username}.`}
        </p>
        {open && (
          <div className="admin-actions">
            <Link
              className="admin-button admin-button-primary"
              to={{ pathname: '/admin', search: searchWithDraft('', draft.id) }}
            >
              Work in this draft
            </Link>
            <a className="admin-button" href={`/preview/${encodeURIComponent(draft.id)}/`}>
              Preview the site with this draft
            </a>
          </div>
        )}
      </section>
      {draft.overlapping.length > 0 && (
        <div className="admin-notice admin-notice-warning" role="note">
          <p>
            <strong>Other drafts change some of the same items.</strong> Whichever is published second will be
            checked against the first: where both changed the same field, it asks which to keep.
          </p>
          <ul>
            {draft.overlapping.map((o) => (
              <li key={o.id}>
                <Link to={`${DRAFTS_ROUTE}/${encodeURIComponent(o.id)}`}>{o.title}</Link> ({o.paths.length}{' '}
                {o.paths.length === 1 ? 'item' : 'items'} in common)
              </li>
            ))}
          </ul>
        </div>
      )}
      {open && settings && <DraftActions draft={draft} settings={settings} me={me} onDone={reload} />}
      <section className="admin-section" aria-labelledby={`${id}-changes`}>
        <h2 id={`${id}-changes`}>What this draft changes</h2>
        {!open ? (
          <p className="admin-muted">
            {draft.state === 'published'
              ? 'Its changes are on the live site now: each item’s history shows them.'
              : 'It was discarded: its changes are gone.'}
          </p>
        ) : draft.changes.length === 0 ? (
          <p className="admin-muted">
            Nothing yet. Choose “Work in this draft”, then edit, add or delete items as usual: every save goes
            into this draft.
          </p>
        ) : (
          <Suspense fallback={<p role="status">Loading the changes…</p>}>
            <DraftChanges draft={draft} />
          </Suspense>
        )}
      </section>
      <DraftComments draft={draft} onDone={reload} />
      {open && <ShareLinks draft={draft} onDone={reload} />}
      <section className="admin-section" aria-labelledby={`${id}-events`}>
        <h2 id={`${id}-events`}>What happened</h2>
        <ol className="admin-draft-events">
          {[...draft.events].reverse().map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <time dateTime={e.at}>{localTime(e.at)}</time> — {e.by.name || e.by.username}{' '}
              {EVENT_WORDS[e.action] ?? e.action}
              {e.note ? `: ${e.note}` : ''}
            </li>
          ))}
        </ol>
      </section>
      {open && settings && can.siteSettings && <ApprovalSetting settings={settings} />}
    </>
  );
}

/** The record's event words (server/drafts/drafts.ts, shareLinks.ts) as sentences after a name. */
const EVENT_WORDS: Record<string, string> = {
  created: 'started the draft',
  'sent for review': 'sent it for review',
  approved: 'approved it',
  'asked for changes': 'asked for changes',
  published: 'published it',
  discarded: 'discarded it',
  scheduled: 'scheduled it',
  'made a share link': 'made a share link',
  'revoked a share link': 'withdrew a share link',
  'changed after approval': 'changed it after it was approved, so it needs approval again',
  'scheduled publishing failed': '— publishing at the scheduled time failed',
};
