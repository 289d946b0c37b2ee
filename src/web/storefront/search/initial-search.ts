import type { SearchRequest, SearchResponse } from '#shared/contracts/search.ts';
import { STORE_SEARCH_ELEMENT_ID } from '#shared/store-query.ts';

interface EmbeddedSearch {
  request: SearchRequest;
  response: SearchResponse;
}

let embedded: EmbeddedSearch | null | undefined;

/**
 * The server serves a `/store` URL with the search result it starts with (for default
 * preferences) already in the page, so the grid paints without waiting for a request. Returns
 * that result to the first store screen only, and only if the page asks for exactly the request the server answered (a
 * shopper with other saved preferences asks for something else and fetches as usual).
 */
export function takeInitialSearch(request: SearchRequest): SearchResponse | undefined {
  if (embedded === undefined) {
    const element = document.getElementById(STORE_SEARCH_ELEMENT_ID);
    try {
      embedded = element?.textContent ? (JSON.parse(element.textContent) as EmbeddedSearch) : null;
    } catch {
      embedded = null;
    }
    element?.remove();
  }
  const found = embedded;
  embedded = null; // only the first screen may use it: later it would be stale
  return found && JSON.stringify(found.request) === JSON.stringify(request) ? found.response : undefined;
}
