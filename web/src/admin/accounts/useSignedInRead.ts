// An admin page's data that only a signed-in person may read: fetched once signed in, and again after
// each change the page makes (`reload`).
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../api.ts';
import { useAuth } from '../auth.ts';

export function useSignedInRead<T>(load: (signal: AbortSignal) => Promise<T>) {
  const signedIn = useAuth().status === 'signedIn';
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (d) => {
        setData(d);
        setError(null);
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(e));
      },
    );
    return () => controller.abort();
    // `load` is one of the module's API functions: the read follows sign-in and reloads only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, generation]);
  return { data, error, reload };
}
