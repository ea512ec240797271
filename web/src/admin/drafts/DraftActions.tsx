// The steps a draft's state allows, for the person looking: send for review, approve, ask for changes
// (with a note), publish now (settling any clash with the live site first), schedule for a date and
// time, discard (asked in a dialog). A step the site's approval rule keeps from this person says why
// instead of offering a button; a step their role does not allow is not offered, and someone who
// cannot publish is told who can and how the draft reaches them.
import { useId, useState, type FormEvent } from 'react';
import { fieldErrorsOf, messageOf } from '../api.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { ConflictResolver } from './ConflictResolver.tsx';
import {
  actOnDraft,
  isOpen,
  PublishConflict,
  type DraftAction,
  type DraftChange,
  type DraftDetail,
  type DraftSettings,
  type Picks,
  type ScheduleEnded,
} from './draftsApi.ts';
import { offeredActions, publishNote } from './draftWords.ts';
import { localTime } from '../dates.ts';
import { useCan } from '../access.ts';

interface DraftActionsProps {
  draft: DraftDetail;
  settings: DraftSettings;
  /** The signed-in username. */
  me: string;
  onDone: () => void;
}

const LABELS: Record<DraftAction, string> = {
  submit: 'Send for review',
  approve: 'Approve',
  'request-changes': 'Ask for changes',
  publish: 'Publish now',
  schedule: 'Schedule publishing',
  discard: 'Discard the draft',
};

