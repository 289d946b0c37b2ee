import { queryOptions } from '@tanstack/react-query';
import type { SearchRequest, SearchResponse, Suggestion } from '#shared/contracts/search.ts';
import { apiGet, apiPost } from '#web/lib/api-client.ts';

export const searchKeys = {
  all: ['search'] as const,
  results: (request: SearchRequest) => ['search', 'results', request] as const,
  suggestions: (q: string, limit: number) => ['search', 'suggestions', q, limit] as const,
};

/** POST /search: one page of hits with facet counts. */
export function searchQuery(request: SearchRequest) {
  return queryOptions({
    queryKey: searchKeys.results(request),
    queryFn: ({ signal }) => apiPost<SearchResponse>('/search', request, { signal }),
  });
}

/** GET /search/suggestions: categories then products for what the shopper is typing. */
export function suggestionsQuery(q: string, limit = 6) {
  return queryOptions({
    queryKey: searchKeys.suggestions(q, limit),
    queryFn: ({ signal }) => apiGet<Suggestion[]>('/search/suggestions', { query: { q, limit }, signal }),
    staleTime: 60_000,
  });
}
