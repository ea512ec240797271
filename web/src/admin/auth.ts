// Who is signed in, shared by every admin screen of the tab. The server decides (auth_check.php);
// a write answered 401 marks the session as ended so the sign-in form shows again over the page,
// keeping whatever the editor typed.
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError, getJson, send, setUnauthorizedHandler } from './api.ts';
import { forgetAnswers } from '../lib/resourceStore.ts';
// Remembered in the browser, so the next visit can fetch its list before the sign-in check answers
// (and the public pages know to ask whether to show staff their Edit links).
import { SIGNED_IN_HINT } from '../shared/staffSession.ts';
import type { SignedInUser } from '../../../server/schema/accountViews.ts';

/** The signed-in user as the server answers it (server/schema/accountViews.ts). */
export type AdminUser = SignedInUser;

export type AuthState =
  | { status: 'checking' }
  | { status: 'signedOut'; error?: string }
  /** Was signed in, then a request said 401: show the sign-in form without leaving the page. */
  | { status: 'expired' }
  | { status: 'signedIn'; user: AdminUser };

type AuthAnswer = { status: string; user?: AdminUser; error?: string };

let state: AuthState = { status: 'checking' };
let checked = false;
const listeners = new Set<() => void>();

/** The last user signed in while the session is ended but the page kept (`expired`): what they may do stays shown. */
let lastUser: AdminUser | null = null;

function set(next: AuthState) {
  const someoneElse =
    next.status === 'signedOut' || (next.status === 'signedIn' && next.user.username !== lastUser?.username);
  if (someoneElse && lastUser) forgetAnswers({ reload: next.status === 'signedIn' });
  state = next;
  if (next.status === 'signedIn') lastUser = next.user;
  else if (next.status === 'signedOut') lastUser = null;
  try {
    if (next.status === 'signedIn') localStorage.setItem(SIGNED_IN_HINT, '1');
    else if (next.status === 'signedOut') localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    /* storage turned off: no head start */
  }
  for (const l of [...listeners]) l();
}

/** Whether this browser was signed in when last seen (a hint only: the server decides). */
export function probablySignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

/**
 * The page arrived drawn for this user (./ssr/): signed in from the first render, without the
 * "checking" screen; the check (checkAuth) still runs and ends the session if the server says so.
 */
export function signedInByPage(user: AdminUser): void {
  if (state.status === 'checking') set({ status: 'signedIn', user });
}

/** While the server draws a page: the user it is drawn for (there is no state to read there). */
export const ServerRenderedUser = createContext<AdminUser | null>(null);

/** Asks the server whether this browser is signed in. */
export async function checkAuth(): Promise<void> {
  checked = true;
  try {
    const answer = await getJson<AuthAnswer>('auth_check.php');
    if (answer.status === 'authenticated' && answer.user) set({ status: 'signedIn', user: answer.user });
    else
      set(
        state.status === 'signedIn' || state.status === 'expired'
          ? { status: 'expired' }
          : { status: 'signedOut' },
      );
  } catch {
    set({ status: 'signedOut', error: 'Error during authentication' });
  }
}

const againListeners = new Set<() => void>();

/** Calls `fn` when the editor signs in again after the session ended ("sign in" errors are stale then). */
export function useSignedInAgain(fn: () => void): void {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => {
    const l = () => latest.current();
    againListeners.add(l);
    return () => {
      againListeners.delete(l);
    };
  }, []);
}

/**
 * How a sign-in step ended: signed in, the account's code is asked for next (two-step sign-in), or
 * refused with a message to show.
 */
export type SignInResult =
  { status: 'signedIn' } | { status: 'twoFactor' } | { status: 'refused'; error: string };

/** Signed in by another call than the sign-in form's (an invite accepted makes the account and signs it in). */
export function signedInAs(user: AdminUser): void {
  signedIn(user);
}

function signedIn(user: AdminUser): SignInResult {
  const again = state.status === 'expired';
  set({ status: 'signedIn', user });
  if (again) for (const l of [...againListeners]) l();
  return { status: 'signedIn' };
}

/** Signs in with user name and password: signed in, or the second step asked for, or refused. */
export async function signIn(username: string, password: string): Promise<SignInResult> {
  try {
    const answer = await send<AuthAnswer>('POST', 'login.php', { username, password });
    if (answer.status === 'authenticated' && answer.user) return signedIn(answer.user);
    if (answer.status === 'two-factor') return { status: 'twoFactor' };
    return { status: 'refused', error: 'Invalid Credentials' };
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return { status: 'refused', error: 'Invalid Credentials' };
    if (e instanceof ApiError && e.status === 429) return { status: 'refused', error: e.message };
    return { status: 'refused', error: 'Error during authentication' };
  }
}

/**
 * The second step: a 6-digit code from the app, or one of the account's recovery codes. A wrong code
 * is refused with the server's words; when the password step has lapsed (it waits 5 minutes), the
 * sign-in starts over.
 */
export async function signInWithCode(
  code: { code: string } | { recoveryCode: string },
): Promise<SignInResult | { status: 'startOver'; error: string }> {
  try {
    const answer = await send<AuthAnswer>('POST', 'login/two-factor', code);
    if (answer.status === 'authenticated' && answer.user) return signedIn(answer.user);
    return { status: 'refused', error: 'Error during authentication' };
  } catch (e) {
    if (e instanceof ApiError && e.status === 401)
      return e.answer?.status === 'two-factor'
        ? { status: 'refused', error: e.message }
        : { status: 'startOver', error: e.message };
    // Too many wrong tries (the server says how long to wait), or the server not reached.
    if (e instanceof ApiError && (e.status === 429 || e.status === 0))
      return { status: 'refused', error: e.message };
    return { status: 'refused', error: 'Error during authentication' };
  }
}

/** The account changed (name, two-step sign-in): what the frame and every screen show follows. */
export function userChanged(user: AdminUser): void {
  if (state.status === 'signedIn') set({ status: 'signedIn', user });
}

export async function signOut(): Promise<void> {
  try {
    await send('POST', 'logout.php');
  } finally {
    set({ status: 'signedOut' });
  }
}

/** Gives up on an ended session without signing in again (the page is left). */
export function forgetSession(): void {
  set({ status: 'signedOut' });
}

/** Called when any admin request answers 401. */
export function sessionEnded(): void {
  if (state.status === 'signedIn') set({ status: 'expired' });
}

// Asked again when an answer says two-step sign-in must be set up first: the admin then takes them there.
setUnauthorizedHandler(sessionEnded, () => void checkAuth());

const subscribe = (l: () => void) => {
  listeners.add(l);
  if (!checked) void checkAuth();
  return () => {
    listeners.delete(l);
  };
};
const snapshot = () => state;

export function useAuth(): AuthState {
  const drawnFor = useContext(ServerRenderedUser);
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return drawnFor ? { status: 'signedIn', user: drawnFor } : current;
}

/**
 * The person the page is for: the one signed in, or while their session has ended and the sign-in
 * dialog is over the page, the one who was (their forms and buttons stay as they were).
 */
export function useUser(): AdminUser | null {
  const auth = useAuth();
  if (auth.status === 'signedIn') return auth.user;
  return auth.status === 'expired' ? lastUser : null;
}
