import { queryOptions } from '@tanstack/react-query';
import type { Review, ReviewList, ReviewSummary, ReviewWrite } from '#shared/contracts/reviews.ts';
import type { ReviewSort } from '#shared/reviews.ts';
import { ApiError, type ApiRequestOptions, apiRequest, toListResult } from '#web/lib/api-client.ts';
import { currentShopperSession } from '#web/storefront/shopper-kit/shopper-session-store.ts';

/**
 * The shopper's review calls (docs/product.md#reviews; the endpoint list is in
 * #shared/contracts/reviews.ts). Types only from the contracts: this module rides in the lazy
 * reviews chunk, which keeps zod out.
 */

/** What the list shows: the sort, the star filter and "Verified purchases only". */
export interface ReviewFilters {
  sort: ReviewSort;
  rating: number | null;
  verified: boolean;
}

export const DEFAULT_FILTERS: ReviewFilters = { sort: 'newest', rating: null, verified: false };

/**
 * Keys per product; the list and the shopper's own review also per viewer, since a signed-in
 * caller's list carries their votes (`user_helpful_vote`).
 */
export const reviewKeys = {
  product: (productId: string) => ['reviews', productId] as const,
  summary: (productId: string) => ['reviews', productId, 'summary'] as const,
  lists: (productId: string) => ['reviews', productId, 'list'] as const,
  list: (productId: string, viewer: string | null, filters: ReviewFilters, page: number) =>
    ['reviews', productId, 'list', viewer, filters, page] as const,
  mine: (productId: string, viewer: string | null) => ['reviews', productId, 'mine', viewer] as const,
};

/**
 * A call with the shopper's bearer (refreshed when it expires soon). The session code is imported
 * on the first such call: it brings the account contracts and zod, which a visitor never needs.
 */
async function shopperRequest<T>(path: string, options: Omit<ApiRequestOptions, 'token'> = {}): Promise<T> {
  const session = await import('#web/storefront/shopper-kit/shopper-api.ts');
  return session.shopperRequest<T>(path, options);
}

/** With the shopper's bearer when signed in (their own votes come back), else as a visitor. */
function readAsViewer<T>(path: string, options: Omit<ApiRequestOptions, 'token'>): Promise<T> {
  return currentShopperSession() ? shopperRequest<T>(path, options) : apiRequest<T>(path, options);
}

export const summaryQuery = (productId: string) =>
  queryOptions({
    queryKey: reviewKeys.summary(productId),
    queryFn: ({ signal }) => apiRequest<ReviewSummary>(`/reviews/products/${productId}/reviews/summary`, { signal }),
  });

export const listQuery = (productId: string, viewer: string | null, filters: ReviewFilters, page: number) =>
  queryOptions({
    queryKey: reviewKeys.list(productId, viewer, filters, page),
    queryFn: async ({ signal }) =>
      toListResult<Review>(
        await readAsViewer<Partial<ReviewList>>(`/reviews/products/${productId}/reviews`, {
          signal,
          query: {
            page,
            sort_by: filters.sort,
            rating_filter: filters.rating,
            verified_only: filters.verified ? 'true' : undefined,
          },
        }),
      ),
  });

/** The shopper's own review in any status, or null (the server answers 404 when there is none). */
export const mineQuery = (productId: string, viewer: string | null) =>
  queryOptions({
    queryKey: reviewKeys.mine(productId, viewer),
    enabled: viewer !== null,
    queryFn: async ({ signal }) => {
      try {
        return await shopperRequest<Review>(`/reviews/products/${productId}/reviews/mine`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const createReview = (productId: string, body: ReviewWrite) =>
  shopperRequest<Review>(`/reviews/products/${productId}/reviews`, { method: 'POST', body });

export const updateReview = (id: string, body: ReviewWrite) =>
  shopperRequest<Review>(`/reviews/reviews/${id}`, { method: 'PUT', body });

export const deleteReview = (id: string) => shopperRequest<unknown>(`/reviews/reviews/${id}`, { method: 'DELETE' });

export const voteHelpful = (id: string, isHelpful: boolean) =>
  shopperRequest<Review>(`/reviews/reviews/${id}/helpful`, { method: 'POST', body: { is_helpful: isHelpful } });
