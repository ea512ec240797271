// What an invite or reset link's page knows of its link: looking it up, gone (used, withdrawn,
// expired: 404), failed (the server could not be reached; try again), or open with what it says.
import { useEffect, useState } from 'react';
import { ApiError, messageOf } from '../api.ts';

export type LinkState<T> =
  { at: 'loading' } | { at: 'gone' } | { at: 'failed'; error: string } | ({ at: 'open' } & T);

/** Looks the link up (again after `retry`); `Extra`: states the page adds (a reset's 'done'). */
export function useLinkLookup<T extends object, Extra = never>(
  token: string,
  load: (token: string, signal: AbortSignal) => Promise<T>,
) {
  const [state, setState] = useState<LinkState<T> | Extra>({ at: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(token, controller.signal).then(
      (found) => setState({ at: 'open', ...found }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        if (e instanceof ApiError && (e.status === 404 || e.status === 410)) setState({ at: 'gone' });
        else setState({ at: 'failed', error: messageOf(e) });
      },
    );
    return () => controller.abort();
    // `load` is one of the module's API functions: the lookup follows the token and retries only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, attempt]);
  return { state, setState, retry: () => setAttempt((n) => n + 1) };
}
