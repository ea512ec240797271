// A one-time link just made (an invite, a password reset): shown once, whole, to copy and hand on,
// with until when it works. The server keeps only its hash, so it cannot be shown again.
import type { ReactNode } from 'react';
import { localTime } from '../dates.ts';
import { CopyBox } from '../ui/CopyBox.tsx';

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
  const full = new URL(url, window.location.origin).href;
  return (
    <div className="admin-card admin-share-made admin-link-made" role="status">
      {children}
      <p>
        <strong>Copy this link now: it is shown only once.</strong> It works until{' '}
        <time dateTime={expires}>{localTime(expires)}</time>, and only once.
      </p>
      <CopyBox label={label} value={full} what="link" />
    </div>
  );
}
