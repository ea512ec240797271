// Share links: the draft's preview for someone without an account, until the link expires or is
// withdrawn. A new link's address is shown once, whole, to copy (the server keeps only its hash);
// the links made so far are listed with who made them, until when they work, and Withdraw.
import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '../api.ts';
import { Notice, useNotice } from '../ui/Notice.tsx';
import { makeShare, revokeShare, type DraftDetail } from './draftsApi.ts';
import { localTime } from '../dates.ts';

const DAYS = [1, 3, 7, 14, 30];

export function ShareLinks({ draft, onDone }: { draft: DraftDetail; onDone: () => void }) {
  const id = useId();
  const notice = useNotice();
  const [days, setDays] = useState(7);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ url: string; expires: string } | null>(null);
  const [copied, setCopied] = useState(false);
  // Whether a link has expired, as of when the page opened (the server refuses it either way).
  const [now] = useState(Date.now);

  const make = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setCopied(false);
    try {
      const link = await makeShare(draft.id, days);
      setMade({ url: new URL(link.url, window.location.origin).href, expires: link.expires });
      onDone();
    } catch (err) {
      notice.error(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      setCopied(true);
    } catch {
      notice.error('Your browser did not allow copying: select the link and copy it yourself.');
    }
  };
  const withdraw = async (share: string) => {
    if (!window.confirm('Withdraw this link? Anyone who has it can no longer see the preview.')) return;
    try {
      await revokeShare(draft.id, share);
      notice.success('The link no longer works.');
      onDone();
    } catch (err) {
      notice.error(messageOf(err));
    }
  };

  return (
    <section className="admin-section admin-share-links" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Share a preview</h2>
      <p className="admin-help">
        A share link shows the preview of this draft to someone without an account, such as a board member or
        a partner, and nothing else. Anyone holding the link can see the preview until it expires or you
        withdraw it.
      </p>
      <form className="admin-share-form" onSubmit={(e) => void make(e)}>
        <div className="admin-field">
          <label htmlFor={`${id}-days`}>The link works for</label>
          <select id={`${id}-days`} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? '1 day' : `${d} days`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button" disabled={busy}>
          Make a share link
        </button>
      </form>
      {made && (
        <div className="admin-card admin-share-made" role="status">
          <p>
            <strong>Copy this link now: it is shown only once.</strong> It works until{' '}
            <time dateTime={made.expires}>{localTime(made.expires)}</time>.
          </p>
          <div className="admin-field">
            <label htmlFor={`${id}-url`}>Share link</label>
            <input
              id={`${id}-url`}
              type="text"
              readOnly
              value={made.url}
              onFocus={(e) => e.target.select()}
            />
          </div>
          <button type="button" className="admin-button" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy the link'}
          </button>
        </div>
      )}
      {draft.shares.length > 0 && (
        <>
          <h3>Links made</h3>
          <ul className="admin-rows">
            {[...draft.shares].reverse().map((s) => {
              const expired = Date.parse(s.expires) <= now;
              const made = `made by ${s.createdBy.name || s.createdBy.username} on ${localTime(s.createdAt)}`;
              return (
                <li key={s.id} className="admin-row">
                  <span>
                    Link {made}:{' '}
                    {s.revokedAt
                      ? `withdrawn on ${localTime(s.revokedAt)}`
                      : expired
                        ? `expired on ${localTime(s.expires)}`
                        : `works until ${localTime(s.expires)}`}
                  </span>
                  {!s.revokedAt && !expired && (
                    <button
                      type="button"
                      className="admin-button admin-button-small admin-button-danger"
                      onClick={() => void withdraw(s.id)}
                    >
                      Withdraw<span className="visually-hidden"> the link {made}</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Notice notice={notice.notice} onDismiss={notice.clear} />
    </section>
  );
}
