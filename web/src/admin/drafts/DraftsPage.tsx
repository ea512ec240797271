// /admin/drafts: every draft by where it stands — mine, waiting for review, scheduled, others', and
// recently published or discarded — with a form to start one, and (for admins) the site's approval
// setting.
import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AdminFrame } from '../AdminFrame.tsx';
import { useAuth } from '../auth.ts';
import { ApprovalSetting } from './ApprovalSetting.tsx';
import { isOpen, useDraftList, type DraftRecord } from './draftsApi.ts';
import { draftSections, RECENT_DAYS } from './draftWords.ts';
import { DraftBadge } from './DraftBadge.tsx';
import { localTime } from '../dates.ts';
import { draftRoute } from '../pages.ts';
import { searchWithDraft } from './workingDraft.ts';
import { useCan } from '../access.ts';
import { useStartDraft } from './useStartDraft.ts';
import { LoadFailed } from '../ui/LoadFailed.tsx';

const INTRO =
  'A draft holds changes to any number of items until they are published together. ' +
  'Nothing in a draft is on the live site until then: you can preview it, ask a colleague to review it, ' +
  'and publish it now or at a set time.';

export default function DraftsPage() {
  return (
    <AdminFrame title="Drafts" intro={<p>{INTRO}</p>}>
      <DraftsView />
    </AdminFrame>
  );
}

function DraftsView() {
  const auth = useAuth();
  const me = auth.status === 'signedIn' ? auth.user.username : '';
  const { data, error, reload } = useDraftList();
  const sections = data ? draftSections(data.drafts, me) : null;
  const can = useCan();
  return (
    <>
      <NewDraftForm />
      {error && !data && <LoadFailed what="the drafts" error={error.message} onRetry={reload} />}
      {!data && !error && (
        <p className="admin-loading" role="status">
          Loading the drafts…
        </p>
      )}
      {data && <CalledOffForMe drafts={data.drafts} me={me} />}
      {sections && data && (
        <>
          <DraftSection title="My drafts" drafts={sections.mine} empty="You have no drafts being edited." />
          <DraftSection
            title="Waiting for review"
            drafts={sections.review}
            empty="No draft is waiting for review."
          />
          <DraftSection title="Scheduled" drafts={sections.scheduled} empty="No draft is scheduled." />
          {sections.others.length > 0 && (
            <DraftSection title="Other open drafts" drafts={sections.others} empty="" />
          )}
          <DraftSection
            title="Recently published or discarded"
            drafts={sections.closed}
            empty={`No draft was published or discarded in the last ${RECENT_DAYS} days.`}
          />
          {can.siteSettings && <ApprovalSetting settings={data.settings} />}
        </>
      )}
    </>
  );
}

function NewDraftForm() {
  const id = useId();
  const navigate = useNavigate();
  const { title, setTitle, error, busy, start: submit } = useStartDraft((made) => navigate(draftRoute(made)));
  return (
    <form
      className="admin-card admin-add admin-new-draft"
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`}>Start a new draft</h2>
      <div className="admin-field">
        <label htmlFor={`${id}-title`}>Title of the draft</label>
        <input
          id={`${id}-title`}
          type="text"
          value={title}
          maxLength={120}
          aria-required="true"
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setTitle(e.target.value)}
        />
        <p id={`${id}-help`} className="admin-help">
          Say what it is for, for example “Spring symposium announcement”. Only staff see it.
        </p>
        {error && (
          <p id={`${id}-error`} className="admin-field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
        {busy ? 'Starting…' : 'Start the draft'}
      </button>
    </form>
  );
}

function DraftSection({ title, drafts, empty }: { title: string; drafts: DraftRecord[]; empty: string }) {
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {drafts.length === 0 ? (
        <p className="admin-muted">{empty}</p>
      ) : (
        <ul className="admin-rows admin-draft-rows">
          {drafts.map((d) => (
            <DraftLine key={d.id} draft={d} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The drafts this person scheduled whose publish a later change called off: they are told here. */
function CalledOffForMe({ drafts, me }: { drafts: DraftRecord[]; me: string }) {
  const mine = drafts.filter(
    (d) => isOpen(d.state) && !d.publishAt && d.scheduleEnded?.scheduledBy.username === me,
  );
  if (!mine.length) return null;
  return (
    <div className="admin-notice admin-notice-warning" role="status">
      {mine.map((d) => (
        <p key={d.id}>
          Your plan to publish <Link to={draftRoute(d.id)}>{d.title}</Link> on{' '}
          <time dateTime={d.scheduleEnded!.publishAt}>{localTime(d.scheduleEnded!.publishAt)}</time> was
          called off: {d.scheduleEnded!.reason} Open the draft to review it and schedule it again.
        </p>
      ))}
    </div>
  );
}

function DraftLine({ draft: d }: { draft: DraftRecord }) {
  const people = d.authors.length ? d.authors : [d.createdBy];
  return (
    <li className="admin-row admin-draft-row">
      <Link className="admin-row-title" to={draftRoute(d.id)}>
        {d.title}
      </Link>
      <span className="admin-row-meta">
        <DraftBadge draft={d} />
        <span>by {people.map((p) => p.name || p.username).join(', ')}</span>
        {/* A scheduled draft's badge says when it goes live. */}
        <span>
          last change <time dateTime={d.updatedAt}>{localTime(d.updatedAt)}</time>
        </span>
        {isOpen(d.state) && (
          <Link to={{ pathname: '/admin', search: searchWithDraft('', d.id) }}>
            Work in it<span className="visually-hidden">: {d.title}</span>
          </Link>
        )}
      </span>
    </li>
  );
}
