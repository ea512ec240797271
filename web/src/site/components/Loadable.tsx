// The three states of a read: the spec's fallback text while loading, a polite notice with a retry
// when it failed (DESIGN decision 9), otherwise the content.
import { useEffect, type ReactNode } from 'react';
import type { ApiState } from '../../lib/useApi.ts';
import { useWords } from '../words/useWords.ts';
import { fill } from '../words/fill.ts';

export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  const words = useWords();
  return (
    <div className="notice notice-error" role="alert">
      <p>{fill(words.loadFailed, { what })}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {words.tryAgain}
      </button>
    </div>
  );
}

export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="loading" role="status">
      {children}
    </p>
  );
}

interface LoadableProps<T> {
  state: ApiState<T>;
  /** What failed, in a sentence: "the news". */
  what: string;
  /** The console line the old site wrote, e.g. 'Error fetching Home Page data'. */
  logMessage: string;
  /** Shown while loading (the spec's fallback text). */
  fallback: ReactNode;
  children: (data: T) => ReactNode;
}

export function Loadable<T>({ state, what, logMessage, fallback, children }: LoadableProps<T>) {
  const { data, error, retry } = state;
  useEffect(() => {
    if (error && data === undefined) console.warn(logMessage, error.message);
  }, [error, data, logMessage]);
  if (data !== undefined) return <>{children(data)}</>;
  if (error) return <LoadFailed what={what} onRetry={retry} />;
  return typeof fallback === 'string' ? <Loading>{fallback}</Loading> : <>{fallback}</>;
}
