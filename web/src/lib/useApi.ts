// useApi('news.php'): the endpoint's current answer, refetched whenever /api/stream says it changed.
import { useCallback, useSyncExternalStore } from 'react';
import { getSnapshot, load, subscribe, type Snapshot } from './resourceStore.ts';

export interface ApiState<T> extends Snapshot<T> {
  retry: () => void;
}

export function useApi<T>(endpoint: string): ApiState<T> {
  const sub = useCallback((cb: () => void) => subscribe(endpoint, cb), [endpoint]);
  const snap = useCallback(() => getSnapshot<T>(endpoint), [endpoint]);
  const snapshot = useSyncExternalStore(sub, snap, snap);
  const retry = useCallback(() => load(endpoint), [endpoint]);
  return { ...snapshot, retry };
}
