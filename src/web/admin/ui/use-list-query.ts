import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '#web/lib/api-client.ts';

/**
 * A list screen's rows for what `useListState` asks (`list.query`: search, filters, sort, page):
 * one query per view, cached under `[...key, query]`, that keeps the rows on screen while the next
 * view loads (paging and typing do not flash the skeleton). `fetchPage` is the feature's API call.
 */
export function useListQuery<T>(
  key: QueryKey,
  query: QueryParams,
  fetchPage: (query: QueryParams, signal: AbortSignal) => Promise<T>,
) {
  return useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });
}
