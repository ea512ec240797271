// The frame of every admin screen: the sign-in gate, the Go Back link, the page title, the signed-in
// user with their account's link and Sign out (this browser only), the page's own gate for roles that
// may not use it, the way to two-step sign-in for someone whose role requires it, the switch between the live site and a draft (with a banner while a draft is
// chosen: the page's reads and saves are the draft's then), and the guard against leaving with
// unsaved changes. Every screen (sign-in
// included) starts with a skip link to its <main>, so a keyboard or screen reader skips the header.
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { forgetSession, signOut, useAuth } from './auth.ts';
import { LoginForm } from './LoginForm.tsx';
import { Modal } from './ui/Modal.tsx';
import { UnsavedGuard } from './ui/unsaved.tsx';
import { RepositoryNotice } from './ui/RepositoryNotice.tsx';
import { followAddress } from './drafts/workingDraft.ts';
import { DraftBanner, DraftSwitch, useDraftAddress } from './drafts/DraftSwitch.tsx';
import { allowed, NEEDS, type Ability } from './access.ts';
import { ACCOUNT_ROUTE } from './pages.ts';
import { NoticeBell } from './notices/NoticeBell.tsx';
import { ROLE_LABELS, type Permission } from '../../../server/schema/roles.ts';

interface AdminFrameProps {
  title: string;
  /** The admin home has no Go Back link. */
  home?: boolean;
  intro?: ReactNode;
  /**
   * Whether the page saves site content, so working in a draft changes what it saves (the banner
   * says so); false for pages that save nothing of the site (messages, the audit log, the helper).
   */
  savesContent?: boolean;
  /** What the page needs beyond being signed in (access.ts): others are told whom to ask instead. */
  needs?: Ability;
  children: ReactNode;
}

/** Who may use a page that needs a permission, in words. */
const WHO_MAY: Record<Permission, string> = {
  drafts: 'staff',
  publish: 'editors and admins',
  administer: 'admins',
};

/** Closing the sign-in dialog without signing in leaves the page, so ask first. */
const closeExpired = () => {
  if (window.confirm('Close without signing in? Changes that are not saved yet will be lost.'))
    forgetSession();
};

export const MAIN_ID = 'admin-main';

/** Moves the focus itself: a bare #hash would go through the router's history (and its leave guard). */
export function SkipLink() {
  const skip = (e: MouseEvent) => {
    e.preventDefault();
    const main = document.getElementById(MAIN_ID);
    main?.focus({ preventScroll: true });
    main?.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}

export function AdminFrame({ title, home, intro, savesContent = true, needs, children }: AdminFrameProps) {
  const auth = useAuth();
  const { pathname } = useLocation();
  usePageTitle(auth.status === 'signedIn' || auth.status === 'expired' ? `Admin: ${title}` : 'Admin sign-in');
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [title]);
  // Drawn before anything of the page reads or saves: they go to the draft the address names.
  const draft = followAddress(useLocation().search);
  const [leftDraft, setLeftDraft] = useState<string | null>(null);
  useDraftAddress(draft, setLeftDraft);

  if (auth.status === 'checking') {
    return (
      <div className="admin">
        <main id={MAIN_ID} tabIndex={-1}>
          <p className="admin-loading" role="status">
            Checking your sign-in…
          </p>
        </main>
      </div>
    );
  }
  if (auth.status === 'signedOut') {
    return (
      <div className="admin admin-signed-out">
        <SkipLink />
        <header>
          {home ? (
            <Link className="admin-back" to="/">
              Back to the website
            </Link>
          ) : (
            <Link className="admin-back" to="/admin">
              Go Back
            </Link>
          )}
        </header>
        <main id={MAIN_ID} tabIndex={-1}>
          <RepositoryNotice />
          <LoginForm initialError={auth.error} />
        </main>
      </div>
    );
  }
  const user = auth.status === 'signedIn' ? auth.user : null;
  // Their role requires two-step sign-in and it is not on yet: the server answers nothing else, so
  // the account page is the only one, and the header offers no way elsewhere.
  const setUpFirst = !!user?.mustSetUpTwoFactor;
  if (setUpFirst && pathname.replace(/\/+$/, '') !== ACCOUNT_ROUTE)
    return <Navigate to={ACCOUNT_ROUTE} replace />;
  const refused = user && needs && !allowed(user, needs);
  return (
    <div className="admin">
      <SkipLink />
      <header className="admin-header">
        {!home && !setUpFirst && (
          <Link className="admin-back" to="/admin">
            Go Back
          </Link>
        )}
        {!setUpFirst && <DraftSwitch draft={draft} />}
        <div className="admin-user">
          {user && !setUpFirst && <NoticeBell username={user.username} />}
          <Link to="/">View the website</Link>
          {user && <span>Signed in as {user.name || user.username}</span>}
          {user && !setUpFirst && pathname.replace(/\/+$/, '') !== ACCOUNT_ROUTE && (
            <Link to={ACCOUNT_ROUTE}>Your account</Link>
          )}
          <button type="button" className="admin-button admin-button-quiet" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1}>
        <RepositoryNotice />
        {draft && savesContent && <DraftBanner draft={draft} />}
        {leftDraft && !draft && (
          <div className="admin-notice admin-notice-info" role="status">
            <p>{leftDraft}</p>
            <button
              type="button"
              className="admin-button admin-button-quiet"
              onClick={() => setLeftDraft(null)}
            >
              Dismiss
            </button>
          </div>
        )}
        <h1 className="admin-title">{title}</h1>
        {intro && <div className="admin-intro">{intro}</div>}
        {refused ? (
          <div className="admin-notice admin-notice-info" role="note">
            <p>
              This page is for {WHO_MAY[NEEDS[needs]]} only, and your role is “{ROLE_LABELS[user.role]}”. If
              you need it, ask one of the site’s admins.
            </p>
            <Link className="admin-button" to="/admin">
              Back to the admin home
            </Link>
          </div>
        ) : (
          /* Another draft (or the live site) is another page: its forms and lists start afresh. */
          <UnsavedGuard key={draft ?? 'live'}>{children}</UnsavedGuard>
        )}
      </main>
      {/* The session ended while editing: sign in again here; the page and its input stay. */}
      <Modal
        open={auth.status === 'expired'}
        onClose={closeExpired}
        title="Please sign in again"
        closeLabel="Close"
      >
        <p>Your session has ended. Sign in again to continue; nothing you typed has been lost.</p>
        <LoginForm heading="Sign in" />
      </Modal>
    </div>
  );
}
