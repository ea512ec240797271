// useApi('news.php'): the endpoint's current answer, refetched whenever /api/stream says it changed.
// While the server renders a page (shared/renderContext.ts) the answer comes from the server's
// index instead, and goes into the page, so the browser starts from the same data without a fetch.
import { useCallback, useSyncExternalStore } from 'react';
import { useRenderCollector } from '../shared/renderContext.ts';
import { getSnapshot, load, subscribe, type Snapshot } from './resourceStore.ts';

export interface ApiState<T> extends Snapshot<T> {
  retry: () => void;
}

export function useApi<T>(endpoint: string): ApiState<T> {
  const ssr = useRenderCollector();
  const sub = useCallback((cb: () => void) => subscribe(endpoint, cb), [endpoint]);
  const snap = useCallback(() => getSnapshot<T>(endpoint), [endpoint]);
  const snapshot = useSyncExternalStore(sub, snap, snap);
  const retry = useCallback(() => load(endpoint), [endpoint]);
  if (ssr) return { data: ssr.read(endpoint) as T | undefined, error: undefined, loading: false, retry };
  return { ...snapshot, retry };
}
