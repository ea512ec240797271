// The bell on every admin page: how many notices are unread, kept live by the stream, and the list
// of them in a panel it opens (Escape or a click elsewhere closes it, focus back on the bell), with
// "Mark all read". The count is also said to screen readers when it rises.
import { useEffect, useId, useRef, useState } from 'react';
import { messageOf } from '../api.ts';
import { NoticeList } from './NoticeList.tsx';
import { markNoticesRead, useNotices } from './noticeStore.ts';

const unreadWords = (n: number) => (n === 1 ? '1 unread notice' : `${n} unread notices`);

export function NoticeBell({ username }: { username: string }) {
  const { answer, error } = useNotices(username);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const unread = answer?.unread ?? 0;
  const heading = useRef<HTMLHeadingElement>(null);
  // Said to screen readers when the count rises, not as it falls while notices are read.
  const [said, setSaid] = useState('');
  const before = useRef(unread);
  useEffect(() => {
    if (unread > before.current) setSaid(unreadWords(unread));
    before.current = unread;
  }, [unread]);

  const close = (focusBell: boolean) => {
    setOpen(false);
    if (focusBell) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    const onClick = (e: MouseEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const markAll = () => {
    setFailed(null);
    markNoticesRead({ all: true }).then(
      // The button is gone once all are read: the focus goes to the panel's heading, not the page.
      () => heading.current?.focus(),
      (e: unknown) => setFailed(messageOf(e)),
    );
  };

  return (
    <div
      className="admin-bell-wrap"
      ref={wrapper}
      onBlur={(e) => {
        // Tabbing out of the panel closes it: on a phone it would cover the page.
        if (open && !wrapper.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="admin-bell"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notices, ${unread} unread` : 'Notices'}
        onClick={() => setOpen((o) => !o)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        <span>Notices</span>
        {unread > 0 && (
          <span className="admin-bell-count" aria-hidden="true">
            {unread}
          </span>
        )}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {said}
      </span>
      {open && (
        <div id={panelId} className="admin-bell-panel" role="region" aria-label="Your notices">
          <div className="admin-bell-head">
            <h2 ref={heading} tabIndex={-1}>
              Notices
            </h2>
            {unread > 0 && (
              <button type="button" className="admin-button admin-button-quiet" onClick={markAll}>
                Mark all read
              </button>
            )}
          </div>
          {(failed ?? error) && (
            <p className="admin-field-error" role="alert">
              {failed ?? error}
            </p>
          )}
          {!answer && !error && <p className="admin-muted">Loading your notices…</p>}
          {answer && !answer.items.length && (
            <p className="admin-muted">
              Nothing yet. When a draft needs you, or someone answers yours, it shows here.
            </p>
          )}
          {answer && answer.items.length > 0 && (
            <NoticeList items={answer.items} onFollow={() => close(false)} />
          )}
          <p className="admin-muted admin-bell-foot">Read notices are kept for 30 days.</p>
        </div>
      )}
    </div>
  );
}
