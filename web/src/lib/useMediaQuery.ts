// Live media-query state. The narrow layout switches at 950 px on load and on resize alike
// (DESIGN decision 1); matchMedia fires only when the query flips, so no resize debounce is needed.
import { useCallback, useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 950px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (cb: () => void) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', cb);
      return () => mql.removeEventListener('change', cb);
    },
    [query],
  );
  const get = useCallback(() => window.matchMedia(query).matches, [query]);
  return useSyncExternalStore(subscribe, get, () => false);
}

export const useNarrowLayout = () => useMediaQuery(NARROW_QUERY);

/**
 * The narrow layout, or null while the page is the server's HTML (on the server, and while the
 * browser hydrates it): that HTML serves both widths, laid out by the stylesheet alone.
 */
export function useNarrowLayoutOnceHydrated(): boolean | null {
  const subscribe = useCallback((cb: () => void) => {
    const mql = window.matchMedia(NARROW_QUERY);
    mql.addEventListener('change', cb);
    return () => mql.removeEventListener('change', cb);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => null,
  );
}
export const usePrefersReducedMotion = () => useMediaQuery(REDUCED_MOTION_QUERY);
