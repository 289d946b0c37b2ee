import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser says it is online. The server (and hydration) take "online", so a drawn page
 * hydrates as drawn; the browser's own answer follows at once.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** What of a query the offline rule reads (a `useQuery` result). */
export interface QueryState {
  data: unknown;
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  failureCount: number;
}

/**
 * True when a page's data is not on this device and cannot come while offline: the browser is
 * offline and the query has nothing, and either failed (the service worker had no copy) or waits
 * for the network (TanStack Query pauses queries offline). A query still loading, which a copy
 * may yet answer, is not.
 */
export function useUnavailableOffline(query: QueryState): boolean {
  const online = useOnline();
  return (
    !online && query.data === undefined && (query.isError || query.fetchStatus === 'paused' || query.failureCount > 0)
  );
}
