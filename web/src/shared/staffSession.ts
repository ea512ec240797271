// Whether the person reading a public page is signed-in staff, known only in the browser and only
// after the page is hydrated: the server's HTML is the same for everyone (cached, shared), and a
// visitor's browser asks nothing — only a browser where the admin was signed in (its hint in
// localStorage, set by admin/auth.ts) asks the server once per page load.
import { useSyncExternalStore } from 'react';

/** Set by the admin while this browser is signed in (a hint only: the server decides). */
export const SIGNED_IN_HINT = 'cms-admin-signed-in';

let staff = false;
const listeners = new Set<() => void>();

function hinted(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

/** Asks the server, when the hint says it is worth asking, whether this browser is signed in. */
export async function checkStaffSession(): Promise<void> {
  if (!hinted()) return;
  try {
    const res = await fetch('/api/auth_check.php', {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    const answer = (await res.json()) as { status?: string };
    const now = answer.status === 'authenticated';
    if (now === staff) return;
    staff = now;
    for (const l of [...listeners]) l();
  } catch {
    /* no answer: the page stays as visitors see it */
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/** True once the server said this browser is signed in; false while the page is drawn or hydrated. */
export const useStaff = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => staff,
    () => false,
  );
