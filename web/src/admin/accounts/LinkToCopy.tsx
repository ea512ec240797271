// A one-time link just made (an invite, a password reset): shown once, whole, to copy and hand on,
// with until when it works. The server keeps only its hash, so it cannot be shown again.
import { useId, useState, type ReactNode } from 'react';
import { localTime } from '../dates.ts';

export function LinkToCopy({
  url,
  expires,
  label,
  children,
}: {
  url: string;
  expires: string;
  /** The text box's label ("Invite link"). */
  label: string;
  /** What the link is for, before the box. */
  children?: ReactNode;
}) {
  const id = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const full = new URL(url, window.location.origin).href;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(full);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="admin-card admin-share-made admin-link-made" role="status">
      {children}
      <p>
        <strong>Copy this link now: it is shown only once.</strong> It works until{' '}
        <time dateTime={expires}>{localTime(expires)}</time>, and only once.
      </p>
      <div className="admin-field">
        <label htmlFor={`${id}-url`}>{label}</label>
        <input id={`${id}-url`} type="text" readOnly value={full} onFocus={(e) => e.target.select()} />
      </div>
      <button type="button" className="admin-button" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy the link'}
      </button>
      {copied === false && (
        <p className="admin-field-error" role="alert">
          Your browser did not allow copying: select the link and copy it yourself.
        </p>
      )}
    </div>
  );
}