/** A datetime-local value an hour from now, on the minute (the browser's own clock and zone). */
function inAnHour(): string {
  const t = new Date(Date.now() + 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

export function DraftActions({ draft, settings, me, onDone }: DraftActionsProps) {
  const id = useId();
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<'request-changes' | 'schedule' | null>(null);
  const [note, setNote] = useState('');
  const [at, setAt] = useState(inAnHour);
  const [discarding, setDiscarding] = useState(false);
  const [conflicts, setConflicts] = useState<DraftChange[] | null>(null);
  /** The server's refusal of the conflict choices, shown in the resolver (it covers the page). */
  const [refused, setRefused] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const can = useCan();
  const offered = offeredActions(draft, settings, me, can);

  const run = async (action: DraftAction, body: { note?: string; at?: string; picks?: Picks } = {}) => {
    if (busy) return false;
    setBusy(true);
    try {
      const done = await actOnDraft(draft.id, action, body);
      notice.success(done.message ?? 'Done.');
      setAsking(null);
      setConflicts(null);
      setRefused(null);
      setNote('');
      onDone();
      return true;
    } catch (e) {
      if (e instanceof PublishConflict) {
        setConflicts(e.conflicts);
        setRefused(null);
      } else if (action === 'publish' && conflicts)
        setRefused({ message: messageOf(e), fields: fieldErrorsOf(e) });
      else notice.error(messageOf(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const publish = () => {
    if (
      window.confirm(
        `Publish “${draft.title}” now? Its changes go on the live site at once, where visitors see them.`,
      )
    )
      void run('publish');
  };
  const sendBack = (e: FormEvent) => {
    e.preventDefault();
    void run('request-changes', { note });
  };
  const schedule = (e: FormEvent) => {
    e.preventDefault();
    const when = new Date(at);
    if (!at || Number.isNaN(when.getTime())) {
      notice.error('Choose the date and time to publish at.');
      return;
    }
    void run('schedule', { at: when.toISOString() });
  };

  const sendLabel = draft.state === 'changes-requested' ? 'Send for review again' : LABELS.submit;
  const button = (action: DraftAction, onClick: () => void, kind = '') => (
    <button
      type="button"
      className={`admin-button${kind}`}
      disabled={busy}
      aria-expanded={action === 'request-changes' || action === 'schedule' ? asking === action : undefined}
      onClick={onClick}
    >
      {action === 'submit' ? sendLabel : LABELS[action]}
    </button>
  );

  return (
    <section className="admin-section admin-draft-actions" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Review and publish</h2>
      {draft.scheduleEnded && !draft.publishAt && isOpen(draft.state) && (
        <ScheduleCalledOff ended={draft.scheduleEnded} />
      )}
      {draft.publishAt && (
        <p>
          Scheduled: it will be published on{' '}
          <time dateTime={draft.publishAt}>{localTime(draft.publishAt)}</time>. Schedule it again to change
          the time, or publish it now.
        </p>
      )}
      <div className="admin-actions">
        {offered.map(({ action, blocked }) => {
          if (blocked) return null;
          if (action === 'submit')
            return (
              <span key={action}>{button(action, () => void run('submit'), ' admin-button-primary')}</span>
            );
          if (action === 'approve')
            return (
              <span key={action}>{button(action, () => void run('approve'), ' admin-button-primary')}</span>
            );
          if (action === 'request-changes' || action === 'schedule')
            return (
              <span key={action}>{button(action, () => setAsking(asking === action ? null : action))}</span>
            );
          if (action === 'publish')
            return <span key={action}>{button(action, publish, ' admin-button-primary')}</span>;
          return (
            <span key={action}>{button(action, () => setDiscarding(true), ' admin-button-danger')}</span>
          );
        })}
      </div>
      {!can.review && <p className="admin-help">{publishNote(draft, sendLabel)}</p>}
      {offered
        .filter((o) => o.blocked)
        .map((o) => (
          <p key={o.action} className="admin-help">
            {LABELS[o.action]}: {o.blocked}
          </p>
        ))}
      {asking === 'request-changes' && (
        <form className="admin-card" onSubmit={sendBack} aria-label="Ask for changes">
          <div className="admin-field">
            <label htmlFor={`${id}-note`}>What should change? (its authors see this as a comment)</label>
            <textarea
              id={`${id}-note`}
              rows={3}
              maxLength={5000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
              Send back for changes
            </button>
            <button type="button" className="admin-button admin-button-quiet" onClick={() => setAsking(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {asking === 'schedule' && (
        <form className="admin-card" onSubmit={schedule} aria-label="Schedule publishing">
          <div className="admin-field">
            <label htmlFor={`${id}-at`}>Publish on (date and time)</label>
            <input
              id={`${id}-at`}
              type="datetime-local"
              value={at}
              onChange={(e) => setAt(e.target.value)}
              aria-describedby={`${id}-at-help`}
            />
            <p id={`${id}-at-help`} className="admin-help">
              In your computer’s time. The draft goes live by itself then, unless someone publishes or
              discards it first.
            </p>
          </div>
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
              Schedule
            </button>
            <button type="button" className="admin-button admin-button-quiet" onClick={() => setAsking(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={discarding}
        title="Discard this draft?"
        confirmLabel="Discard the draft"
        cancelLabel="Keep it"
        busy={busy}
        onConfirm={() => void run('discard').then(() => setDiscarding(false))}
        onCancel={() => setDiscarding(false)}
      >
        <p>
          “{draft.title}” and every change in it will be thrown away. Nothing of it reaches the live site, and
          it cannot be opened again.
        </p>
      </ConfirmDialog>
      {conflicts && (
        <ConflictResolver
          title={draft.title}
          conflicts={conflicts}
          busy={busy}
          problem={refused}
          onPublish={(picks) => void run('publish', { picks })}
          onClose={() => {
            setConflicts(null);
            setRefused(null);
          }}
        />
      )}
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}

/** A scheduled publish that a later change called off: when it was to be, and why it is not. */
function ScheduleCalledOff({ ended }: { ended: ScheduleEnded }) {
  return (
    <p className="admin-notice admin-notice-warning" role="note">
      It was to be published on <time dateTime={ended.publishAt}>{localTime(ended.publishAt)}</time>{' '}
      (scheduled by {ended.scheduledBy.name || ended.scheduledBy.username}), but that was called off:{' '}
      {ended.reason} Review it, then schedule it again or publish it.
    </p>
  );
}
