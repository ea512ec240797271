// Loading, failed (with the reason and a retry) or loaded.
import type { ReactNode } from 'react';
import type { ApiState } from '../../lib/useApi.ts';

export function LoadState<T>({
  state,
  what,
  children,
}: {
  state: ApiState<T>;
  what: string;
  children: ReactNode;
}) {
  if (state.data !== undefined) return <>{children}</>;
  if (state.error) {
    return (
      <div className="admin-notice admin-notice-error" role="alert">
        <p>
          Could not load {what}: {state.error.message}
        </p>
        <button type="button" className="admin-button" onClick={state.retry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className="admin-loading" role="status">
      Loading {what}…
    </p>
  );
}
