// The frame of the pages a one-time link opens (an invite, a password reset): for someone not signed
// in, so no sign-in gate and no admin header, just the way back to the website. And the plain page
// for a link that no longer works, saying whom to ask.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { MAIN_ID, SkipLink } from '../AdminFrame.tsx';

export function LinkPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="admin admin-link-page">
      <SkipLink />
      <header className="admin-header">
        <Link className="admin-back" to="/">
          Back to the website
        </Link>
      </header>
      <main id={MAIN_ID} tabIndex={-1}>
        <h1 className="admin-title">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** The link was used, withdrawn or expired (the server answers 404 for each, and says no more). */
export function LinkGone({ what, lasts, ask }: { what: string; lasts: string; ask: string }) {
  return (
    <div className="admin-card">
      <p>
        This {what} does not work any more. It may have been used already (each link works once), withdrawn,
        or it expired ({lasts}).
      </p>
      <p>{ask}</p>
      <p>
        <Link to="/admin">Go to the sign-in page</Link>
      </p>
    </div>
  );
}
